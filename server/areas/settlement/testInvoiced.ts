// A sale brought to issued invoices the way the desks do it, for the tests of what follows an invoice (red
// letters, the weight ledger, the tax platform's files, the prints): the basis sale of domain-money.md §1.6
// (200 t ±5 %, fixed 100 t @ 14,500 and 100 t @ 14,700, basis 850 in the test kit) delivers P2601–P2605 =
// 201.564 t, settled at 3,114,163.80, confirmed by the mill and invoiced in full under one number (no maximum).
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { invoiceApplication, settlement } from '../../../src/areas/settlement/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { post } from '../../test/harness.ts';
import type { resourceCalls } from '../../test/resourceCalls.ts';

export const WEIGHTS = {
  P2601: '40.112',
  P2602: '39.876',
  P2603: '40.305',
  P2604: '41.020',
  P2605: '40.251',
};

const commandPath = (decl: Parameters<typeof resourcePath>[0], name: string) =>
  `${resourcePath(decl, 'detail').replace(/\/detail$/, '')}/${name}`;

export interface Invoiced {
  client: string;
  contract: string;
  settlementId: string;
  applicationId: string;
  invoiceNo: string;
}

/**
 * The sale settled, confirmed and invoiced under `invoiceNo` (sales settles and applies, finance decides); with
 * `issue: false` its application stays approved, waiting for its number.
 */
export async function invoicedSale(
  db: Queryable,
  app: FastifyInstance,
  calls: ReturnType<typeof resourceCalls>,
  token: (who: string) => string,
  invoiceNo: string,
  { batchPrefix = 'P', clientName = '无锡一棉', issue = true } = {},
): Promise<Invoiced> {
  const { saved, transition } = calls;
  const client = await clientWithLimit(db, clientName, '50000000', 'sales');
  const contract = await approvedBasisSale(calls, client, '200');
  // The day's price (a second sale of the same test finds it there already).
  await calls.call('trader', futuresPrice, 'save', {
    tradeDate: '2026-11-23',
    futuresMonth: 'CF2705',
    lastPrice: '14610',
    settlementPrice: '14600',
  });
  for (const price of ['14500', '14700']) {
    const fix = await post(
      app,
      commandPath(transactionContract, 'fix'),
      { id: contract, tonnage: '100', futuresPrice: price },
      { token: token('admin') },
    );
    expect(fix.json.code, fix.json.msg).toBe(200);
  }
  for (const [sort, [batch, weight]] of Object.entries(WEIGHTS).entries()) {
    const batchNo = batch.replace(/^P/, batchPrefix);
    await db.query(
      `insert into batches (batch_no, status, conditioned_weight, crop_year) values ($1, 'out', $2, '2025/26')`,
      [batchNo, weight],
    );
    await db.query(
      'insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, sort) values ($1, $2, $3, $4)',
      [contract, batchNo, weight, sort],
    );
  }
  const made = await saved('sales', settlement, {
    side: 'sale',
    contractId: contract,
    settleDate: '2026-11-23',
  });
  expect((await transition('sales', settlement, made.id, 'submit')).json.code).toBe(200);
  expect((await transition('finance', settlement, made.id, 'approve')).json.code).toBe(200);
  const confirmed = await post(
    app,
    commandPath(settlement, 'confirm'),
    { id: made.id, confirmedByParty: '无锡一棉 周经理', confirmedOn: '2026-11-24' },
    { token: token('finance') },
  );
  expect(confirmed.json.code, confirmed.json.msg).toBe(200);
  const applied = await saved('sales', invoiceApplication, {
    settlementId: made.id,
    invoiceKind: '01',
    applyDate: '2026-11-25',
  });
  expect((await transition('sales', invoiceApplication, applied.id, 'submit')).json.code).toBe(200);
  expect((await transition('finance', invoiceApplication, applied.id, 'approve')).json.code).toBe(200);
  if (!issue) return { client, contract, settlementId: made.id, applicationId: applied.id, invoiceNo: '' };
  const issued = await post(
    app,
    commandPath(invoiceApplication, 'issue'),
    { id: applied.id, invoiceNos: invoiceNo, issueDate: '2026-11-25' },
    { token: token('finance') },
  );
  expect(issued.json.code, issued.json.msg).toBe(200);
  return { client, contract, settlementId: made.id, applicationId: applied.id, invoiceNo };
}
