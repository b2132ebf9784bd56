// Splitting and combining contracts through HTTP: a split makes two contracts whose tonnages sum to the
// original with its fixings apportioned (each part keeps the average), a combination one contract with
// every fixing carried over; the originals are superseded and name the operation, the new ones their origin.
// Every refusal changes nothing; the trading desk splits, risk and the sales desk read (a salesperson only
// their own clients' operations), finance is refused.
import type { FastifyInstance } from 'fastify';
import {
  contractSepComb,
  contractTransfer,
  transactionContract,
} from '../../../src/areas/contracts/resources.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('splitting and combining contracts on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let supplierId: string;
  let clientId: string;
  let otherClientId: string;
  const one = async <T>(sql: string, params: unknown[] = []) => (await env.db.query<T>(sql, params))[0]!;
  const base = resourcePath(contractSepComb, 'list').replace(/\/list$/, '');
  const operate = (who: string, name: 'split' | 'combine', body: Body) =>
    post(app, `${base}/${name}`, body, { token: tokens[who] });
  const fix = (id: string, tonnage: string, futuresPrice: string, who = 'trader') =>
    post(
      app,
      `${resourcePath(transactionContract, 'list').replace(/\/list$/, '')}/fix`,
      { id, tonnage, futuresPrice },
      { token: tokens[who] },
    );
  const contractOf = (id: string) =>
    one<Record<string, string | null>>(
      `select contract_no, status, tonnage::text, fixed_tonnage::text as fixed, average_fixed_price::text as average,
              unit_price::text as price, pricing_state, superseded_by::text, origin_sep_comb_id::text as origin,
              futures_month, basis::text
         from transaction_contracts where id = $1`,
      [id],
    );
  const counts = async () =>
    one<{ contracts: number; operations: number; fixings: number }>(
      `select (select count(*)::int from transaction_contracts) as contracts,
              (select count(*)::int from contract_sep_combs) as operations,
              (select count(*)::int from contract_fixings) as fixings`,
    );

  /** A basis contract drafted by its desk, submitted and approved by risk. */
  const approved = async (extra: Body = {}) => {
    const side = String(extra.side ?? 'purchase');
    const desk = String(extra.desk ?? (side === 'sale' ? 'sales' : 'trader'));
    delete extra.desk;
    const contract = await saved(desk, transactionContract, {
      side,
      kind: 'basis',
      partnerId: side === 'sale' ? clientId : supplierId,
      signDate: '2026-11-20',
      cropYear: '2025/26',
      tonnage: '100',
      futuresMonth: 'CF2705',
      basis: '850',
      qualityPremium: '100',
      fixingDeadline: '2027-04-15',
      ...extra,
    });
    expect((await transition(desk, transactionContract, contract.id, 'submit')).json.code).toBe(200);
    const approve = await transition('risk', transactionContract, contract.id, 'approve');
    expect(approve.json.code, approve.json.msg).toBe(200);
    return contract.id;
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance'])
      tokens[who] = (await login(app, who)).token;
    const partner = async (name: string, kind: string) =>
      (
        await one<{ id: string }>(
          `insert into partners (name, kinds) values ($1, array[$2]) returning id::text`,
          [name, kind],
        )
      ).id;
    await env.db.query(`insert into warehouses (code, name, kind) values ('HT1', '合同库', 'delivery')`);
    supplierId = await partner('库尔勒棉业', 'supplier');
    clientId = await partner('无锡一棉', 'client');
    otherClientId = await partner('常州二棉', 'client');
    await env.db.query(
      `insert into client_relations (client_id, salesperson_id, from_date)
       select $1, id, '2026-01-01' from users where login_name = 'sales'`,
      [clientId],
    );
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('splits 100 t fixed 30 @ 15000 and 20 @ 15500 into 60 t and 40 t, each fixed 3 : 2 at F̄ 15200', async () => {
    const id = await approved();
    expect((await fix(id, '30', '15000')).json.code).toBe(200);
    expect((await fix(id, '20', '15500')).json.code).toBe(200);
    const before = await counts();

    const preview = await operate('trader', 'split', {
      contractId: id,
      firstTonnage: '60',
      reason: '客户分两批提货',
      preview: 'true',
    });
    expect(preview.json.code, preview.json.msg).toBe(200);
    const shown = (preview.json.data as { result: Record<string, string> }).result;
    expect(shown).toMatchObject({
      tonnage: '100.0000',
      fixedTonnage: '50.0000',
      averageFixedPrice: '15200.00',
    });
    expect(shown.results).toMatch(
      /60\.0000 吨，已点价 30\.0000 吨，均价 15200\.00；.*40\.0000 吨，已点价 20\.0000 吨，均价 15200\.00/,
    );
    expect(await counts()).toEqual(before);
    expect((await contractOf(id)).status).toBe('executing');

    const { json } = await operate('trader', 'split', {
      contractId: id,
      firstTonnage: '60',
      reason: '客户分两批提货',
    });
    expect(json.code, json.msg).toBe(200);
    const source = await contractOf(id);
    expect(source.status).toBe('superseded');
    const made = await env.db.query<{ id: string }>(
      'select id::text from transaction_contracts where origin_sep_comb_id = $1 order by id',
      [source.superseded_by],
    );
    expect(made).toHaveLength(2);
    // P = F̄ + B + premium = 15200 + 850 + 100.
    expect(await contractOf(made[0]!.id)).toMatchObject({
      status: 'executing',
      tonnage: '60.0000',
      fixed: '30.0000',
      average: '15200.00',
      price: '16150.00',
      pricing_state: 'partial',
      futures_month: 'CF2705',
      basis: '850.00',
    });
    expect(await contractOf(made[1]!.id)).toMatchObject({
      tonnage: '40.0000',
      fixed: '20.0000',
      average: '15200.00',
    });
    const carried = await env.db.query<{ tonnage: string; price: string; lots: number; from: string | null }>(
      `select tonnage::text, futures_price::text as price, hedge_lots as lots, carried_from::text as from
         from contract_fixings where contract_id = $1 order by id`,
      [made[0]!.id],
    );
    expect(carried.map((f) => [f.tonnage, f.price, f.lots])).toEqual([
      ['18.0000', '15000.00', 0],
      ['12.0000', '15500.00', 0],
    ]);
    expect(carried.every((f) => f.from !== null)).toBe(true);

    // The operation keeps who, when, its source and results; the contract's history says it.
    const [operation] = await records('trader', contractSepComb, { operation: 'split' });
    expect(operation).toMatchObject({ operation: 'split', reason: '客户分两批提货' });
    expect(Number(operation!.tonnage)).toBe(100);
    const detail = await call('trader', contractSepComb, 'detail', { id: String(operation!.id) });
    const parts = (detail.json.data as { parts: Row[] }).parts;
    expect(parts.map((p) => [p.role, p.tonnage, p.fixedTonnage])).toEqual([
      ['source', '100.0000', '50.0000'],
      ['result', '60.0000', '30.0000'],
      ['result', '40.0000', '20.0000'],
    ]);
    const history = await call('trader', transactionContract, 'history', { id });
    expect(JSON.stringify(history.json.data)).toContain('拆分');

    // A superseded contract is not split again.
    const again = await operate('trader', 'split', { contractId: id, firstTonnage: '10', reason: '再拆' });
    expect(again.json.code).toBe(400);
    expect(again.json.msg).toContain('不是已审批或执行中的合同');
  });

  it('refuses a split that does not leave two parts, of a draft, or of a contract naming batches: nothing changes', async () => {
    const id = await approved();
    const draft = await saved('trader', transactionContract, {
      side: 'purchase',
      kind: 'basis',
      partnerId: supplierId,
      signDate: '2026-11-20',
      tonnage: '50',
      futuresMonth: 'CF2705',
      basis: '850',
      fixingDeadline: '2027-04-15',
    });
    const before = await counts();
    for (const [body, words] of [
      [{ contractId: id, firstTonnage: '100' }, '拆出数量必须大于 0 且小于合同数量'],
      [{ contractId: id, firstTonnage: '120' }, '拆出数量必须大于 0 且小于合同数量'],
      [{ contractId: draft.id, firstTonnage: '10' }, '不是已审批或执行中的合同'],
      [{ contractId: '999999', firstTonnage: '10' }, '所选记录不存在或已被删除'],
    ] as const) {
      const { json } = await operate('trader', 'split', { ...body, reason: '试' });
      expect(json.code, JSON.stringify(body)).toBe(400);
      expect(json.msg).toContain(words);
    }
    await env.db.query(
      `insert into batches (batch_no, warehouse_id, status, conditioned_weight, crop_year, bale_count)
       values ('65001251001', (select id from warehouses order by id limit 1), 'stock', '40.1', '2025/26', 186)`,
    );
    await env.db.query(
      `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight) values ($1, '65001251001', 40)`,
      [id],
    );
    const withBatch = await operate('trader', 'split', { contractId: id, firstTonnage: '10', reason: '试' });
    expect(withBatch.json.code).toBe(400);
    expect(withBatch.json.msg).toContain('65001251001');
    expect(await counts()).toEqual(before);
    expect((await contractOf(id)).status).toBe('approved');
  });

  it('combines two like contracts into one carrying every fixing (F̄ kept); refuses unlike ones, nothing changed', async () => {
    const a = await approved({ tonnage: '60' });
    const b = await approved({ tonnage: '40' });
    const c = await approved({ tonnage: '40', futuresMonth: 'CF2709' });
    expect((await fix(a, '30', '15200')).json.code).toBe(200);
    expect((await fix(b, '10', '15600')).json.code).toBe(200);
    const before = await counts();
    for (const [ids, words] of [
      [[a, c], '期货合约月份'],
      [[a], '至少两份'],
      [[a, a], '至少两份'],
    ] as const) {
      const { json } = await operate('trader', 'combine', { contractIds: [...ids], reason: '合并' });
      expect(json.code, JSON.stringify(ids)).toBe(400);
      expect(json.msg).toContain(words);
    }
    expect(await counts()).toEqual(before);

    const { json } = await operate('trader', 'combine', { contractIds: [a, b], reason: '同一客户合并执行' });
    expect(json.code, json.msg).toBe(200);
    expect((json.data as { result: Record<string, string> }).result).toMatchObject({
      tonnage: '100.0000',
      fixedTonnage: '40.0000',
      averageFixedPrice: '15300.00',
    });
    const sources = [await contractOf(a), await contractOf(b)];
    expect(sources.map((s) => s.status)).toEqual(['superseded', 'superseded']);
    const [made] = await env.db.query<{ id: string }>(
      'select id::text from transaction_contracts where origin_sep_comb_id = $1',
      [sources[0]!.superseded_by],
    );
    // (30·15200 + 10·15600) / 40 = 15300; P = 15300 + 850 + 100.
    expect(await contractOf(made!.id)).toMatchObject({
      status: 'executing',
      tonnage: '100.0000',
      fixed: '40.0000',
      average: '15300.00',
      price: '16250.00',
      pricing_state: 'partial',
    });
  });

  it('trader splits; risk and sales read (sales only their clients), risk may not split, finance is refused', async () => {
    const theirs = await approved({ side: 'sale', partnerId: otherClientId, tonnage: '80', desk: 'trader' });
    expect(
      (await operate('trader', 'split', { contractId: theirs, firstTonnage: '30', reason: '分批' })).json
        .code,
    ).toBe(200);
    const listed = (who: string) => call(who, contractSepComb, 'list', { operation: 'split' });
    const riskSees = ((await listed('risk')).json.data as { records: Row[] }).records;
    expect(riskSees.map((r) => r.partnerId)).toContain(otherClientId);
    const salesSees = ((await listed('sales')).json.data as { records: Row[] }).records;
    expect(salesSees.map((r) => r.partnerId)).not.toContain(otherClientId);
    // Finance, viewing contracts, reads an operation's number only (the contract's reference to it), no more.
    const financeList = (await listed('finance')).json.data as { records: Row[] };
    expect(Object.keys(financeList.records[0]!).sort()).toEqual(['id', 'operationNo']);
    expect(
      (await call('finance', contractSepComb, 'detail', { id: String(riskSees[0]!.id) })).json.code,
    ).toBe(403);
    const mine = await approved({ side: 'sale', tonnage: '80' });
    const before = await counts();
    for (const who of ['risk', 'sales', 'finance']) {
      const { json } = await operate(who, 'split', { contractId: mine, firstTonnage: '30', reason: '分批' });
      expect(json.code, `${who}: ${json.msg}`).toBe(403);
    }
    expect(await counts()).toEqual(before);
  });

  it('moves a contract to another salesperson once risk approves the request; refusals change nothing', async () => {
    const id = await approved({ side: 'sale', tonnage: '80' });
    const userId = async (login: string) =>
      (await one<{ id: string }>('select id::text from users where login_name = $1', [login])).id;
    const request = (who: string, body: Body) =>
      post(
        app,
        `${resourcePath(transactionContract, 'list').replace(/\/list$/, '')}/requestTransfer`,
        { id, ...body },
        { token: tokens[who] },
      );
    await env.db.query('update transaction_contracts set salesperson_id = $2 where id = $1', [
      id,
      await userId('sales'),
    ]);
    const same = await request('sales', { toSalespersonId: await userId('sales'), reason: '试' });
    expect(same.json.code).toBe(400);
    expect(same.json.msg).toContain('已由该业务员负责');
    const asked = await request('sales', {
      toSalespersonId: await userId('trader'),
      reason: '客户改由交易部对接',
    });
    expect(asked.json.code, asked.json.msg).toBe(200);
    expect((await request('sales', { toSalespersonId: await userId('admin'), reason: '再' })).json.code).toBe(
      400,
    );

    const [open] = await records('risk', contractTransfer, { status: 'submitted' });
    expect(open).toMatchObject({ contractId: id, reason: '客户改由交易部对接' });
    expect((await transition('sales', contractTransfer, open!.id, 'approve')).json.code).not.toBe(200);
    expect((await call('finance', contractTransfer, 'list', {})).json.code).toBe(403);
    const salesperson = async () =>
      (
        await one<{ s: string }>(
          'select salesperson_id::text as s from transaction_contracts where id = $1',
          [id],
        )
      ).s;
    expect(await salesperson()).toBe(await userId('sales'));

    const approve = await transition('risk', contractTransfer, open!.id, 'approve', '同意');
    expect(approve.json.code, approve.json.msg).toBe(200);
    expect(await salesperson()).toBe(await userId('trader'));
    const history = await call('trader', transactionContract, 'history', { id });
    expect(JSON.stringify(history.json.data)).toContain('客户改由交易部对接');
    const [decided] = await records('risk', contractTransfer, { status: 'approved' });
    expect(decided).toMatchObject({ comment: '同意' });
    expect(decided!.decidedBy).toBeTruthy();
  });
});
