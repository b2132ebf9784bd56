import {
  allowedTransitions,
  checkTransition,
  formFields,
  listFilters,
  validateRecord,
} from '../../framework/resource/index.ts';
import { ALL_RESOURCES } from '../../test/declarations.ts';
import { contractLine } from '../contracts/resources.ts';
import { BUSINESS_ROUTES } from '../index.ts';
import { contractBatch, warehouseReceipt } from './resources.ts';

const receipt = {
  receiptNo: 'WR-001',
  batchNo: '65001251001',
  registeredOn: '2026-11-20',
  validUntil: '2027-03-31',
};
const problemsOf = (input: Record<string, unknown>) =>
  Object.fromEntries(validateRecord(warehouseReceipt, input).map((p) => [p.field, p.message]));
const route = (key: string) => BUSINESS_ROUTES.find((r) => r.key === key);

describe('a warehouse receipt', () => {
  it('needs its number and batch; warehouse and weight may come from the batch', () => {
    expect(problemsOf(receipt)).toEqual({});
    expect(problemsOf({})).toEqual({
      receiptNo: 'validation.required',
      batchNo: 'validation.required',
    });
  });

  it('leaves lots, holder and status to the server', () => {
    const entered = formFields(warehouseReceipt).map((f) => f.key);
    expect(entered).not.toContain('lots');
    expect(entered).not.toContain('holderId');
    expect(entered).not.toContain('status');
    expect(entered, 'validity follows from the crop year').not.toContain('validUntil');
    expect(warehouseReceipt.fields.holderId.readOnly).toBe(true);
  });

  it('is registered, transferred, pledged and cancelled (with a reason) by whoever holds those rights', () => {
    const warehouseRights = ['view', 'register', 'transfer', 'pledge', 'cancel'];
    const actions = (state: string, rights: string[]) =>
      allowedTransitions(warehouseReceipt, state, rights).map((t) => t.action);
    expect(actions('preDeclared', warehouseRights)).toEqual(['register']);
    expect(actions('registered', warehouseRights)).toEqual(['transfer', 'pledge', 'cancel']);
    expect(actions('transferred', warehouseRights), 'a receipt changes hands again').toEqual([
      'transfer',
      'cancel',
    ]);
    expect(actions('pledged', warehouseRights), 'pledged: neither transferred nor cancelled').toEqual([
      'release',
    ]);
    expect(actions('expired', warehouseRights)).toEqual(['cancel']);
    expect(actions('registered', ['view', 'export'])).toEqual([]);
    expect(checkTransition(warehouseReceipt, 'registered', { action: 'cancel' }, warehouseRights)).toEqual({
      ok: false,
      reason: 'commentRequired',
    });
    expect(checkTransition(warehouseReceipt, 'cancelled', { action: 'transfer' }, warehouseRights)).toEqual({
      ok: false,
      reason: 'illegalState',
    });
  });

  it('is reported by status and warehouse with its weight and lots', () => {
    expect(warehouseReceipt.report).toEqual({
      groupBy: ['status', 'warehouseId'],
      totals: ['conditionedWeight', 'lots'],
      chart: true,
    });
  });
});

describe('the receipt and contract batch screens', () => {
  it('show one receipt resource narrowed per screen', () => {
    expect(route('Cdzx')).toMatchObject({ kind: 'list', resource: 'warehouseReceipt' });
    expect(route('Cdzx')?.scope).toBeUndefined();
    expect(route('QmCdBatch')).toMatchObject({ kind: 'list', resource: 'warehouseReceipt' });
    expect(route('QmZccd')).toMatchObject({ resource: 'warehouseReceipt', scope: { status: 'registered' } });
    expect(route('QmGhcd')).toMatchObject({ resource: 'warehouseReceipt', scope: { status: 'transferred' } });
    expect(route('QmCdzt')).toMatchObject({ kind: 'report', resource: 'warehouseReceipt' });
    expect(route('QmCottonContractBatch')).toMatchObject({ kind: 'list', resource: 'contractBatch' });
  });

  it('keep the old receipt cancellation resource out of the system', () => {
    const keys = ALL_RESOURCES.map((d) => d.key);
    expect(keys).toEqual(expect.arrayContaining(['warehouseReceipt', 'contractBatch']));
    expect(keys).not.toContain('receiptCancellation');
  });

  it('offer contract batches read-only, filtered by contract, batch, side and counterparty', () => {
    expect(contractBatch.form).toBeUndefined();
    expect(contractBatch.workflow).toBeUndefined();
    expect(contractBatch.permissions).toEqual({ view: 'view', export: 'export' });
    expect(listFilters(contractBatch).map((f) => [f.key, f.op])).toEqual([
      ['contractNo', 'like'],
      ['batchNo', 'like'],
      ['side', 'eq'],
      ['partnerId', 'eq'],
    ]);
  });

  it('name a contract line batch by its batch number', () => {
    expect(contractLine.fields.batchNo.type).toBe('batch');
  });
});
