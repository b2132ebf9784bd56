// A contract as tests of other areas need it: drafted, submitted and approved by another user.
import { expect } from 'vitest';
import { transactionContract } from '../../src/areas/contracts/index.ts';
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
