// RiskControlReport through HTTP, over the hedging area's team positions. Hand-worked: team 新疆组 (hedge
// book) sells 10 CF2705 to open at 14,000 and buys 4 back at 14,100; team 投机组 (speculation book) buys 2 at
// 14,150. CF2705 is last at 14,200. 新疆组: short 6 lots, −30 t, P&L −1 × 200 × 5 × 10 + 100 × 5 × 4 =
// −8,000.00; 投机组: long 2, +10 t, 50 × 5 × 2 = 500.00. Totals −20 t and −7,500.00.
import type { FastifyInstance } from 'fastify';
import { futuresAccount, futuresTrade } from '../../../src/areas/hedging/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { riskControlRow } from '../../../src/areas/risk/index.ts';
import { BACKENDS, login, manualClock, openTestDb, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('the risk control report on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['trader', 'risk', 'finance', 'warehouse']) tokens[who] = (await login(app, who)).token;
    const [broker] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('中粮期货', '{supplier}') returning id::text`,
    );
    const account = async (accountNo: string, team: string, book: string) =>
      (await saved('trader', futuresAccount, { accountNo, brokerId: broker!.id, team, book })).id;
    const hedge = await account('H1', '新疆组', 'hedge');
    const speculation = await account('S1', '投机组', 'speculation');
    const trades: [string, string, string, string, number, string][] = [
      [hedge, 'hedge', 'sell', 'open', 10, '14000'],
      [hedge, 'hedge', 'buy', 'close', 4, '14100'],
      [speculation, 'speculation', 'buy', 'open', 2, '14150'],
    ];
    for (const [accountId, book, side, effect, lots, price] of trades)
      await saved('trader', futuresTrade, {
        accountId,
        book,
        futuresMonth: 'CF2705',
        side,
        effect,
        lots,
        price,
        fee: '0',
        tradedAt: '2026-11-23 10:00:00',
      });
    await saved('trader', futuresPrice, {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '14200',
    });
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('shows each team’s lots, net tonnes and P&L by month, with totals (worked example)', async () => {
    const rows = await records('risk', riskControlRow, { sort: 'team,asc' });
    expect(rows.map((r) => [r.futuresMonth, r.team, r.longLots, r.shortLots, r.netTonnes, r.pnl])).toEqual([
      ['CF2705', '投机组', 2, 0, '10', '500.00'],
      ['CF2705', '新疆组', 0, 6, '-30', '-8000.00'],
    ]);
    const { json } = await call('trader', riskControlRow, 'list');
    expect(json.code, json.msg).toBe(200);
    expect((json.data as { totals: Record<string, string> }).totals).toMatchObject({
      netTonnes: '-20',
      pnl: '-7500.00',
    });
  });

  it('is read by risk and the desk only, and never written', async () => {
    expect((await call('finance', riskControlRow, 'list')).json.code).toBe(403);
    expect((await call('warehouse', riskControlRow, 'list')).json.code).toBe(403);
    expect((await call('risk', riskControlRow, 'save', { team: 'x' })).res.statusCode).toBe(404);
  });
});
