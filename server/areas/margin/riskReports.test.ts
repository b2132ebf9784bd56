// The risk reports through HTTP over hand-made data. Two clients with basis sales of CF2705 (m0 800/t, call
// at 80 % of the requirement, forced line 50 %): 无锡一棉 (served by the salesperson) 100 t, deposits
// 100,000 and allots 30,000 to its contract; 魏桥纺织 50 t, deposits 25,000 against 800 × 50 = 40,000 — under
// its line 32,000, so a call for 15,000 opens. 无锡一棉 fixes 50 t at 15,000 and CF2705 settles at 14,000:
// its requirement is 800 × 50 open t + (15,000 − 14,000) × 50 fixed t = 40,000 + 50,000 = 90,000 against a
// balance of 100,000 (line 72,000, no call). Three days on, 魏桥纺织's call is past its deadline: the day's
// settlement (14,000) forces its 50 open tonnes into pricing.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import {
  clientMarginMovement,
  riskControlMarginRow,
  riskSaleControlRow,
  riskStatementContract,
  saleRiskRecord,
} from '../../../src/areas/margin/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { type ResourceDecl, resourcePath } from '../../../src/framework/resource/index.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const DAY = 24 * 3600 * 1000;

describe.each(BACKENDS)('the risk reports on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let clock: ReturnType<typeof manualClock>;
  const tokens: Record<string, string> = {};
  const resource = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved, records } = resource;
  let served = '';
  let other = '';
  let servedContract = '';
  let otherContract = '';

  const sale = (partnerId: string, tonnage: string) => approvedBasisSale(resource, partnerId, tonnage);
  const movement = async (partnerId: string, kind: string, amount: string, contractId?: string) => {
    const { json } = await call('finance', clientMarginMovement, 'save', {
      occurredOn: '2026-11-23',
      partnerId,
      kind,
      amount,
      ...(contractId ? { contractId } : {}),
    });
    expect(json.code, json.msg).toBe(200);
  };
  const settle = (tradeDate: string) =>
    saved('trader', futuresPrice, {
      tradeDate,
      futuresMonth: 'CF2705',
      lastPrice: '14005',
      settlementPrice: '14000',
    });
  const byClient = (rows: Row[]) => new Map(rows.map((row) => [row.partnerId as string, row]));

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app, clock } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance', 'warehouse'])
      tokens[who] = (await login(app, who)).token;
    const client = (name: string) => clientWithLimit(env.db, name, '6000000');
    served = await clientWithLimit(env.db, '无锡一棉', '6000000', 'sales');
    other = await client('魏桥纺织');
    servedContract = await sale(served, '100');
    otherContract = await sale(other, '50');
    await movement(served, 'deposit', '100000');
    await movement(served, 'allot', '30000', servedContract);
    await movement(other, 'deposit', '25000');
    const fix = await post(
      app,
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: servedContract, tonnage: '50', futuresPrice: '15000' },
      { token: tokens.admin! },
    );
    expect(fix.json.code, fix.json.msg).toBe(200);
    await settle('2026-11-23');
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('states each contract: fixed and open tonnes, margin allotted, its requirement and the call state', async () => {
    const rows = byClient(await records('risk', riskStatementContract));
    expect(rows.get(served)).toMatchObject({
      contractId: servedContract,
      side: 'sale',
      tonnage: '100',
      fixedTonnage: '50',
      openTonnage: '50',
      averageFixedPrice: '15000.00',
      settlementPrice: '14000.00',
      allotted: '30000.00',
      openTerm: '40000.00',
      fixedLossTerm: '50000.00',
      goodsOutTerm: '0.00',
      requirement: '90000.00',
      callStatus: 'none',
    });
    expect(rows.get(other)).toMatchObject({
      contractId: otherContract,
      fixedTonnage: '0',
      openTonnage: '50',
      allotted: '0.00',
      requirement: '40000.00',
      callStatus: 'open',
    });
    const { json } = await call('risk', riskStatementContract, 'list');
    expect(json.code, json.msg).toBe(200);
    expect((json.data as { totals: Record<string, string> }).totals).toMatchObject({
      openTonnage: '100',
      requirement: '130000.00',
      allotted: '30000.00',
    });
  });

  it('shows each client’s exposure, requirement against balance and open call, with the shortfall totals', async () => {
    const rows = byClient(await records('trader', riskSaleControlRow));
    expect(rows.get(served)).toMatchObject({
      contracts: 1,
      openTonnage: '50',
      fixedUnpaidTonnage: '50',
      balance: '100000.00',
      requirement: '90000.00',
      shortfall: '0.00',
      callStatus: 'none',
      openCallNo: null,
    });
    expect(rows.get(other)).toMatchObject({
      openTonnage: '50',
      fixedUnpaidTonnage: '0',
      balance: '25000.00',
      requirement: '40000.00',
      shortfall: '15000.00',
      callStatus: 'open',
      openCallNo: expect.stringMatching(/^ZB20261123/),
      openCallAmount: '15000.00',
      openCallDeadline: '2026-11-25',
    });
    const margin = byClient(await records('finance', riskControlMarginRow));
    expect(margin.get(other)).toMatchObject({
      callLine: '32000.00',
      forcedLine: '20000.00',
      belowCallLine: '7000.00',
      coveragePercent: '62.5',
    });
    expect(margin.get(served)).toMatchObject({
      callLine: '72000.00',
      belowCallLine: '0.00',
      coveragePercent: '111.11',
    });
    const { json } = await call('risk', riskControlMarginRow, 'list');
    expect((json.data as { totals: Record<string, string> }).totals).toMatchObject({
      requirement: '130000.00',
      balance: '125000.00',
      shortfall: '15000.00',
      belowCallLine: '7000.00',
    });
  });

  it('records the calls and the forced pricing they made, filtered by client, state and date', async () => {
    clock.advance(3 * DAY);
    for (const who of Object.keys(tokens)) tokens[who] = (await login(app, who)).token;
    await settle('2026-11-26');
    const history = (await records('risk', saleRiskRecord, { partnerId: other })).sort(
      (a, b) => Number(a.id) - Number(b.id),
    );
    expect(
      history.map((row) => [row.event, row.state, row.amount, row.fixedTonnage, row.fixedPrice]),
    ).toEqual([
      ['open', 'open', '15000.00', null, null],
      ['forceFix', 'forcedPriced', null, '50', '14000.00'],
      ['force', 'forcedPriced', null, null, null],
    ]);
    expect(history[1]).toMatchObject({ contractId: otherContract, callNo: history[0]!.callNo });
    expect((await records('risk', saleRiskRecord, { state: 'forcedPriced' })).length).toBe(2);
    expect(await records('risk', saleRiskRecord, { 'at.from': '2026-11-24' })).toHaveLength(2);
    expect(await records('risk', saleRiskRecord, { 'at.to': '2026-11-23' })).toHaveLength(1);
    const statement = byClient(await records('risk', riskStatementContract));
    expect(statement.get(other)).toMatchObject({ openTonnage: '0', callStatus: 'forcedPriced' });
  });

  it('shows a salesperson only the rows of their own clients', async () => {
    for (const decl of [riskStatementContract, riskSaleControlRow, riskControlMarginRow, saleRiskRecord]) {
      const { json } = await call('sales', decl, 'list', { size: 1000 });
      expect(json.code, `${decl.key}: ${json.msg}`).toBe(200);
      const rows = (json.data as { records: Row[] }).records;
      expect(
        rows.every((row) => row.partnerId === served),
        decl.key,
      ).toBe(true);
      if (decl !== saleRiskRecord) expect(rows.length, decl.key).toBeGreaterThan(0);
    }
    expect(await records('sales', saleRiskRecord, { partnerId: other })).toEqual([]);
  });

  it('refuses bad filters with 400, and is read-only and closed to the warehouse', async () => {
    const bad: [ResourceDecl, Record<string, string>][] = [
      [saleRiskRecord, { partnerId: 'abc' }],
      [saleRiskRecord, { 'at.from': 'yesterday' }],
      [riskStatementContract, { partnerId: '1; drop' }],
      [riskSaleControlRow, { partnerId: 'x' }],
    ];
    for (const [decl, filters] of bad) {
      const { json } = await call('risk', decl, 'list', filters);
      expect(json.code, `${decl.key} ${JSON.stringify(filters)}`).toBe(400);
      expect(json.msg).toBeTruthy();
    }
    expect((await call('warehouse', riskControlMarginRow, 'list')).json.code).toBe(403);
    expect((await call('risk', riskStatementContract, 'save', { partnerId: served })).res.statusCode).toBe(
      404,
    );
  });
});
