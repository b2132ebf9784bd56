import Decimal from 'decimal.js';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { IMPORT_BALES_PATH } from '../../../src/areas/warehouse/baleFile.ts';
import { batch, batchPremium } from '../../../src/areas/warehouse/batches.ts';
import { BALE_FILE_COLUMNS } from '../../../src/domain/index.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { BALE_FILE_HEADER, type BaleFileLine, baleFileCsv, sampleBales } from './baleSamples.ts';

const HEADER = BALE_FILE_HEADER;
type Row = BaleFileLine;

/** The hand-worked batch of the test below (figures worked out by hand from these four bales). */
const HAND_WORKED: Row[] = [
  ['HW-1', 'HW-1-01', '31', '28.6', '4.1', '28.4', '82.6', '2.4', '7.6', '228.4', '1.4', '227.0', 'P2'],
  ['HW-1', 'HW-1-02', '21', '29.2', '4.3', '29.0', '83.0', '2.6', '8.0', '230.0', '1.5', '228.5', 'P1'],
  ['HW-1', 'HW-1-03', '31', '28.0', '4.0', '28.0', '82.0', '2.5', '8.5', '225.0', '1.0', '224.0', 'P2'],
  ['HW-1', 'HW-1-04', '11', '28.8', '4.2', '28.6', '82.4', '2.5', '8.5', '226.6', '1.6', '225.0', 'P2'],
];

const csv = baleFileCsv;

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

async function xlsx(rows: readonly Row[]): Promise<string> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('包数据');
  sheet.addRow([...HEADER]);
  for (const row of rows) sheet.addRow([...row]);
  return Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
}

describe.each(BACKENDS)('importing a 公检 bale file on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let trader: string;
  let keeper: string;
  let finance: string;
  let korla: string;
  const { records } = resourceCalls(() => app);
  const importFile = (token: string, fileName: string, content: string, extra: Record<string, string> = {}) =>
    post(
      app,
      IMPORT_BALES_PATH,
      { fileName, content, warehouseId: korla, cropYear: '2025/26', ...extra },
      { token },
    );
  const counts = async () => {
    const [row] = await env.db.query<{ batches: number; bales: number }>(
      'select (select count(*)::int from batches) as batches, (select count(*)::int from bales) as bales',
    );
    return row!;
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    trader = (await login(app, 'trader')).token;
    keeper = (await login(app, 'warehouse')).token;
    finance = (await login(app, 'finance')).token;
    [{ id: korla }] = (await env.db.query<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('KRL', '中储棉库尔勒', 'delivery') returning id::text`,
    )) as [{ id: string }];
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('previews a file without writing, then a trader confirms it and sees the batch figures worked by hand', async () => {
    const preview = await importFile(trader, 'hw.csv', base64(csv(HAND_WORKED)));
    expect(preview.json.code, preview.json.msg).toBe(200);
    expect(preview.json.data).toMatchObject({
      confirmed: false,
      bales: 4,
      batches: [{ batchNo: 'HW-1', action: 'create', figures: { baleCount: 4, exchangePremium: '450.00' } }],
    });
    expect(await counts()).toEqual({ batches: 0, bales: 0 });

    const done = await importFile(trader, 'hw.csv', base64(csv(HAND_WORKED)), { confirm: 'true' });
    expect(done.json.code, done.json.msg).toBe(200);
    expect(await counts()).toEqual({ batches: 1, bales: 4 });
    const [stored] = await records(trader, batch, { batchNo: 'HW-1' });
    // Sums 910.0 − 5.5 = 904.5 kg; conditioned Σ per bale 907.456 → 907 kg; averages half-to-even at 0.1:
    // length 28.65 → 28.6 (grade 28), micronaire 4.15 → 4.2, strength 28.5 (S3), uniformity 82.5 (U3).
    // Premium: colour by bale share (0 + 0 + 300 + 500)/4 = 200, micronaire the class most bales have (A)
    // +200, ginning (0·3 + 200)/4 = 50, length/strength/uniformity 0 → 450.
    expect(stored).toMatchObject({
      baleCount: 4,
      grossWeightKg: '910',
      tareWeightKg: '5.5',
      netWeight: '0.9045',
      conditionedWeight: '0.907',
      lengthMm: '28.6',
      lengthGrade: '28',
      micronaire: '4.2',
      micronaireGrade: 'A',
      strengthGrade: 'S3',
      uniformityGrade: 'U3',
      trashPercent: '2.5',
      moistureRegainPercent: '8.2',
      colourGrade: '31',
      colourShares: '31: 2 (50.00%) · 11: 1 (25.00%) · 21: 1 (25.00%)',
      micronaireShares: 'A: 3 (75.00%) · B2: 1 (25.00%)',
      exchangePremium: '450.00',
      deliverable: true,
    });
    const [priced] = await records(trader, batchPremium, { batchNo: 'HW-1' });
    expect(priced).toMatchObject({
      colourPremium: '200.00',
      ginningPremium: '50.00',
      qualityPremium: '450.00',
    });
  });

  it('reads the same file as xlsx and replaces the batch bales on a second import', async () => {
    const rows = HAND_WORKED.slice(0, 2).map((row) => [...row]);
    const done = await importFile(keeper, 'hw.xlsx', await xlsx(rows), { confirm: 'true' });
    expect(done.json.code, done.json.msg).toBe(200);
    expect(done.json.data).toMatchObject({ batches: [{ batchNo: 'HW-1', action: 'update' }] });
    expect(await counts()).toEqual({ batches: 1, bales: 2 });
    const [stored] = await records(keeper, batch, { batchNo: 'HW-1' });
    expect(stored).toMatchObject({ baleCount: 2, grossWeightKg: '458.4' });
  });

  it('refuses a file with bad rows, listing each with line and field, and writes nothing', async () => {
    const before = await counts();
    const good = HAND_WORKED[0]!;
    const bad: Row[] = [
      ['NEW-1', 'N-01', ...good.slice(2)],
      ['NEW-1', 'N-02', '31', '28.65', ...good.slice(4)],
      ['NEW-1', 'N-03', '99', ...good.slice(3)],
      ['NEW-1', 'N-04', '31', '28.6', '', ...good.slice(5)],
      ['NEW-1', 'N-05', ...good.slice(2, 11), '226.0', 'P2'],
      ['NEW-1', 'N-01', ...good.slice(2)],
      ['NEW-1', 'N-07', '31', '28.6', '4.1', 'abc', ...good.slice(6)],
      ['NEW-1', 'N-08', '31', '28.6', '4.1', '28.4', '82.6', '12.0', ...good.slice(8)],
    ];
    const { json } = await importFile(keeper, 'bad.csv', base64(csv(bad)), { confirm: 'true' });
    expect(json.code).toBe(400);
    const problems = (json.data as { problems: { line: number; field: string; code: string }[] }).problems;
    expect(problems.map(({ line, field, code }) => ({ line, field, code }))).toEqual([
      { line: 3, field: 'lengthMm', code: 'certificatePrecision' },
      { line: 4, field: 'colourGrade', code: 'unknownGrade' },
      { line: 5, field: 'micronaire', code: 'missing' },
      { line: 6, field: 'netWeightKg', code: 'netNotGrossLessTare' },
      { line: 7, field: 'baleNo', code: 'duplicateBale' },
      { line: 8, field: 'strength', code: 'notANumber' },
      { line: 9, field: 'trashPercent', code: 'outOfRange' },
    ]);
    expect(json.msg).toContain('第 3 行');
    expect(await counts()).toEqual(before);

    const noColour = await importFile(
      keeper,
      'x.csv',
      base64(
        csv(
          [good],
          HEADER.filter((h) => h !== '颜色级'),
        ),
      ),
    );
    expect(noColour.json).toMatchObject({
      code: 400,
      data: { problems: [{ line: 1, code: 'missingColumn' }] },
    });
    const notAFile = await importFile(keeper, 'x.pdf', base64('%PDF'));
    expect(notAFile.json.code).toBe(400);
    expect(await counts()).toEqual(before);
  });

  it('judges deliverability by the limits version of the batch crop year', async () => {
    await env.db.query(
      `insert into delivery_limits (crop_year, max_trash_percent, max_bale_regain_percent, min_length_grade,
                                    undeliverable_grades, premium_methods)
       select '2026/27', 2.4, max_bale_regain_percent, min_length_grade, undeliverable_grades, premium_methods
         from delivery_limits where crop_year = '2016/17'`,
    );
    const rows = HAND_WORKED.map((row) => ['NEWER-1', ...row.slice(1)]);
    const { json } = await importFile(keeper, 'n.csv', base64(csv(rows)), {
      confirm: 'true',
      cropYear: '2026/27',
    });
    expect(json.code, json.msg).toBe(200);
    const [newer] = await records(keeper, batch, { batchNo: 'NEWER-1' });
    expect(newer).toMatchObject({ deliverable: false, undeliverableReasons: ['trash'] });
    const [older] = await records(keeper, batch, { batchNo: 'HW-1' });
    expect(older).toMatchObject({ deliverable: true });
  });

  // HW-1's micronaire classes are A, B2, A, A: the class most bales have prices +200; weighted by the
  // bales' shares (3 × 200 + 1 × 0) / 4 = +150, so a version that weighs micronaire prices the batch 50 lower.
  it('prices a batch by the premium methods stored for its crop year', async () => {
    await env.db.query(
      `insert into delivery_limits (crop_year, max_trash_percent, max_bale_regain_percent, min_length_grade,
                                    undeliverable_grades, premium_methods)
       select '2027/28', max_trash_percent, max_bale_regain_percent, min_length_grade, undeliverable_grades,
              premium_methods || '{"micronaire": "baleShare"}'::jsonb
         from delivery_limits where crop_year = '2016/17'`,
    );
    const importAs = async (batchNo: string, cropYear: string) => {
      const rows = HAND_WORKED.map((row) => [batchNo, ...row.slice(1)]);
      const { json } = await importFile(keeper, `${batchNo}.csv`, base64(csv(rows)), {
        confirm: 'true',
        cropYear,
      });
      expect(json.code, json.msg).toBe(200);
      const [imported] = await records(keeper, batch, { batchNo });
      return String(imported!.exchangePremium);
    };
    const dominant = await importAs('DOMINANT-1', '2025/26');
    const weighed = await importAs('WEIGHED-1', '2027/28');
    expect(new Decimal(weighed).minus(dominant).toFixed(2)).toBe('-50.00');
  });

  it('lets only holders of the import right import', async () => {
    const { json } = await importFile(finance, 'hw.csv', base64(csv(HAND_WORKED)));
    expect(json.code).toBe(403);
  });

  it('imports 10,000 bales in one file', async () => {
    const before = await counts();
    const { json } = await importFile(keeper, 'big.csv', base64(csv(sampleBales(10_000))), {
      confirm: 'true',
    });
    expect(json.code, json.msg).toBe(200);
    expect(await counts()).toEqual({ batches: before.batches + 54, bales: before.bales + 10_000 });
    const [first] = await records(keeper, batch, { batchNo: 'BIG-000' });
    expect(first).toMatchObject({ baleCount: 186, lengthGrade: '28', deliverable: true });
  }, 120_000);
});

test('the template heads every column of the bale file', () => {
  expect(HEADER).toEqual(BALE_FILE_COLUMNS.map((column) => column.header));
});
