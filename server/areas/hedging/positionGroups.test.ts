// Exposure by crop year and by team through the TradeTotal call, hand-worked (domain.md §5): the contracts by
// their crop year and their salesperson's department, the stock by its crop year (no team), the hedge book's
// open lots by their month's crop year and their account's team; the speculation book counts in neither.
// The stock is the house's own cotton still its property (issue 21): in the warehouse, in transit (B4) and
// sold but not out (B3, 99 t: it was left out), never what went out (B5).
import type { FastifyInstance } from 'fastify';
import { POSITIONS_PATH, type PositionsAnswer } from '../../../src/areas/hedging/api.ts';
import { futuresAccount, futuresTrade } from '../../../src/areas/hedging/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';

// Monday 2 March 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-03-02T08:00:00Z');

describe.each(BACKENDS)('exposure by crop year and team on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { saved } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['trader', 'risk']) tokens[who] = (await login(app, who)).token;
    const q = env.db.query.bind(env.db);
    // The sales desk is the 新疆组 department, the trading desk 山东组.
    for (const [login, team] of [
      ['sales', '新疆组'],
      ['trader', '山东组'],
    ])
      await q(
        `with d as (insert into departments (name) values ($2) returning id)
         update users set department_id = (select id from d) where login_name = $1`,
        [login, team],
      );
    const [partner] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier,client}') returning id::text`,
    );
    const [broker] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('中粮期货', '{broker}') returning id::text`,
    );
    const contract = (
      no: string,
      side: string,
      tonnage: string,
      fixed: string,
      month: string,
      cropYear: string,
      salesperson: string | null,
    ) =>
      q(
        `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, tax_rate, status,
           fixed_tonnage, futures_month, crop_year, basis, salesperson_id)
         values ($1, $2, 'basis', $3, '2026-02-01', $4, 9, 'approved', $5, $6, $7, 850,
                 (select id from users where login_name = $8))`,
        [no, side, partner!.id, tonnage, fixed, month, cropYear, salesperson],
      );
    await contract('C1', 'sale', '100', '40', 'CF2609', '2026/27', 'sales');
    await contract('C2', 'purchase', '200', '150', 'CF2609', '2026/27', 'trader');
    await contract('C3', 'purchase', '50', '50', 'CF2605', '2025/26', null);
    await q(
      `insert into batches (batch_no, status, crop_year, conditioned_weight)
       values ('B1', 'stock', '2025/26', 30), ('B2', 'stock', '2026/27', 20), ('B3', 'sold', '2026/27', 99),
              ('B4', 'inTransit', '2025/26', 10), ('B5', 'out', '2026/27', 500)`,
    );
    const account = async (accountNo: string, team: string, book: string) =>
      (await saved('trader', futuresAccount, { accountNo, brokerId: broker!.id, team, book })).id;
    const xinjiang = await account('H1', '新疆组', 'hedge');
    const shandong = await account('H2', '山东组', 'hedge');
    const speculation = await account('S1', '新疆组', 'speculation');
    let minute = 0;
    const trade = (
      accountId: string,
      book: string,
      futuresMonth: string,
      side: string,
      effect: string,
      lots: number,
    ) => {
      minute += 1;
      return saved('trader', futuresTrade, {
        accountId,
        book,
        futuresMonth,
        side,
        effect,
        lots,
        price: '14800',
        fee: '0',
        tradedAt: `2026-03-02 09:${String(minute).padStart(2, '0')}:00`,
      });
    };
    await trade(xinjiang, 'hedge', 'CF2609', 'sell', 'open', 6);
    await trade(xinjiang, 'hedge', 'CF2609', 'buy', 'close', 1);
    await trade(shandong, 'hedge', 'CF2609', 'sell', 'open', 10);
    await trade(shandong, 'hedge', 'CF2605', 'sell', 'open', 4);
    await trade(speculation, 'speculation', 'CF2609', 'buy', 'open', 3);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  const answer = async () => {
    const { json } = await post(app, POSITIONS_PATH, {}, { token: tokens.risk! });
    expect(json.code, json.msg).toBe(200);
    return json.data as PositionsAnswer;
  };

  it('gives each crop year its contracts, stock and the futures of its months', async () => {
    expect((await answer()).byCropYear).toEqual([
      // C3 priced 50 + stock 30 + in transit 10 = 90; CF2605 short 4 = −20 t; net 70; ratio 20 / 90
      {
        group: '2025/26',
        unpricedSales: '0.0000',
        unpricedPurchases: '0.0000',
        pricedPhysicalLong: '90.0000',
        futuresNetTonnes: '-20.0000',
        netExposure: '70.0000',
        hedgeRatio: '0.2222',
      },
      // C1 sale unpriced 60, priced 40; C2 purchase unpriced 50, priced 150; stock 20 + sold not out 99 (B5
      // is out): physical 119 + 150 − 40 = 229; CF2609 short 5 + 10 = −75 t; net 154; ratio 75 / 229 = 0.3275
      {
        group: '2026/27',
        unpricedSales: '60.0000',
        unpricedPurchases: '50.0000',
        pricedPhysicalLong: '229.0000',
        futuresNetTonnes: '-75.0000',
        netExposure: '154.0000',
        hedgeRatio: '0.3275',
      },
    ]);
  });

  it("gives each team its salespeople's contracts and its accounts' futures, the stock under no team", async () => {
    expect((await answer()).byTeam).toEqual([
      // C2: unpriced 50, physical 150; H2 short 10 + 4 = −70 t; net 80; ratio 70 / 150
      {
        group: '山东组',
        unpricedSales: '0.0000',
        unpricedPurchases: '50.0000',
        pricedPhysicalLong: '150.0000',
        futuresNetTonnes: '-70.0000',
        netExposure: '80.0000',
        hedgeRatio: '0.4667',
      },
      // C1: unpriced 60, physical −40; H1 short 6 − 1 = −25 t (S1 is speculation); net −65; ratio 25 / −40
      {
        group: '新疆组',
        unpricedSales: '60.0000',
        unpricedPurchases: '0.0000',
        pricedPhysicalLong: '-40.0000',
        futuresNetTonnes: '-25.0000',
        netExposure: '-65.0000',
        hedgeRatio: '-0.6250',
      },
      // C3 priced 50 (no salesperson) + stock 30 + 20 + 99 + 10 = 209, no futures
      {
        group: '',
        unpricedSales: '0.0000',
        unpricedPurchases: '0.0000',
        pricedPhysicalLong: '209.0000',
        futuresNetTonnes: '0.0000',
        netExposure: '209.0000',
        hedgeRatio: '0.0000',
      },
    ]);
  });

  it('adds up to the total of the months', async () => {
    const { total, byCropYear, byTeam, exposure, stock, withoutMonth, inventoryTonnes } = await answer();
    const sum = (rows: { netExposure: string }[]) => rows.reduce((s, r) => s + Number(r.netExposure), 0);
    // 90 + 229 = 209 + 150 − 40 = 319 physical; −95 t futures; net 224
    expect(total.netExposure).toBe('224.0000');
    expect(sum(byCropYear)).toBe(224);
    expect(sum(byTeam)).toBe(224);
    // The months and the stock line add up to it too: CF2605 50 − 20 = 30, CF2609 150 − 40 − 75 = 35, stock 159.
    expect(inventoryTonnes).toBe('159.0000');
    expect(withoutMonth).toBeNull();
    expect(stock.netExposure).toBe('159.0000');
    expect(exposure.map((row) => [row.month, row.netExposure])).toEqual([
      ['CF2605', '30.0000'],
      ['CF2609', '35.0000'],
    ]);
    expect(sum([...exposure, stock])).toBe(224);
  });
});
