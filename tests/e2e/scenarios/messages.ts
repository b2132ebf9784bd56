// Live notifications and the message centre (spec 2.15, 4.3, 9): popup + badge within 2 s, the title
// flash, the centre's summaries and its 10-per-load paging, the 99 cap.
import type { Page } from 'playwright-core';
import { scenario } from '../runner.ts';
import { check, checkEqual, notVisible, until, visible } from '../support/expect.ts';
import { badgeText, bellButton, L, login, reload, settled } from '../support/shell.ts';

const unique = () => `E2E-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 7)}`;

/** The unread number on the bell as displayed ('' when no badge). */
const badge = (page: Page) => badgeText(page);

/** The document titles seen over `ms`. */
async function titlesOver(page: Page, ms: number): Promise<string[]> {
  return page.evaluate(
    (duration) =>
      new Promise<string[]>((resolve) => {
        const seen: string[] = [document.title];
        const timer = setInterval(() => seen.push(document.title), 100);
        setTimeout(() => {
          clearInterval(timer);
          resolve(seen);
        }, duration);
      }),
    ms,
  );
}

scenario(
  'messages: a message created on the server shows as popup and badge within 2 s; the title flashes',
  async (t) => {
    const { page, api, users } = t;
    const { user } = await login(page, users.messages);
    const before = await until('the unread badge', async () => {
      const text = await badge(page);
      return /^\d+$/.test(text) ? Number(text) : false;
    });
    checkEqual(before, user.messCount, 'the badge after login (unread count of the login answer)');
    const admin = await api.login(users.admin.loginName, users.admin.password);
    // Let the socket connect (it is opened after login); then the 2 s clock starts with the server call.
    await until('the real-time channel', async () => page.evaluate(() => document.readyState === 'complete'));
    await page.waitForTimeout(500);

    const first = unique();
    const sentAt = Date.now();
    await api.sendMessage(admin.token, {
      loginName: users.messages.loginName,
      messageType: '1000004',
      message: `**合同提醒** ${first}`,
    });
    const popup = page.getByRole('dialog', { name: L('messages.types.1000004') });
    await visible(
      popup.filter({ hasText: first }),
      'the notification popup',
      Math.max(0, 2_000 - (Date.now() - sentAt)),
    );
    await until(`the badge to read ${before + 1}`, async () => (await badge(page)) === String(before + 1), {
      timeout: Math.max(0, 2_000 - (Date.now() - sentAt)),
    });
    check(Date.now() - sentAt <= 2_000, `popup and badge took ${Date.now() - sentAt} ms`);
    await visible(popup.locator('strong', { hasText: '合同提醒' }), 'the markdown rendered (bold)');

    // The tab title flashes a new-message prefix every 500 ms while the popup is open.
    const prefix = L('messages.titlePrefix');
    const flashing = await titlesOver(page, 1_600);
    check(
      flashing.some((x) => x.startsWith(prefix)) && flashing.some((x) => !x.startsWith(prefix)),
      `the title did not flash: ${[...new Set(flashing)].join(' | ')}`,
    );

    // A second one piles on top, newest first, with previous / next and a counter.
    const second = unique();
    await api.sendMessage(admin.token, {
      loginName: users.messages.loginName,
      messageType: '1000005',
      message: `付款提醒 ${second}`,
    });
    const anyPopup = page.getByRole('dialog').filter({ has: page.getByLabel(L('messages.counter')) });
    await visible(anyPopup.filter({ hasText: second }), 'the newest notification first');
    await visible(anyPopup.getByText('1 / 2', { exact: true }), 'the counter 1 / 2');
    await settled(anyPopup);
    await anyPopup.getByRole('button', { name: L('messages.next') }).click();
    await visible(anyPopup.filter({ hasText: first }), 'the older notification after next');
    await visible(anyPopup.getByText('2 / 2', { exact: true }), 'the counter 2 / 2');
    await anyPopup.getByRole('button', { name: L('messages.previous') }).click();
    await visible(anyPopup.filter({ hasText: second }), 'the newest notification after previous');

    await anyPopup
      .getByRole('button', { name: /close|关闭/i })
      .first()
      .click();
    await notVisible(anyPopup, 'the popup');
    const after = await titlesOver(page, 1_200);
    check(
      after.every((x) => !x.startsWith(prefix)),
      `the title still flashes after closing: ${after.join(' | ')}`,
    );
    check(new Set(after).size === 1, 'the title keeps changing after the popup closed');
  },
);

scenario(
  'messages: the message centre lists by type and pages 10 at a time; the badge caps at 99',
  async (t) => {
    const { page, api, users } = t;
    await login(page, users.messages);
    const admin = await api.login(users.admin.loginName, users.admin.password);
    const tag = unique();
    for (let i = 1; i <= 12; i++)
      await api.sendMessage(admin.token, {
        loginName: users.messages.loginName,
        messageType: '1000006',
        message: `发票 ${tag} #${String(i).padStart(2, '0')}`,
      });
    // Close the piled-up popup first.
    const popup = page.getByRole('dialog').filter({ has: page.getByLabel(L('messages.counter')) });
    await visible(popup, 'the notification popup');
    await popup
      .getByRole('button', { name: /close|关闭/i })
      .first()
      .click();

    await bellButton(page).click();
    const centre = page.getByRole('dialog', { name: L('messages.centre') });
    await visible(centre, 'the message centre');
    const typeName = L('messages.types.1000006');
    const row = centre.getByRole('button', { name: new RegExp(typeName) });
    await visible(row, `the ${typeName} summary`);
    await visible(row.getByText('12', { exact: true }), 'its unread count 12');

    await row.click();
    const list = page.getByRole('dialog', { name: typeName });
    const cards = list.getByRole('article').filter({ hasText: tag });
    await until('the first 10 messages', async () => (await cards.count()) === 10);
    await visible(cards.first().filter({ hasText: '#12' }), 'the newest message first');
    await list.getByTestId('message-scroll').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await until('12 messages after scrolling to the end', async () => (await cards.count()) === 12);
    await visible(list.getByText(L('messages.noMore')), 'the end of the list');

    // Opening a type reads its messages: its unread count is gone from the summaries.
    await list.getByRole('button', { name: L('messages.back') }).click();
    await visible(centre, 'the summaries again');
    await until(
      'the summary without unread messages',
      async () => (await row.getByText('12', { exact: true }).count()) === 0,
    );

    // The badge never shows more than 99.
    for (let i = 0; i < 100; i++)
      await api.sendMessage(admin.token, {
        loginName: users.messages.loginName,
        messageType: '1000003',
        message: `业务提醒 ${i}`,
      });
    await reload(page);
    await until('the badge to read 99+', async () => /^99\+?$/.test(await badge(page)), { timeout: 15_000 });
  },
);
