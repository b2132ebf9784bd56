// Manual allocation of futures trades (TradeAllocation) through HTTP: a trade's lots set against a contract
// in force and the inventory, never more than the trade has (refused in words, nothing written), not a
// hedge order's fill, not a contract not in force; recorded with who and when, shown on the trade and
// listed by contract; the desk allocates, risk reads, a warehouse clerk is refused.
import type { FastifyInstance } from 'fastify';
import { futuresAccount, futuresAllocation, futuresTrade } from '../../../src/areas/hedging/index.ts';
import { BACKENDS, login, manualClock, openTestDb, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('trade allocation on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let tradeId = '';
  let hedgedTradeId = '';
  let contractId = '';
  let draftContractId = '';

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['trader', 'risk', 'warehouse']) tokens[who] = (await login(app, who)).token;
    const q = env.db.query.bind(env.db);
    const [broker] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('中粮期货', '{broker,supplier}') returning id::text`,
    );
    const contract = async (no: string, status: string) =>
      (
        await q<{ id: string }>(
          `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, tax_rate,
             status, futures_month, basis)
           values ($1, 'purchase', 'basis', $2, '2026-11-01', 100, 9, $3, 'CF2705', 800) returning id::text`,
          [no, broker!.id, status],
        )
      )[0]!.id;
    contractId = await contract('CG-A', 'executing');
    draftContractId = await contract('CG-D', 'draft');
    const account = await saved('trader', futuresAccount, {
      accountNo: 'H1',
      brokerId: broker!.id,
      book: 'hedge',
    });
    const trade = {
      accountId: account.id,
      book: 'hedge',
      futuresMonth: 'CF2705',
      side: 'sell',
      effect: 'open',
      price: '14800',
      fee: '0',
      tradedAt: '2026-11-23 09:30:00',
    };
    tradeId = (await saved('trader', futuresTrade, { ...trade, lots: 10 })).id;
    hedgedTradeId = (await saved('trader', futuresTrade, { ...trade, lots: 2 })).id;
    // As a hedge order's fill books it: linked to a fixing.
    await q(
      `insert into contract_fixings (contract_id, tonnage, futures_month, futures_price, unit_price, amount,
         hedge_direction, hedge_lots, hedge_tail, fixed_by, fixed_at)
       values ($1, 10, 'CF2705', 14800, 15600, 156000, 'sell', 2, 0, (select min(id) from users), '2026-11-20T02:00:00Z')`,
      [contractId],
    );
    await q(`update futures_trades set fixing_id = (select max(id) from contract_fixings) where id = $1`, [
      hedgedTradeId,
    ]);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  const allocate = (who: string, body: Record<string, string | number>) =>
    call(who, futuresAllocation, 'save', body);
  const count = async () =>
    Number((await env.db.query<{ n: string }>('select count(*)::text as n from futures_allocations'))[0]!.n);

  it('allocates 6 of the 10 lots to a contract and 3 to the inventory, recorded with who and when', async () => {
    const first = await allocate('trader', { tradeId, target: 'contract', contractId, lots: 6 });
    expect(first.json.code, first.json.msg).toBe(200);
    const second = await allocate('trader', { tradeId, target: 'inventory', lots: 3, remark: '库存套保' });
    expect(second.json.code, second.json.msg).toBe(200);
    const rows = await records('risk', futuresAllocation, { tradeId });
    expect(
      rows
        .map((r) => [r.target, r.contractId ?? null, r.lots, r.futuresMonth, r.createdByName ?? r.createdBy])
        .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
    ).toEqual([
      ['contract', contractId, 6, 'CF2705', expect.anything()],
      ['inventory', null, 3, 'CF2705', expect.anything()],
    ]);
    expect(rows.every((r) => String(r.createdAt).startsWith('2026-11-23'))).toBe(true);
    // The trade shows its 9 lots allocated; the contract's allocations are listed by contract.
    const trade = (await records('risk', futuresTrade)).find((t) => t.id === tradeId);
    expect(trade!.allocatedLots).toBe(9);
    expect((await records('risk', futuresAllocation, { contractId })).map((r) => r.lots)).toEqual([6]);
  });

  it('refuses lots beyond what is left of the trade, saying how many are left, nothing written', async () => {
    const before = await count();
    const { json } = await allocate('trader', { tradeId, target: 'inventory', lots: 2 });
    expect(json.code).toBe(400);
    expect(JSON.stringify(json)).toContain('共 10 手，已分配 9 手，最多还能分配 1 手');
    expect(await count()).toBe(before);
    // The last lot still goes.
    expect((await allocate('trader', { tradeId, target: 'inventory', lots: 1 })).json.code).toBe(200);
  });

  it("refuses a hedge order's fill, a contract not in force, a contract target without a contract", async () => {
    const before = await count();
    const hedged = await allocate('trader', { tradeId: hedgedTradeId, target: 'inventory', lots: 1 });
    expect(hedged.json.code).toBe(400);
    expect(JSON.stringify(hedged.json)).toContain('已由套保指令成交记入点价');
    const draft = await allocate('trader', {
      tradeId,
      target: 'contract',
      contractId: draftContractId,
      lots: 1,
    });
    expect(draft.json.code).toBe(400);
    expect(JSON.stringify(draft.json)).toContain('未生效或已结束');
    const none = await allocate('trader', { tradeId, target: 'contract', lots: 1 });
    expect(none.json.code).toBe(400);
    expect(await count()).toBe(before);
  });

  it('is undone by deleting it, never changed in place', async () => {
    const [one] = await records('trader', futuresAllocation, { tradeId, target: 'contract' });
    const changed = await allocate('trader', {
      id: one!.id,
      tradeId,
      target: 'contract',
      contractId,
      lots: 1,
    });
    // No one holds an edit right on an allocation.
    expect(changed.json.code).toBe(403);
    expect((await call('trader', futuresAllocation, 'delete', { id: one!.id })).json.code).toBe(200);
    expect((await allocate('trader', { tradeId, target: 'contract', contractId, lots: 6 })).json.code).toBe(
      200,
    );
  });

  it('lets risk read and not allocate, and a warehouse clerk not even read', async () => {
    expect((await allocate('risk', { tradeId, target: 'inventory', lots: 1 })).json.code).toBe(403);
    expect((await call('warehouse', futuresAllocation, 'list', {})).json.code).toBe(403);
  });
});
