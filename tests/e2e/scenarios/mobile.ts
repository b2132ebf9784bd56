// A mobile user agent (spec 2.1, 4.3): reduced header, side menu of zero width, logout dialog instead of a
// dropdown, no notification popup.
import { scenario } from '../runner.ts';
import { checkEqual, notVisible, until, visible } from '../support/expect.ts';
import { badgeText, header, L, login, logoutDialog } from '../support/shell.ts';

const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

scenario(
  'mobile: mobile header, 0-width side menu, logout dialog and no popup',
  async (t) => {
    const { page, api, users } = t;
    await login(page, users.mobile);
    const bar = header(page);
    await visible(bar, 'the mobile header');
    // Reduced header: the desktop-only tools are not offered.
    for (const label of [L('header.fullscreen'), L('header.largeScreen')])
      checkEqual(await bar.getByRole('button', { name: label }).count(), 0, `header buttons named ${label}`);
    const aside = page.getByRole('complementary').first();
    const width = (await aside.count()) === 0 ? 0 : ((await aside.boundingBox())?.width ?? 0);
    checkEqual(Math.round(width), 0, 'side menu width on mobile');

    const before = await until('the unread badge', async () => {
      const text = await badgeText(page);
      return /^\d+$/.test(text) ? Number(text) : false;
    });
    const admin = await api.login(users.admin.loginName, users.admin.password);
    await page.waitForTimeout(500);
    await api.sendMessage(admin.token, {
      loginName: users.mobile.loginName,
      messageType: '1000004',
      message: 'mobile',
    });
    // The message arrives (the badge counts it) but no popup opens.
    await until(
      `the badge to read ${before + 1}`,
      async () => (await badgeText(page)) === String(before + 1),
    );
    await notVisible(page.getByRole('dialog'), 'any popup', 1_000);

    // Logout: a dialog straight from the header, no dropdown.
    checkEqual(
      await bar.getByRole('button', { name: L('header.userMenu') }).count(),
      0,
      'user dropdown buttons',
    );
    await bar.getByRole('button', { name: L('header.logout') }).click();
    await visible(logoutDialog(page), 'the logout dialog');
    checkEqual(
      await page.getByRole('menuitem', { name: L('header.logout') }).count(),
      0,
      'a logout dropdown item',
    );
  },
  {
    contextOptions: {
      userAgent: IPHONE_UA,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    },
  },
);
