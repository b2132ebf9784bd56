// The commission run on both backends (domain-money.md §5.4, batch P2602: 39.876 t sold at 15,650 to a mill
// by `sales`, bought by `trader`): per tonne at 3 and 5 the purchaser earns 119.63 and the salesperson
// 199.38; with 60 % of the contract collected 60 % of each is payable. The run is computed at the settings in
// force on its day (a later rate is a later version), submitted, approved by someone other than its
// submitter, confirmed by someone with no line in it, then frozen: a later collection is a new line in the
// next run. A salesperson reads only their own lines, whatever they ask for.
import type { FastifyInstance } from 'fastify';
import { commissionLine, commissionRun, commissionTarget } from '../../../src/areas/commissions/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';

const NOW = Date.parse('2026-11-26T08:00:00Z');

describe.each(BACKENDS)('commission runs on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const resource = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved, records, transition } = resource;
  const ids: Record<string, string> = {};
  let contract = '';
  let client = '';
  const base = resourcePath(commissionRun, 'detail').replace(/\/detail$/, '');
  const command = (who: string, id: string, name: string, input: Record<string, string> = {}) =>
    post(app, `${base}/${name}`, { id, ...input }, { token: tokens[who]! });
  const linesOf = async (runId: string) =>
    env.db.query<{ login: string; role: string; gross: string; payable: string; kind: string; rate: string }>(
      `select u.login_name as login, l.role, l.gross::text, l.payable::text, l.line_kind as kind,
              trim_scale(l.rate)::text as rate
         from commission_lines l join users u on u.id = l.person_id where l.run_id = $1 order by l.sort`,
      [runId],
    );
  const pay = (amount: string) =>
    env.db.query(
      `insert into client_payments (partner_id, contract_id, kind, amount, received_on, status, created_at)
       values ($1, $2, 'goods', $3, '2026-11-20', 'paid', '2026-11-20T02:00:00Z')`,
      [client, contract, amount],
    );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'sales', 'finance', 'finance2'])
      tokens[who] = (await login(app, who)).token;
    for (const row of await env.db.query<{ login: string; id: string }>(
      'select login_name as login, id::text from users',
    ))
      ids[row.login] = row.id;
    const [mill] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('无锡一棉', '{client}') returning id::text`,
    );
    const [ginner] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒轧花厂', '{supplier}') returning id::text`,
    );
    client = mill!.id;
    const contractOf = async (no: string, side: string, partner: string, person: string, price: string) =>
      (
        await env.db.query<{ id: string }>(
          `insert into transaction_contracts (contract_no, side, kind, partner_id, salesperson_id, sign_date,
                  tonnage, unit_price, tax_rate, status)
           values ($1, $2, 'spot', $3, $4, '2026-10-01', 39.876, $5, 9, 'executing') returning id::text`,
          [no, side, partner, person, price],
        )
      )[0]!.id;
    const purchase = await contractOf('CG-P2602', 'purchase', ginner!.id, ids.trader!, '14300');
    contract = await contractOf('XS-P2602', 'sale', client, ids.sales!, '15650');
    await env.db.query(
      `insert into batches (batch_no, status, conditioned_weight, crop_year) values ('P2602', 'out', 39.876, '2025/26')`,
    );
    for (const id of [purchase, contract])
      await env.db.query(
        `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, unit_price)
         values ($1, 'P2602', 39.876, (select unit_price from transaction_contracts where id = $1))`,
        [id],
      );
    // The sale settled and confirmed by the mill on 2026-11-18: 624,059.40 incl., 572,531.56 excl. of 9 % VAT.
    const [settlement] = await env.db.query<{ id: string }>(
      `insert into settlements (settlement_no, side, contract_id, settle_date, created_by, created_at)
       values ('JS-P2602', 'sale', $1, '2026-11-18', $2, '2026-11-20T02:00:00Z') returning id::text`,
      [contract, ids.sales],
    );
    await env.db.query(
      `insert into settlement_lines (settlement_id, side, contract_id, line_kind, batch_no, weight, unit_price,
              amount, amount_excl, vat, tax_rate, priced_by)
       values ($1, 'sale', $2, 'goods', 'P2602', 39.876, 15650, 624059.40, 572531.56, 51527.84, 9, 'fixed')`,
      [settlement!.id, contract],
    );
    await env.db.query(
      `update settlements set goods_amount = 624059.40, total_amount = 624059.40, amount_excl = 572531.56,
              vat = 51527.84, balance = 624059.40, status = 'confirmed', confirmed_on = '2026-11-18',
              confirmed_by = $2, confirmed_at = '2026-11-20T02:00:00Z'
        where id = $1`,
      [settlement!.id, ids.sales],
    );
    // 60 % of the contract collected.
    await pay('374435.64');
    // From 20 November the sales rate is 6/t: a later version of the scheme.
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('commissionPerTonne', '6.00', '2026-11-20')`,
    );
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  let run: Row;

  test('a run of the month computes per tonne at the version chosen: 119.63 and 199.38, 60 % payable', async () => {
    run = await saved('finance', commissionRun, { period: '2026-11', settingsOn: '2026-11-19' });
    expect(run).toMatchObject({
      status: 'computed',
      scheme: 'perTonne',
      rateSale: '5.00',
      ratePurchase: '3.00',
    });
    const lines = (await linesOf(run.id)).filter((line) => line.role !== 'manager');
    expect(lines).toEqual([
      {
        login: 'trader',
        role: 'purchaser',
        gross: '119.63',
        payable: '71.78',
        kind: 'commission',
        rate: '3',
      },
      {
        login: 'sales',
        role: 'salesperson',
        gross: '199.38',
        payable: '119.63',
        kind: 'commission',
        rate: '5',
      },
    ]);
    const { json } = await call('finance', commissionRun, 'detail', { id: run.id });
    const detail = json.data as Row & { lines: Row[] };
    expect(detail.lines.length).toBe(Number(detail.lineCount));
    // The run's totals are the sums of its lines.
    const sum = (field: string) =>
      detail.lines.reduce((total, line) => total + Math.round(Number(line[field]) * 100), 0) / 100;
    expect(Number(detail.grossAmount)).toBe(sum('gross'));
    expect(Number(detail.payableAmount)).toBe(sum('payable'));
  });

  test('edited to the later version, it is recomputed at 6/t', async () => {
    await saved('finance', commissionRun, { id: run.id, period: '2026-11', settingsOn: '2026-11-25' });
    const sales = (await linesOf(run.id)).find((line) => line.role === 'salesperson')!;
    expect(sales).toMatchObject({ gross: '239.26', rate: '6' });
    await saved('finance', commissionRun, { id: run.id, period: '2026-11', settingsOn: '2026-11-19' });
  });

  test('a second run cannot open while one is in progress', async () => {
    const { json } = await call('finance', commissionRun, 'save', { period: '2026-12' });
    expect(json.code).toBe(400);
    expect(json.msg).toContain('尚未确认');
  });

  test('a bad month is refused in words, nothing made', async () => {
    const { json } = await call('finance', commissionRun, 'save', { period: '2026-13' });
    expect(json.code).toBe(400);
    expect(
      Number((await env.db.query<{ n: string }>('select count(*)::text as n from commission_runs'))[0]!.n),
    ).toBe(1);
  });

  test('a salesperson reads only their own lines, whatever they ask for', async () => {
    const own = await records('sales', commissionLine, { personId: ids.trader! });
    expect(own.map((line) => [line.personIdName, line.role])).toEqual([['赵敏', 'salesperson']]);
    const all = await records('finance', commissionLine);
    expect(all.length).toBeGreaterThanOrEqual(2);
    const traders = all.find((line) => line.role === 'purchaser')!;
    const { json } = await call('sales', commissionLine, 'detail', { id: traders.id });
    expect(json.code).toBe(400);
    // The purchaser's screens are not the sales desk's.
    expect((await call('trader', commissionLine, 'list', { role: 'salesperson' })).json.code).toBe(200);
    const traderRows = await records('trader', commissionLine);
    expect(traderRows.every((line) => line.personId === ids.trader)).toBe(true);
  });

  test('approved only by someone other than its submitter, confirmed only by someone with no line in it', async () => {
    expect((await transition('finance', commissionRun, run.id, 'submit')).json.code).toBe(200);
    const self = await transition('finance', commissionRun, run.id, 'approve');
    expect(self.json.code).not.toBe(200);
    expect((await transition('finance2', commissionRun, run.id, 'approve')).json.code).toBe(200);
    await env.db.query(
      `update commission_runs set status = status where id = $1`, // nothing changes the lines now
      [run.id],
    );
    // The administrator manages the sales desk in this test: they have a line and may not confirm.
    const [manager] = await env.db.query<{ n: string }>(
      `select count(*)::text as n from commission_lines where run_id = $1 and person_id = $2`,
      [run.id, ids.admin],
    );
    if (Number(manager!.n) > 0) {
      const refused = await command('admin', run.id, 'confirm');
      expect(refused.json.code).toBe(400);
    }
    const sales = await command('sales', run.id, 'confirm');
    expect(sales.json.code).not.toBe(200);
    const confirmed = await command('finance', run.id, 'confirm', { note: '11 月提成' });
    expect(confirmed.json.code, confirmed.json.msg).toBe(200);
    const { json } = await call('finance', commissionRun, 'detail', { id: run.id });
    expect(json.data).toMatchObject({ status: 'confirmed', confirmedBy: ids.finance });
  });

  test('a confirmed run is frozen: no recompute, no edit, no line changed', async () => {
    expect((await command('finance', run.id, 'recompute')).json.code).toBe(400);
    expect((await call('finance', commissionRun, 'save', { id: run.id, period: '2026-10' })).json.code).toBe(
      400,
    );
    await expect(
      env.db.query('update commission_lines set gross = 0 where run_id = $1', [run.id]),
    ).rejects.toThrow();
    expect((await call('finance', commissionRun, 'delete', { id: run.id })).json.code).not.toBe(200);
  });

  test("a later collection is a new line in the next run, never an edit of the confirmed one's", async () => {
    await pay('249623.76'); // the contract fully collected
    const next = await saved('finance', commissionRun, { period: '2026-12' });
    const lines = await linesOf(next.id);
    const sales = lines.find((line) => line.role === 'salesperson')!;
    expect(sales).toMatchObject({ kind: 'collection', gross: '0.00', payable: '79.75' });
    expect(lines.filter((line) => line.kind === 'commission')).toEqual([]);
    // The first run's lines are as confirmed.
    expect((await linesOf(run.id)).find((line) => line.role === 'salesperson')!.payable).toBe('119.63');
    expect((await call('finance', commissionRun, 'delete', { id: next.id })).json.code).toBe(200);
  });

  test('the run is paid once confirmed', async () => {
    expect((await transition('finance', commissionRun, run.id, 'pay')).json.code).toBe(200);
    const { json } = await call('finance', commissionRun, 'history', { id: run.id });
    expect((json.data as { action: string }[]).map((entry) => entry.action)).toEqual(
      expect.arrayContaining(['submit', 'approve', 'confirm', 'pay']),
    );
  });

  test('a sales target of the month reads its actual from confirmed settlements, with the completion', async () => {
    const target = await saved('admin', commissionTarget, {
      side: 'sale',
      period: '2026-11',
      personId: ids.sales!,
      metric: 'tonnes',
      targetValue: '50',
    });
    expect(target).toMatchObject({ status: 'draft', actualValue: '39.876', completionPercent: '79.75' });
    const revenue = await saved('admin', commissionTarget, {
      side: 'sale',
      period: '2026-11',
      personId: ids.sales!,
      metric: 'revenue',
      targetValue: '600000',
    });
    expect(revenue).toMatchObject({ actualValue: '572531.56', completionPercent: '95.42' });
    expect((await transition('admin', commissionTarget, target.id, 'publish')).json.code).toBe(200);
    expect((await transition('admin', commissionTarget, target.id, 'close')).json.code).toBe(200);
    const neither = await call('admin', commissionTarget, 'save', {
      side: 'sale',
      period: '2026-11',
      metric: 'tonnes',
      targetValue: '5',
    });
    expect(neither.json.code).toBe(400);
    // The sales desk reads the targets, and sets none.
    expect((await call('sales', commissionTarget, 'list', { side: 'sale' })).json.code).toBe(200);
    expect(
      (
        await call('sales', commissionTarget, 'save', {
          side: 'sale',
          period: '2026-11',
          personId: ids.sales!,
          metric: 'tonnes',
          targetValue: '1',
        })
      ).json.code,
    ).toBe(403);
  });
});
