// The contract execution reports through HTTP: a spot sale of 100 t at 15,000 with 40.5 t delivered (its
// batch out) and 200,000.00 paid (a reversed payment does not count), a basis purchase of 300 t with 120 t
// fixed; a draft contract is not in force. Each column's total is the sum of its rows.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { purchaseContractStatement, saleContractStatement } from '../../../src/areas/costing/index.ts';
import { BACKENDS, login, manualClock, openTestDb, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('the contract execution reports on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['finance', 'trader', 'warehouse']) tokens[who] = (await login(app, who)).token;
    const q = env.db.query.bind(env.db);
    const [partner] = await q<{ id: string }>(
      `insert into partners (name, kinds) values ('执行测试棉纺', '{client,supplier}') returning id::text`,
    );
    const [warehouse] = await q<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('ZX', '执行库', 'delivery') returning id::text`,
    );
    await q(
      `insert into batches (batch_no, status, warehouse_id, conditioned_weight) values ('ZX1', 'out', $1, 40.5),
              ('ZX2', 'stock', $1, 41)`,
      [warehouse!.id],
    );
    const contract = (
      no: string,
      side: string,
      kind: string,
      tonnage: string,
      price: string | null,
      fixed: string,
      status: string,
    ) =>
      q<{ id: string }>(
        `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, unit_price, fixed_tonnage, tax_rate, status)
         values ($1, $2, $3, $4, '2026-11-02', $5, $6, $7, 9, $8) returning id::text`,
        [no, side, kind, partner!.id, tonnage, price, fixed, status],
      );
    const [sale] = await contract('XS1', 'sale', 'spot', '100', '15000', '0', 'executing');
    await contract('CG1', 'purchase', 'basis', '300', '14800', '120', 'executing');
    await contract('CG2', 'purchase', 'spot', '50', '14500', '0', 'draft');
    await q(
      `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight)
       values ($1, 'ZX1', 40.5), ($1, 'ZX2', 41)`,
      [sale!.id],
    );
    await q(
      `insert into client_payments (payment_no, partner_id, contract_id, kind, amount, received_on, status, created_at)
       values ('SK1', $1, $2, 'goods', 200000, '2026-11-10', 'paid', '2026-11-10T10:00:00+08:00'),
              ('SK2', $1, $2, 'goods', 99999, '2026-11-11', 'reversed', '2026-11-11T10:00:00+08:00')`,
      [partner!.id, sale!.id],
    );
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('states a sale: signed, priced, delivered and what remains, paid and owed on priced goods delivered', async () => {
    const [row] = await records('finance', saleContractStatement);
    expect(row).toMatchObject({
      tonnage: '100',
      pricedTonnage: '100',
      unpricedTonnage: '0',
      deliveredTonnage: '40.5',
      undeliveredTonnage: '59.5',
      pricedAmount: '1500000.00',
      paidAmount: '200000.00',
      receivableAmount: '407500.00',
    });
  });

  it('states purchases in force by how they are priced, each total the sum of its rows', async () => {
    const later = await records('trader', purchaseContractStatement, { pricingMode: 'later' });
    expect(later.map((r) => [r.tonnage, r.pricedTonnage, r.unpricedTonnage, r.pricedAmount])).toEqual([
      ['300', '120', '180', '1776000.00'],
    ]);
    expect(await records('trader', purchaseContractStatement, { pricingMode: 'fixed' })).toEqual([]);
    const { json } = await call('finance', saleContractStatement, 'list', {});
    const { records: rows, totals } = json.data as {
      records: Record<string, string>[];
      totals: Record<string, string>;
    };
    for (const field of ['tonnage', 'deliveredTonnage', 'pricedAmount', 'paidAmount', 'receivableAmount'])
      expect(
        new Decimal(totals[field]!).equals(rows.reduce((s, r) => s.plus(r[field]!), new Decimal(0))),
      ).toBe(true);
  });

  it('is read only, and not by the warehouse', async () => {
    expect((await call('finance', saleContractStatement, 'save', { tonnage: '1' })).json.code).not.toBe(200);
    expect((await call('warehouse', saleContractStatement, 'list', {})).json.code).toBe(403);
  });
});
