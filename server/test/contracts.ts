// A contract as tests of other areas need it: drafted, submitted and approved by another user; a client with
// a credit limit and its salesperson.
import { expect } from 'vitest';
import { transactionContract } from '../../src/areas/contracts/index.ts';
import type { Queryable } from '../platform/db/index.ts';
import type { resourceCalls } from './resourceCalls.ts';

/** A basis sale over CF2705 (basis 850, deadline 2027-04-15), drafted by admin and approved by risk; its id. */
export async function approvedBasisSale(
  { saved, transition }: ReturnType<typeof resourceCalls>,
  partnerId: string,
  tonnage: string,
): Promise<string> {
  const contract = await saved('admin', transactionContract, {
    side: 'sale',
    kind: 'basis',
    partnerId,
    signDate: '2026-11-20',
    tonnage,
    tolerancePercent: '5',
    futuresMonth: 'CF2705',
    basis: '850',
    fixingDeadline: '2027-04-15',
  });
  expect((await transition('admin', transactionContract, contract.id, 'submit')).json.code).toBe(200);
  const approved = await transition('risk', transactionContract, contract.id, 'approve');
  expect(approved.json.code, approved.json.msg).toBe(200);
  return contract.id;
}

/** A client with a credit limit, served (when `salesperson` is given) by that user from 2026; its id. */
export async function clientWithLimit(
  db: Queryable,
  name: string,
  creditLimit: string,
  salesperson?: string,
): Promise<string> {
  const [row] = await db.query<{ id: string }>(
    `insert into partners (name, kinds, credit_limit) values ($1, '{client}', $2) returning id::text`,
    [name, creditLimit],
  );
  if (salesperson)
    await db.query(
      `insert into client_relations (client_id, salesperson_id, from_date)
       values ($1, (select id from users where login_name = $2), '2026-01-01')`,
      [row!.id, salesperson],
    );
  return row!.id;
}
