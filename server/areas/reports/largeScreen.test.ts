// The large data screen's figures, hand-summed: approved contracts of the fiscal year by month of signing,
// the stock in the warehouses now, the latest-traded months' prices; each part only for a user who reads
// all of what it sums.
import type { FastifyInstance } from 'fastify';
import { LARGE_SCREEN_PATH, type LargeScreenAnswer } from '../../../src/areas/reports/api.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { fiscalMonths } from './largeScreen.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');

test('a fiscal year runs from October to September', () => {
  expect(fiscalMonths(2027)).toEqual([
    '2026-10',
    '2026-11',
    '2026-12',
    '2027-01',
    '2027-02',
    '2027-03',
    '2027-04',
    '2027-05',
    '2027-06',
    '2027-07',
    '2027-08',
    '2027-09',
  ]);
});

describe.each(BACKENDS)('the large data screen on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const figures = async (who: string, body: Record<string, string | number> = { fiscalYear: 2027 }) =>
    (await post(app, LARGE_SCREEN_PATH, body, { token: tokens[who] })).json;

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'sales', 'warehouse']) tokens[who] = (await login(app, who)).token;
    const [{ id: partnerId }] = (await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('大屏测试棉业', '{client,supplier}') returning id::text`,
    )) as [{ id: string }];
    const contract = (side: string, signDate: string, tonnage: string, status: string) =>
      env.db.query(
        `insert into transaction_contracts (side, kind, partner_id, sign_date, tonnage, unit_price, status)
         values ($1, 'spot', $2, $3, $4, 15000, $5)`,
        [side, partnerId, signDate, tonnage, status],
      );
    await contract('purchase', '2026-10-08', '100.5000', 'approved');
    await contract('purchase', '2026-10-20', '50.2500', 'completed');
    await contract('sale', '2026-11-02', '80.0000', 'executing');
    await contract('sale', '2027-09-30', '10.0000', 'approved');
    // Not counted: before the fiscal year, a draft, a voided one.
    await contract('purchase', '2026-09-30', '999.0000', 'approved');
    await contract('purchase', '2026-10-09', '888.0000', 'draft');
    await contract('sale', '2026-11-03', '777.0000', 'voided');
    const warehouse = async (code: string, name: string) =>
      (
        (await env.db.query<{ id: string }>(
          `insert into warehouses (code, name, kind) values ($1, $2, 'delivery') returning id::text`,
          [code, name],
        )) as [{ id: string }]
      )[0].id;
    const north = await warehouse('DP1', '大屏北库');
    const south = await warehouse('DP2', '大屏南库');
    const batch = (no: string, warehouseId: string, weight: string, status: string) =>
      env.db.query(
        `insert into batches (batch_no, warehouse_id, conditioned_weight, status) values ($1, $2, $3, $4)`,
        [no, warehouseId, weight, status],
      );
    await batch('DP0001', north, '40.1234', 'stock');
    await batch('DP0002', north, '20.0000', 'pledged');
    await batch('DP0003', south, '30.5000', 'receipted');
    await batch('DP0004', south, '25.0000', 'sold');
    await batch('DP0005', south, '25.0000', 'out');
    await batch('DP0006', south, '25.0000', 'inTransit');
    const price = (day: string, month: string, settlement: string | null, last: string) =>
      env.db.query(
        `insert into futures_prices (trade_date, futures_month, last_price, settlement_price) values ($1, $2, $3, $4)`,
        [day, month, last, settlement],
      );
    await price('2026-11-20', 'CF2701', '14800', '14810');
    await price('2026-11-23', 'CF2701', null, '14900');
    await price('2026-11-23', 'CF2705', '15100', '15090');
    await price('2026-09-30', 'CF2701', '14000', '14000');
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  test('the administrator reads the year by month, the stock by warehouse and the prices', async () => {
    const answer = await figures('admin');
    expect(answer.code).toBe(200);
    const data = answer.data as LargeScreenAnswer;
    expect(data).toMatchObject({ fiscalYear: 2027, start: '2026-10-01', end: '2027-09-30' });
    expect(data.contracts).toMatchObject({ purchaseTotal: '150.75', saleTotal: '90', count: 4 });
    expect(data.contracts!.purchaseTonnes.slice(0, 2)).toEqual(['150.75', '0']);
    expect(data.contracts!.saleTonnes[1]).toBe('80');
    expect(data.contracts!.saleTonnes[11]).toBe('10');
    expect(data.stock).toMatchObject({ total: expect.any(String) });
    const ours = data.stock!.warehouses.filter((w) => w.name.startsWith('大屏'));
    expect(ours).toEqual([
      { name: '大屏北库', tonnes: '60.1234' },
      { name: '大屏南库', tonnes: '30.5' },
    ]);
    expect(data.prices).toEqual({
      days: ['2026-11-20', '2026-11-23'],
      series: [
        { month: 'CF2701', prices: ['14800.00', '14900.00'] },
        { month: 'CF2705', prices: [null, '15100.00'] },
      ],
    });
  });

  test('a salesperson who serves only their own clients sees no company totals of contracts', async () => {
    const answer = await figures('sales');
    expect(answer.code).toBe(200);
    expect((answer.data as LargeScreenAnswer).contracts).toBeNull();
  });

  test('a fiscal year that is not a year is refused, and the call needs a session', async () => {
    for (const fiscalYear of ['abc', 20270, '', 2026.5]) {
      const answer = await figures('admin', { fiscalYear });
      expect(answer.code, String(fiscalYear)).toBe(400);
      expect(answer.msg).toMatch(/财年/);
    }
    expect((await post(app, LARGE_SCREEN_PATH, { fiscalYear: 2027 })).json.code).toBe(401);
  });
});
