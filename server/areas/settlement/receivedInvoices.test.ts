// Invoices received on a spot purchase, on both backends (domain-money.md §2.8, SM-5): a spot purchase of 200 t
// at 15,000 delivers P2601–P2603 (40.112, 39.876, 40.305 t), settled and confirmed. The ginner's invoice is
// registered as it reads, verified, matched to the settled batches within 0.01 (a line 0.01 over matches, one
// 0.02 over is refused, so is a batch invoiced twice or one not settled), then marked for deduction in a period
// not before the month of issue.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { invoiceWeightRecord, receivedInvoice, settlement } from '../../../src/areas/settlement/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';

const NOW = Date.parse('2026-11-25T02:00:00Z');
const WEIGHTS = { P2601: '40.112', P2602: '39.876', P2603: '40.305' };

describe.each(BACKENDS)('invoices received on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const calls = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved, transition } = calls;
  let contract = '';
  const settled: Record<string, string> = {};
  const base = resourcePath(receivedInvoice, 'detail').replace(/\/detail$/, '');
  const command = (id: string, name: string, input: Record<string, string>) =>
    post(app, `${base}/${name}`, { id, ...input }, { token: tokens.finance! });
  const register = (invoiceNo: string, lines: { batchNo: string; quantity: string; amount: string }[]) =>
    call('trader', receivedInvoice, 'save', {
      invoiceNo,
      invoiceKind: '01',
      contractId: contract,
      issueDate: '2026-11-25',
      sellerTaxNo: '91652801MA7XXXXXX1',
      lines: JSON.stringify(
        lines.map((l) => ({
          ...l,
          vat: new Decimal(l.amount)
            .minus(new Decimal(l.amount).dividedBy('1.09').toDecimalPlaces(2))
            .toFixed(2),
        })),
      ),
    });
  const verified = async (invoiceNo: string, lines: Parameters<typeof register>[1]) => {
    const made = await register(invoiceNo, lines);
    expect(made.json.code, made.json.msg).toBe(200);
    const id = (made.json.data as Row).id;
    expect((await command(id, 'verify', { verifiedOn: '2026-11-25' })).json.code).toBe(200);
    return id;
  };
  const plus = (amount: string, fen: string) => new Decimal(amount).plus(fen).toFixed(2);

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance', 'finance2'])
      tokens[who] = (await login(app, who)).token;
    const [ginner] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
    );
    contract = (
      await saved('admin', transactionContract, {
        side: 'purchase',
        kind: 'spot',
        partnerId: ginner!.id,
        signDate: '2026-11-20',
        tonnage: '200',
        tolerancePercent: '5',
        unitPrice: '15000',
        deliveryFrom: '2026-11-20',
        deliveryTo: '2026-12-31',
      })
    ).id;
    expect((await transition('admin', transactionContract, contract, 'submit')).json.code).toBe(200);
    expect((await transition('risk', transactionContract, contract, 'approve')).json.code).toBe(200);
    for (const [sort, [batchNo, weight]] of Object.entries(WEIGHTS).entries()) {
      await env.db.query(
        `insert into batches (batch_no, status, owner_kind, conditioned_weight, crop_year)
         values ($1, 'stock', 'own', $2, '2025/26')`,
        [batchNo, weight],
      );
      await env.db.query(
        'insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, sort) values ($1, $2, $3, $4)',
        [contract, batchNo, weight, sort],
      );
    }
    const made = await saved('trader', settlement, {
      side: 'purchase',
      contractId: contract,
      settleDate: '2026-11-24',
    });
    expect((await transition('trader', settlement, made.id, 'submit')).json.code).toBe(200);
    expect((await transition('finance', settlement, made.id, 'approve')).json.code).toBe(200);
    const confirmed = await post(
      app,
      `${resourcePath(settlement, 'detail').replace(/\/detail$/, '')}/confirm`,
      { id: made.id, confirmedByParty: '库尔勒棉业 王经理', confirmedOn: '2026-11-24' },
      { token: tokens.finance! },
    );
    expect(confirmed.json.code, confirmed.json.msg).toBe(200);
    for (const row of await env.db.query<{ batchNo: string; amount: string }>(
      `select batch_no as "batchNo", amount::text from settlement_lines where settlement_id = $1`,
      [made.id],
    ))
      settled[row.batchNo] = row.amount;
    expect(Object.keys(settled).sort()).toEqual(Object.keys(WEIGHTS));
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  let first = '';

  it('registers the invoice as it reads, its totals the sums of its lines', async () => {
    const made = await register('26112500000000000501', [
      { batchNo: 'P2601', quantity: '40.112', amount: plus(settled.P2601!, '0.01') },
      { batchNo: 'P2602', quantity: '39.876', amount: settled.P2602! },
    ]);
    expect(made.json.code, made.json.msg).toBe(200);
    const row = made.json.data as Row;
    first = row.id;
    expect(row).toMatchObject({
      status: 'registered',
      quantity: '79.988',
      amount: plus(new Decimal(settled.P2601!).plus(settled.P2602!).toFixed(2), '0.01'),
    });
    expect(new Decimal(String(row.amountExcl)).plus(String(row.vat)).toFixed(2)).toBe(row.amount);
  });

  it('matches within 0.01 after the platform check; a deduction period before the issue month is refused', async () => {
    const early = await command(first, 'match', {});
    expect(early.json.code).not.toBe(200);
    expect((await command(first, 'verify', { verifiedOn: '2026-11-25' })).json.code).toBe(200);
    const matched = await command(first, 'match', {});
    expect(matched.json.code, matched.json.msg).toBe(200);
    const { json } = await call('finance', receivedInvoice, 'detail', { id: first });
    expect(json.data).toMatchObject({ status: 'matched' });
    expect((json.data as { lines: Row[] }).lines.every((l) => l.matched === true)).toBe(true);
    const before = await command(first, 'deduct', { taxPeriod: '2026-10', deductedOn: '2026-11-26' });
    expect(before.json.code).toBe(400);
    expect(before.json.msg).toContain('早于开票月份');
    const deducted = await command(first, 'deduct', { taxPeriod: '2026-11', deductedOn: '2026-11-26' });
    expect(deducted.json.code, deducted.json.msg).toBe(200);
    expect((await call('finance', receivedInvoice, 'detail', { id: first })).json.data).toMatchObject({
      status: 'deducted',
      taxPeriod: '2026-11',
      deductedOn: '2026-11-26',
    });
  });

  it('refuses a line 0.02 off, a batch invoiced twice and one not settled, matching nothing', async () => {
    const off = await verified('26112500000000000502', [
      { batchNo: 'P2603', quantity: '40.305', amount: plus(settled.P2603!, '0.02') },
    ]);
    const refused = await command(off, 'match', {});
    expect(refused.json.code).toBe(400);
    expect(refused.json.msg).toContain(`已结算未收票 ${settled.P2603} 元`);
    const twice = await verified('26112500000000000503', [
      { batchNo: 'P2601', quantity: '1.000', amount: '15000.00' },
    ]);
    const again = await command(twice, 'match', {});
    expect(again.json.code).toBe(400);
    expect(again.json.msg).toContain('已结算未收票 0.000 吨');
    await env.db.query(
      `insert into batches (batch_no, status, owner_kind, conditioned_weight, crop_year)
       values ('P2699', 'stock', 'own', 40, '2025/26')`,
    );
    const unsettled = await verified('26112500000000000504', [
      { batchNo: 'P2699', quantity: '40.000', amount: '600000.00' },
    ]);
    const none = await command(unsettled, 'match', {});
    expect(none.json.code).toBe(400);
    expect(none.json.msg).toContain('没有已确认的采购结算');
    const [{ n }] = (await env.db.query<{ n: number }>(
      `select count(*)::int as n from received_invoice_lines where settlement_line_id is not null`,
    )) as [{ n: number }];
    expect(n).toBe(2);
    // Rejected (returned to the supplier), the exact invoice of P2603 then matches.
    expect((await transition('finance', receivedInvoice, off, 'reject', '金额不符，退回')).json.code).toBe(
      200,
    );
    const right = await verified('26112500000000000505', [
      { batchNo: 'P2603', quantity: '40.305', amount: settled.P2603! },
    ]);
    expect((await command(right, 'match', {})).json.code).toBe(200);
    // The purchase's ledger by weight counts the matched lines: all three batches invoiced to the house.
    const ledger = await call('finance', invoiceWeightRecord, 'detail', { id: contract });
    expect(ledger.json.data).toMatchObject({
      direction: 'in',
      settledTonnes: '120.293',
      invoicedTonnes: '120.293',
      toInvoiceTonnes: '0',
      toInvoiceAmount: '-0.01',
    });
  });

  it('refuses a number registered already, writing nothing', async () => {
    const taken = await register('26112500000000000501', [
      { batchNo: 'P2603', quantity: '1', amount: '1.00' },
    ]);
    expect(taken.json.code).toBe(400);
    const [{ n }] = (await env.db.query<{ n: number }>(
      `select count(*)::int as n from received_invoices where invoice_no = '26112500000000000501'`,
    )) as [{ n: number }];
    expect(n).toBe(1);
  });
});
