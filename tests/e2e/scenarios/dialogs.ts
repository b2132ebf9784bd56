// Change password (spec 5) and the large-screen dialog's fiscal-year rule (spec 2.16, 5, 9).
import type { Locator, Page } from 'playwright-core';
import { PATHS } from '../../../src/shared/api/contract.ts';
import { scenario } from '../runner.ts';
import { check, checkEqual, hashMatches, notVisible, until, visible } from '../support/expect.ts';
import {
  escapeRegExp,
  fillLogin,
  header,
  L,
  login,
  loginButton,
  logout,
  named,
  pickOption,
  reload,
  responseOf,
  selectOptions,
  settled,
} from '../support/shell.ts';

/** A form field's validation message as shown under the field (not a placeholder or a hint). */
const fieldError = (scope: Locator, text: string) =>
  scope.locator('.ant-form-item-explain-error').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });

scenario('password: every validation message, then the new password logs in', async (t) => {
  const { page, users } = t;
  const user = users.password;
  await login(page, user);
  await header(page)
    .getByRole('button', { name: L('header.userMenu') })
    .click();
  await page.getByRole('menuitem', { name: L('header.passwordEdit') }).click();
  await hashMatches(page, /^#\/index\/passwordEdit$/);
  // The password-edit page of the top navigation holds the change-password form.
  const dialog = page.getByRole('main').filter({ has: page.getByLabel(L('dialogs.password.oldPwd')) });
  await visible(dialog, 'the change-password form');
  const oldPwd = dialog.getByLabel(L('dialogs.password.oldPwd'));
  const newPwd = dialog.getByLabel(L('dialogs.password.newPwd'), { exact: true });
  const newPwdRe = dialog.getByLabel(L('dialogs.password.newPwdRe'));
  const submit = dialog.getByRole('button', { name: named(L('dialogs.password.submit')) });

  // On blur: each required field says so as it is left empty.
  await oldPwd.focus();
  await newPwd.focus();
  await visible(fieldError(dialog, '旧密码不能为空'), '旧密码不能为空 on blur');
  await newPwdRe.focus();
  await visible(fieldError(dialog, '请输入密码'), '请输入密码 on blur');
  await oldPwd.focus();
  await visible(fieldError(dialog, '请再次输入密码'), '请再次输入密码 on blur');

  // On submit: all three at once.
  await submit.click();
  for (const text of ['旧密码不能为空', '请输入密码', '请再次输入密码'])
    await visible(fieldError(dialog, text), `${text} on submit`);

  const next = 'Cotton2027x';
  await oldPwd.fill(user.password);
  await newPwd.fill(next);
  await newPwdRe.fill(`${next}y`);
  await oldPwd.focus();
  await visible(fieldError(dialog, '两次输入密码不一致!'), '两次输入密码不一致!');
  await submit.click();
  await visible(fieldError(dialog, '两次输入密码不一致!'), '两次输入密码不一致! on submit');

  await newPwdRe.fill(next);
  await oldPwd.focus();
  await notVisible(fieldError(dialog, '两次输入密码不一致!'), 'the mismatch message once they agree');
  const changed = responseOf(page, PATHS.changePassword);
  await submit.click();
  checkEqual(((await (await changed).json()) as { code: number }).code, 200, 'change_pwd answer code');
  await visible(page.getByText('修改成功', { exact: true }), 'the message 修改成功');
  await hashMatches(page, /^#\/index$/);

  // The old password no longer opens the shell; the new one does.
  await logout(page);
  await fillLogin(page, user.loginName, user.password);
  const refused = responseOf(page, PATHS.login);
  await loginButton(page).click();
  const answer = (await (await refused).json()) as { code: number };
  check(answer.code !== 200, 'the old password still logs in');
  await hashMatches(page, /^#\/login/);
  await login(page, { ...user, password: next }, { goto: false });
});

/** Fiscal year (spec 9): from October onward the next calendar year, otherwise the current one. */
const fiscalYear = (d: Date) => (d.getMonth() >= 9 ? d.getFullYear() + 1 : d.getFullYear());

async function fiscalYearChoices(
  page: Page,
): Promise<{ dialog: ReturnType<Page['getByRole']>; years: number[] }> {
  await header(page)
    .getByRole('button', { name: L('header.largeScreen') })
    .click();
  const dialog = page.getByRole('dialog', { name: L('dialogs.largeScreen.title') });
  await visible(dialog, 'the large-screen dialog');
  await settled(dialog);
  await dialog.getByLabel(L('dialogs.largeScreen.fiscalYear')).click();
  const options = selectOptions(page);
  await visible(options, 'the fiscal-year options');
  const labels = await until('four fiscal-year options', async () => {
    const all = (await options.allInnerTexts()).map((x) => x.trim());
    return all.length === 4 ? all : false;
  });
  const years = labels.map((l) => Number(/\d{4}/.exec(l)?.[0]));
  return { dialog, years };
}

scenario('large screen: the fiscal-year rule and the page it opens', async (t) => {
  const { page, context, users } = t;
  // September: the fiscal year is the calendar year; October: the next one. Future dates keep cookies alive.
  const september = new Date(2027, 8, 20, 10, 0, 0);
  const october = new Date(2027, 9, 8, 10, 0, 0);
  await page.clock.setFixedTime(september);
  await login(page, users.staff);

  let { dialog, years } = await fiscalYearChoices(page);
  let fy = fiscalYear(september);
  checkEqual(
    years.join(','),
    [fy + 1, fy, fy - 1, fy - 2].join(','),
    'fiscal years offered in September 2027',
  );
  await page.keyboard.press('Escape');
  await dialog.getByRole('button', { name: named(L('dialogs.cancel')) }).click();
  await notVisible(dialog, 'the large-screen dialog');

  // A new day of work: the page is loaded again in October.
  await page.clock.setFixedTime(october);
  await reload(page);
  ({ dialog, years } = await fiscalYearChoices(page));
  fy = fiscalYear(october);
  checkEqual(fy, 2028, 'fiscal year of October 2027');
  checkEqual(years.join(','), [fy + 1, fy, fy - 1, fy - 2].join(','), 'fiscal years offered in October 2027');
  await page.keyboard.press('Escape');

  // The current fiscal year is chosen to begin with (next year's has no business yet); cleared, the choice is
  // required: 请选择财年.
  const chosen = L('dialogs.largeScreen.option', { year: fy });
  await until('the current fiscal year, chosen', async () =>
    (await dialog.locator('.ant-select').innerText()).includes(chosen),
  );
  await dialog.locator('.ant-select').hover();
  await dialog.locator('.ant-select-clear').click({ force: true });
  await dialog.getByRole('button', { name: named(L('dialogs.largeScreen.ok')) }).click();
  await visible(fieldError(dialog, '请选择财年'), 'the message 请选择财年');

  await pickOption(
    page,
    dialog.getByLabel(L('dialogs.largeScreen.fiscalYear')),
    L('dialogs.largeScreen.option', { year: fy }),
  );
  const opened = context.waitForEvent('page', { timeout: 10_000 });
  await dialog.getByRole('button', { name: named(L('dialogs.largeScreen.ok')) }).click();
  const screen = await opened;
  await until(
    'the large data screen address',
    () => new URL(screen.url()).hash === `#/largeDataScreen?fiscalYear=${fy}`,
  );
  await visible(
    screen.getByText(L('reports:largeScreen.fiscalYear', { year: fy })),
    `the large data screen for ${fy}`,
  );
});
