// The resource screens as their users meet them (issue: route map, resource framework, system settings):
// an administrator's new clerk sees exactly the screens and buttons the role grants, the server refuses
// the rest, a list exports a spreadsheet that opens, the audit trail shows it; a contract prints on the
// tenant's own variant.
import fs from 'node:fs';
import ExcelJS from 'exceljs';
import type { Page } from 'playwright-core';
import { moduleResource, operationRecord, org, role, user } from '../../../src/areas/access/index.ts';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { partner } from '../../../src/areas/partners/index.ts';
import { batch } from '../../../src/areas/warehouse/batches.ts';
import { BASE_GRADE_CERTIFICATE } from '../../../src/areas/warehouse/examples.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { routeTitleKey } from '../../../src/shared/routes/routeRecords.ts';
import { scenario } from '../runner.ts';
import type { ServerApi } from '../support/api.ts';
import { check, checkEqual, hashMatches, until, visible } from '../support/expect.ts';
import {
  fillLogin,
  gotoLogin,
  header,
  L,
  login,
  loginButton,
  menuLeaves,
  named,
  openFromMenu,
  pickOption,
} from '../support/shell.ts';
import type { DemoUser } from '../support/users.ts';

/** A suffix that keeps names unique when a failed scenario runs again on the same database. */
const run = () => Date.now().toString(36).slice(-5);

const listTotal = (page: Page) => page.getByText(/^共 \d+ 条$/).first();

async function moduleIdOf(api: ServerApi, token: string, code: string): Promise<string> {
  const [module] = await api.list(token, moduleResource, { code });
  check(module, `the menu tree has no module ${code}`);
  return module.id;
}

scenario('an administrator’s new clerk sees and may do exactly what the role grants', async (t) => {
  const { api, page, users } = t;
  const admin = await api.login(users.admin.loginName, users.admin.password);
  const suffix = run();
  await api.save(admin.token, warehouse, {
    code: `W${suffix.toUpperCase()}`,
    name: `中转库${suffix}`,
    kind: 'thirdParty',
  });
  const [department] = await api.list(admin.token, org, { name: '总公司' });
  const clerkRole = await api.save(admin.token, role, {
    name: `库管${suffix}`,
    code: `clerk${suffix}`,
    permissions: JSON.stringify([
      { moduleId: await moduleIdOf(api, admin.token, 'WarehouseList'), codes: ['view', 'export'] },
      { moduleId: await moduleIdOf(api, admin.token, 'MtfmBatchData'), codes: ['view', 'create'] },
    ]),
  });
  const clerk = await api.save<{ id: string; temporaryPassword: string }>(admin.token, user, {
    loginName: `clerk${suffix}`,
    relName: `周晓${suffix}`,
    phone: '13700000009',
    departmentId: department!.id,
    roleIds: [clerkRole.id],
  });
  const person: DemoUser = {
    loginName: `clerk${suffix}`,
    password: 'Clerk2026x',
    relName: `周晓${suffix}`,
    phone: '13700000009',
    departName: '',
  };

  // The administrator's password is temporary: the first login asks for the clerk's own before the shell.
  await gotoLogin(page);
  await fillLogin(page, person.loginName, clerk.temporaryPassword);
  await loginButton(page).click();
  const change = page.getByRole('region', { name: L('dialogs.password.temporaryTitle') });
  await visible(change, 'the change of the temporary password');
  await change.getByLabel(L('dialogs.password.oldPwd')).fill(clerk.temporaryPassword);
  await change.getByLabel(L('dialogs.password.newPwd'), { exact: true }).fill(person.password);
  await change.getByLabel(L('dialogs.password.newPwdRe')).fill(person.password);
  await change.getByRole('button', { name: named(L('dialogs.password.submit')) }).click();
  await visible(header(page), 'the shell once the password is changed', 20_000);
  // A fresh start of the app with the clerk's own password.
  await page.context().clearCookies();
  await page.goto('about:blank');

  const { menu } = await login(page, person);
  const leaves = menuLeaves(menu).map(({ leaf }) => leaf.id);
  checkEqual(leaves.sort().join(), 'MtfmBatchData,WarehouseList', 'the menu leaves of the new role');

  const warehouses = menuLeaves(menu).find(({ leaf }) => leaf.id === 'WarehouseList')!;
  await openFromMenu(page, warehouses, menu);
  await visible(listTotal(page), 'the warehouse list total');
  const main = page.getByRole('main');
  // Coded values read as words for any role, not only the seeded ones.
  await visible(main.getByRole('cell', { name: '第三方库' }).first(), 'the warehouse kind in words');
  checkEqual(
    await main.getByRole('button', { name: named(L('resource.create')) }).count(),
    0,
    'a create button',
  );
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    main.getByRole('button', { name: named(L('resource.export')) }).click(),
  ]);
  const file = await download.path();
  check(file && fs.statSync(file).size > 0, 'the export saved no file');
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(file);
  const cells: string[] = [];
  book.worksheets[0]!.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value))));
  check(cells.includes(`中转库${suffix}`), `the spreadsheet lacks the new warehouse: ${cells.join(', ')}`);

  const batches = menuLeaves(menu).find(({ leaf }) => leaf.id === 'MtfmBatchData')!;
  await openFromMenu(page, batches, menu);
  await visible(main.getByRole('button', { name: named(L('resource.create')) }), 'the batch create button');

  const clerkToken = await api.login(person.loginName, person.password);
  const refused = await api.post(
    resourcePath(warehouse, 'save'),
    { code: `X${suffix.toUpperCase()}`, name: '越权仓库', kind: 'thirdParty' },
    clerkToken.token,
  );
  checkEqual(refused.code, 403, 'saving a warehouse without the create right');
  // A warehouse names its operator: the clerk may list partners' names for that field, and no more.
  const partnerNames = await api.post<{ records: Record<string, unknown>[] }>(
    resourcePath(partner, 'list'),
    {},
    clerkToken.token,
  );
  checkEqual(partnerNames.code, 200, 'listing the partner names a warehouse field chooses from');
  checkEqual(
    [...new Set(partnerNames.data!.records.flatMap((record) => Object.keys(record)))].sort().join(),
    'id,name',
    'what the partner lookup shows',
  );
  const [someone] = partnerNames.data!.records;
  const refusedPartner = await api.post(
    resourcePath(partner, 'detail'),
    { id: String(someone!.id) },
    clerkToken.token,
  );
  checkEqual(refusedPartner.code, 403, 'reading a partner without any right on partners');

  const adminPage = await (await t.newContext()).newPage();
  await login(adminPage, users.admin);
  await adminPage.goto(`/#${routeByKey('operationRecordList')!.path}`);
  const audit = adminPage.getByRole('main');
  await visible(audit.getByText(`库管${suffix}`).first(), 'the role’s creation in the audit trail');
  await visible(audit.getByText(`周晓${suffix}`).first(), 'the clerk’s creation in the audit trail');
  const records = await api.list(admin.token, operationRecord, { resourceKey: 'user' });
  check(
    records.some((r) => r.summary === `新增用户 周晓${suffix}`),
    'the operation record says in words that the user was created',
  );
});

scenario(
  'a contract prints on the tenant’s own variant, amount in words, from its published template',
  async (t) => {
    const { api, page, users, tenant } = t;
    const admin = await api.login(users.admin.loginName, users.admin.password);
    const suffix = run();
    const [supplier] = await api.list(admin.token, partner, {});
    check(supplier, 'no partner seeded');
    await api.save(admin.token, transactionContract, {
      contractNo: `CG${suffix}`,
      side: 'purchase',
      kind: 'spot',
      partnerId: supplier.id,
      signDate: '2026-11-20',
      tonnage: '40',
      unitPrice: '15800',
      taxRate: '9',
    });
    await login(page, users.admin);
    await page.goto(`/#${routeByKey('TransactionContract')!.path}`);
    const main = page.getByRole('main');
    const row = main.locator('tr').filter({ hasText: `CG${suffix}` });
    await row.getByRole('button', { name: named(L('resource.view')) }).click();
    const drawer = page.getByRole('dialog');
    const variant = tenant.config.printVariants.purchase;
    const printButton = drawer.getByRole('link', {
      name: new RegExp(L(routeTitleKey(routeByKey(variant)!))),
    });
    await visible(printButton, `the ${variant} print button`);
    const [printPage] = await Promise.all([page.context().waitForEvent('page'), printButton.click()]);
    await printPage.waitForLoadState();
    await hashMatches(printPage, new RegExp(`^#/pending/${variant}\\?id=\\d+$`));
    const article = printPage.getByRole('article');
    await visible(article, 'the printed contract');
    await until('the contract text', async () => {
      const text = await article.innerText();
      return (
        text.includes(`CG${suffix}`) &&
        text.includes(String(supplier.name)) &&
        text.includes('陆拾叁万贰仟元整') &&
        text.includes(tenant.config.buyer)
      );
    });
    const media = await printPage.evaluate(() =>
      [...document.querySelectorAll('style')].some((s) => s.textContent?.includes('@page { size: A4')),
    );
    check(media, 'the print page has no A4 print CSS');
  },
  { everyTenant: true },
);

scenario('a receipt made for a batch through the form registers it, and the batch shows it', async (t) => {
  const { api, page, users } = t;
  const admin = await api.login(users.admin.loginName, users.admin.password);
  const suffix = run();
  const place = await api.save(admin.token, warehouse, {
    code: `K${suffix.toUpperCase()}`,
    name: `库尔勒${suffix}`,
    kind: 'delivery',
  });
  const batchNo = `65${Date.now().toString().slice(-9)}`;
  await api.save(admin.token, batch, { ...BASE_GRADE_CERTIFICATE, batchNo, warehouseId: place.id });

  await login(page, users.admin);
  await page.goto(`/#${routeByKey('QmCdBatch')!.path}`);
  const main = page.getByRole('main');
  await main.getByRole('button', { name: named(L('resource.create')) }).click();
  const form = page.getByRole('dialog').filter({ has: page.getByRole('form') });
  await visible(form, 'the receipt form');
  await form.locator('#receiptNo').fill(`WR${suffix}`);
  const batchInput = form.locator('#batchNo');
  await batchInput.click();
  await batchInput.fill(batchNo.slice(-6));
  await pickOption(page, batchInput, new RegExp(`^${batchNo}`));
  await form.getByRole('button', { name: named(L('resource.save')) }).click();
  const row = main.locator('tr').filter({ hasText: `WR${suffix}` });
  await visible(row, 'the new receipt in the list');

  await row.getByRole('button', { name: named(L('resource.view')) }).click();
  const drawer = page.getByRole('dialog').filter({ hasText: `WR${suffix}` });
  // Valid until the date set for the batch's crop year (2025/26), not typed.
  await visible(drawer.getByText('2027-03-31'), 'the valid-until date of the crop year');
  await drawer.getByRole('button', { name: named(L('action.register')) }).click();
  const question = L('resource.transitionQuestion', { action: L('action.register'), subject: `WR${suffix}` });
  const confirm = page.getByRole('dialog').filter({ hasText: question });
  await confirm.getByRole('button', { name: named(L('action.register')) }).click();
  await visible(drawer.getByText(L('state.registered'), { exact: true }).first(), 'the registered state');

  const [moved] = await api.list(admin.token, batch, { batchNo });
  checkEqual(moved?.status, 'receipted', 'the batch status after registering its receipt');
  await page.goto(`/#${routeByKey('MtfmBatchData')!.path}`);
  const batchRow = page.getByRole('main').locator('tr').filter({ hasText: batchNo });
  await visible(batchRow.getByText('已注册仓单'), 'the batch shown as receipted');
  await batchRow.getByRole('button', { name: named(L('resource.view')) }).click();
  const batchDrawer = page.getByRole('dialog').filter({ hasText: batchNo });
  await visible(batchDrawer.getByText(`注册仓单 WR${suffix}`), 'the receipt in the batch’s history');
});
