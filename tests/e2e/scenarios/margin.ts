// Client margin (issue 13): a client of a basis sale holds margin for it; a trader enters the day's
// settlement price of its month on the price screen in one browser, the fall below the price the client fixed
// at raises a margin call, and in another browser the risk user's call list and bell show it at once (no
// reload), the notice (保证金相关, type 1000009) with the call's figures.
import type { Page } from 'playwright-core';
import { org, role, user } from '../../../src/areas/access/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { scenario } from '../runner.ts';
import type { ServerApi } from '../support/api.ts';
import { check, until, visible } from '../support/expect.ts';
import { clientAboutToBeCalled } from '../support/margin.ts';
import { badgeText, L, login, named, settled } from '../support/shell.ts';
import type { DemoUser } from '../support/users.ts';

const run = () => Date.now().toString(36).slice(-5);

/** A user the administrator makes with one of the demo roles, who has set their own password. */
async function staffWithRole(
  api: ServerApi,
  adminToken: string,
  roleCode: string,
  loginName: string,
  relName: string,
): Promise<DemoUser> {
  // The role list filters by name and status only: the code is matched here.
  const demoRole = (await api.list(adminToken, role)).find((r) => r.code === roleCode);
  check(demoRole, `the demo has no ${roleCode} role`);
  const [department] = await api.list(adminToken, org, { name: '总公司' });
  const made = await api.save<{ id: string; temporaryPassword: string }>(adminToken, user, {
    loginName,
    relName,
    phone: '13700000013',
    departmentId: department!.id,
    roleIds: [demoRole.id],
  });
  return {
    loginName,
    password: await api.ownPassword(loginName, made.temporaryPassword),
    relName,
    phone: '13700000013',
    departName: '',
  };
}

/** The bell's unread number as a count (no badge: none unread). */
async function unread(page: Page): Promise<number> {
  const text = await badgeText(page);
  return text === '' ? 0 : Number.parseInt(text, 10);
}

scenario(
  'margin: a settlement price entered in one browser raises a call shown live in the risk user’s list and bell',
  async (t) => {
    const { api, page, users } = t;
    const admin = await api.login(users.admin.loginName, users.admin.password);
    const suffix = run();

    // Risk staff (every user of the risk role hears of a call) and a trader who enters prices: both made by
    // the administrator with the demo roles, so no other scenario's state (password, unread) reaches them.
    const risk = await staffWithRole(api, admin.token, 'risk', `risk${suffix}`, `风控${suffix}`);
    const trader = await staffWithRole(api, admin.token, 'trader', `quote${suffix}`, `行情员${suffix}`);
    const riskSession = await api.login(risk.loginName, risk.password);

    const { clientName, month, tradeDate, s0 } = await clientAboutToBeCalled(
      api,
      { admin: admin.token, approver: riskSession.token },
      suffix,
    );

    // The risk user watches the calls.
    await login(page, risk);
    await page.goto(`/#${routeByKey('marginCall')!.path}`);
    const calls = page.getByRole('main');
    await visible(calls.getByRole('table'), 'the margin call list');
    const callRow = calls.locator('tr').filter({ hasText: clientName });
    // Marks this document: it must still be the same one when the call shows (no reload, no navigation).
    await page.evaluate(() => {
      (window as unknown as { marginWatch?: boolean }).marginWatch = true;
    });
    const unreadBefore = await api.unreadCount(riskSession.token);
    await until(`the bell to read ${unreadBefore} unread`, async () => (await unread(page)) === unreadBefore);

    // The trader enters the day's settlement 400 below: 800 × 50 + (s0 − s1) × 50 fixed t = 60000, the line
    // 48000 is above the 40000 held, so a call for 20000.
    const s1 = (s0 - 400).toFixed(2);
    const desk = await (await t.newContext()).newPage();
    await login(desk, trader);
    await desk.goto(`/#${routeByKey('FuturesPrice')!.path}`);
    await desk
      .getByRole('main')
      .getByRole('button', { name: named(L('resource.create')) })
      .click();
    const form = desk.getByRole('dialog').filter({ has: desk.getByRole('form') });
    await visible(form, 'the price form');
    await settled(form);
    const day = form.locator('#tradeDate');
    await day.click();
    await day.fill(tradeDate);
    await day.press('Enter');
    await form.locator('#futuresMonth').fill(month);
    await form.locator('#lastPrice').fill(s1);
    await form.locator('#settlementPrice').fill(s1);
    const entered = Date.now();
    await form.getByRole('button', { name: named(L('resource.save')) }).click();
    await until('the price saved', async () =>
      (await api.list(admin.token, futuresPrice, { futuresMonth: month })).some(
        (q) => q.tradeDate === tradeDate && Number(q.settlementPrice) === Number(s1),
      ),
    );

    // Without a reload: the call in the risk user's list, the bell's count up, the notice with its figures.
    await visible(callRow, 'the new call in the risk user’s list', 15_000);
    t.note(`the call showed ${Date.now() - entered} ms after the price was saved`);
    await visible(callRow.getByText(L('margin:callState.open'), { exact: true }), 'the call open');
    for (const figure of [/60,?000\.00/, /40,?000\.00/, /48,?000\.00/, /20,?000\.00/])
      await visible(callRow.getByText(figure), `the call's ${figure}`);
    check(
      await page.evaluate(() => (window as unknown as { marginWatch?: boolean }).marginWatch === true),
      'the risk page was reloaded to show the call',
    );
    await until(`the bell above ${unreadBefore}`, async () => (await unread(page)) > unreadBefore, {
      timeout: 15_000,
    });
    const popup = page.getByRole('dialog', { name: L('messages.types.1000009') });
    await visible(popup, 'the margin notice popup', 15_000);
    // Other clients' calls of the month may pile on: page through to this client's.
    await until(
      'the notice of the client’s call',
      async () => {
        if ((await popup.innerText()).includes(clientName)) return true;
        const next = popup.getByRole('button', { name: L('messages.next') });
        if (await next.isEnabled().catch(() => false)) await next.click();
        return false;
      },
      { timeout: 15_000, interval: 300 },
    );
    const notice = await popup.innerText();
    for (const figure of [
      clientName,
      '余额 40000.00 元',
      '追保线 48000.00 元',
      '需求 60000.00 元',
      `${month} 结算价 ${s1}`,
      '追加 20000.00 元',
    ])
      check(notice.includes(figure), `the notice lacks “${figure}”: ${notice}`);
  },
  { timeoutMs: 180_000, everyTenant: true },
);
