// The approval queue of clients' payments (ClientPayCheck): the sales desk registers and submits a client's
// payment of 100,000.00 on its 100 t basis sale; it waits in finance's queue, the desk cannot decide it, the
// submitter never decides their own, and another approver approves it (or rejects it with a reason), each
// step recorded with who and when.

import { BUSINESS_ROUTES } from '../../../src/areas/index.ts';
import { clientPayment } from '../../../src/areas/payments/index.ts';
import { useTestApp } from '../../test/app.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS } from '../../test/harness.ts';
import type { Row } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('the client payment approval queue on $name', (backend) => {
  const t = useTestApp(backend, { users: ['admin', 'risk', 'sales', 'finance', 'finance2'] });
  const { call, records, transition } = t;
  let client = '';
  let contract = '';

  const submitted = async (who: string, amount: string) => {
    const { json } = await call(who, clientPayment, 'save', {
      partnerId: client,
      contractId: contract,
      kind: 'goods',
      amount,
      receivedOn: '2026-11-23',
      bankReference: 'CMB20261123001',
    });
    expect(json.code, json.msg).toBe(200);
    const id = (json.data as Row).id;
    expect((await transition(who, clientPayment, id, 'submit')).json.code).toBe(200);
    return id;
  };
  const statusOf = async (id: string) =>
    (await t.db.query<{ status: string }>('select status from client_payments where id = $1', [id]))[0]!
      .status;

  beforeAll(async () => {
    client = await clientWithLimit(t.db, '无锡一棉', '2000000', 'sales');
    contract = await approvedBasisSale(t, client, '100');
  });

  it('is a built screen of the payments area, with its detail, and finance holds its approval', async () => {
    const queue = BUSINESS_ROUTES.find((route) => route.key === 'ClientPayCheck');
    expect(queue).toMatchObject({
      kind: 'approval',
      resource: 'clientPayment',
      detail: 'ClientPayCheckDetail',
    });
    expect(BUSINESS_ROUTES.find((route) => route.key === 'ClientPayCheckDetail')?.resource).toBe(
      'clientPayment',
    );
    const grants = await t.db.query<{ scope: string; permissions: string[] }>(
      `select g.scope, g.permissions from role_grants g join roles r on r.id = g.role_id
        where r.code = 'finance' and g.scope like 'ClientPayCheck%' order by g.scope`,
    );
    expect(grants.map((g) => [g.scope, g.permissions.includes('approve')])).toEqual([
      ['ClientPayCheck', true],
      ['ClientPayCheckDetail', true],
    ]);
  });

  it('queues the desk’s submitted payment for finance; the desk cannot decide it; finance approves', async () => {
    const id = await submitted('sales', '100000');
    const queue = await records('finance', clientPayment, { status: 'submitted' });
    expect(queue.find((row) => row.id === id)).toMatchObject({ amount: '100000.00', status: 'submitted' });
    const desk = await transition('sales', clientPayment, id, 'approve');
    expect([400, 403]).toContain(desk.json.code);
    expect(await statusOf(id)).toBe('submitted');
    const approved = await transition('finance', clientPayment, id, 'approve', '已核对到账');
    expect(approved.json.code, approved.json.msg).toBe(200);
    expect(await statusOf(id)).toBe('approved');
    const history = (await call('finance', clientPayment, 'history', { id })).json.data as Row[];
    expect(history.map((step) => [step.action, step.toState, step.userName !== null])).toEqual(
      expect.arrayContaining([
        ['submit', 'submitted', true],
        ['approve', 'approved', true],
      ]),
    );
    expect((await records('finance', clientPayment, { status: 'submitted' })).map((r) => r.id)).not.toContain(
      id,
    );
  });

  it('never lets the submitter decide their own; another rejects with a reason, nothing else changed', async () => {
    const id = await submitted('finance', '50000');
    const own = await transition('finance', clientPayment, id, 'approve');
    expect(own.json).toMatchObject({ code: 400 });
    expect(await statusOf(id)).toBe('submitted');
    expect((await transition('finance2', clientPayment, id, 'reject')).json.code).toBe(400);
    expect(await statusOf(id)).toBe('submitted');
    const rejected = await transition('finance2', clientPayment, id, 'reject', '金额与银行回单不符');
    expect(rejected.json.code, rejected.json.msg).toBe(200);
    expect(await statusOf(id)).toBe('rejected');
  });
});
