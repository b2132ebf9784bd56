// The disclaimer (spec 2.16, 7): opens by itself while not accepted, then only from the header.
// Last of a tenant's scenarios: accepting it is the one call that changes the administrator's state.
import { type Envelope, PATHS } from '../../../src/shared/api/contract.ts';
import { scenario } from '../runner.ts';
import { checkEqual, notVisible, visible } from '../support/expect.ts';
import { fillLogin, gotoLogin, header, L, loginButton, named, responseOf } from '../support/shell.ts';

scenario(
  'disclaimer: opens by itself until accepted, then only from the header',
  async (t) => {
    const { page, tenant, users } = t;
    const dialog = page.getByRole('dialog', { name: L('dialogs.disclaimer.title') });
    // Logged in by hand: the login helper closes the disclaimer, here it must stay.
    await gotoLogin(page);
    await fillLogin(page, users.admin.loginName, users.admin.password);
    await loginButton(page).click();
    await visible(header(page), 'the shell header', 20_000);
    await visible(dialog, 'the disclaimer opening by itself');
    await visible(dialog.getByText(`欢迎使用${tenant.config.name}`), "the tenant's disclaimer text");
    await dialog.getByRole('button', { name: named(L('dialogs.disclaimer.accept')) }).click();
    await notVisible(dialog, 'the accepted disclaimer');

    // Waited for once the new document has committed: the refetch that followed the acceptance answers the
    // old page, whose body is gone after the reload.
    await page.reload({ waitUntil: 'commit' });
    const asked = responseOf(page, PATHS.queryDisclaimer);
    const answer = (await (await asked).json()) as Envelope<number>;
    checkEqual(answer.data, 0, 'queryDisclaimer after accepting');
    await visible(header(page), 'the shell after a reload');
    checkEqual(await dialog.count(), 0, 'disclaimer dialogs after accepting');
    await header(page)
      .getByRole('button', { name: L('header.disclaimer') })
      .click();
    await visible(dialog.getByText(`欢迎使用${tenant.config.name}`), 'the disclaimer opened from the header');
    // The footer's close button (the header's × has the same name).
    await dialog
      .getByRole('button', { name: named(L('dialogs.close')) })
      .last()
      .click();
    await notVisible(dialog, 'the disclaimer after closing');
  },
  { everyTenant: true },
);
