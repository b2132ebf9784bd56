// The warehouse made exact (issue 10): a trader imports a 公检 bale file through the batch list — preview,
// confirm — and sees the batch's grade proportions, premium and deliverability on its detail.
import { IMPORT_BALES_PATH } from '../../../src/areas/warehouse/baleFile.ts';
import { batch } from '../../../src/areas/warehouse/batches.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { baleFileTemplate } from '../../../src/domain/index.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { scenario } from '../runner.ts';
import { check, checkEqual, visible } from '../support/expect.ts';
import { escapeRegExp, L, login, named, pickOption } from '../support/shell.ts';

scenario(
  'a trader imports a 公检 bale file and sees the batch grades, premium and deliverability',
  async (t) => {
    const { api, page, users } = t;
    const admin = await api.login(users.admin.loginName, users.admin.password);
    const suffix = Date.now().toString(36).slice(-5).toUpperCase();
    const place = await api.save(admin.token, warehouse, {
      code: `B${suffix}`,
      name: `包库${suffix}`,
      kind: 'delivery',
    });
    const batchNo = `GJ${suffix}`;
    // Colour 31, 21, 31, 11: premium by bale share (0 + 300 + 0 + 500)/4 = 200; micronaire mostly A +200;
    // ginning (200 + 0·3)/4 = 50; length 28.6 (28), strength S3, uniformity U3 at 0: 450 in all.
    const bales = [
      ['01', '31', '28.6', '4.1', '28.4', '82.6', '2.4', '7.6', '228.4', '1.4', '227.0', 'P2'],
      ['02', '21', '29.2', '4.3', '29.0', '83.0', '2.6', '8.0', '230.0', '1.5', '228.5', 'P1'],
      ['03', '31', '28.0', '4.0', '28.0', '82.0', '2.5', '8.5', '225.0', '1.0', '224.0', 'P2'],
      ['04', '11', '28.8', '4.2', '28.6', '82.4', '2.5', '8.5', '226.6', '1.6', '225.0', 'P2'],
    ].map(([bale, ...rest]) => [batchNo, `${batchNo}-${bale}`, ...rest!]);
    const file = [baleFileTemplate()[0]!, ...bales].map((row) => row.join(',')).join('\r\n');

    await login(page, users.staff);
    await page.goto(`/#${routeByKey('MtfmBatchData')!.path}`);
    const main = page.getByRole('main');
    // The button's name starts with its icon's label.
    await main.getByRole('button', { name: new RegExp(`${escapeRegExp(L('baleImport.button'))}$`) }).click();
    const drawer = page.getByRole('dialog').filter({ hasText: L('baleImport.title') });
    await visible(drawer, 'the import drawer');
    await drawer.locator('input[type=file]').setInputFiles({
      name: `${batchNo}.csv`,
      mimeType: 'text/csv',
      buffer: Buffer.from(file, 'utf8'),
    });
    await pickOption(page, drawer.locator('#baleImportWarehouse'), `包库${suffix}`);
    await drawer.locator('#baleImportCropYear').fill('2025/26');
    await drawer.getByRole('button', { name: named(L('baleImport.preview')) }).click();
    await visible(drawer.getByText(L('baleImport.planned', { bales: 4, batches: 1 })), 'the preview summary');
    checkEqual((await api.list(admin.token, batch, { batchNo })).length, 0, 'batches written by the preview');
    await drawer.getByRole('button', { name: named(L('baleImport.confirm')) }).click();
    await visible(drawer.getByText(L('baleImport.done', { bales: 4, batches: 1 })), 'the import done');
    await page.keyboard.press('Escape');

    const row = main.locator('tr').filter({ hasText: batchNo });
    await row.getByRole('button', { name: named(L('resource.view')) }).click();
    const detail = page.getByRole('dialog').filter({ hasText: L('section.baleFigures') });
    await visible(detail, 'the batch detail with its bale figures');
    await visible(
      detail.getByText('31: 2 (50.00%) · 11: 1 (25.00%) · 21: 1 (25.00%)'),
      'the colour grade shares',
    );
    await visible(detail.getByText(/450\.00/).first(), 'the exchange premium');
    await visible(detail.getByText(L('baleImport.bales', { count: 4 })), 'the bales table');
    const [stored] = await api.list(admin.token, batch, { batchNo });
    check(stored, 'the batch was not stored');
    checkEqual(stored.warehouseId, place.id, 'the batch warehouse');
    checkEqual(stored.deliverable, true, 'the batch deliverability');
    const refused = await api.post(
      IMPORT_BALES_PATH,
      { fileName: 'x.csv', content: 'eA==' },
      (await api.login(users.messages.loginName, users.messages.password)).token,
    );
    checkEqual(refused.code, 403, 'an import by finance');
  },
);
