import { allowedTransitions, checkTransition, validateRecord } from '../../framework/resource/index.ts';
import { BUSINESS_ROUTES } from '../index.ts';
import { clientBooking, clientRelation, clientReservation } from './resources.ts';

const problems = (decl: Parameters<typeof validateRecord>[0], input: Record<string, unknown>) =>
  Object.fromEntries(validateRecord(decl, input).map((p) => [p.field, p.message]));

const actions = (decl: Parameters<typeof allowedTransitions>[0], state: string, held: string[]) =>
  allowedTransitions(decl, state, held).map((t) => t.action);

describe('client bookings', () => {
  const booking = {
    bookingNo: 'DH-0001',
    clientId: '1',
    tonnage: '300',
    cropYear: '2025/26',
    gradeSpec: '3128B',
    futuresMonth: 'CF2605',
    basis: '1150',
    deliveryFrom: '2026-12-01',
    deliveryTo: '2027-01-31',
  };

  test('a booking names what a sale contract needs: tonnage, crop year, month, basis and delivery period', () => {
    expect(problems(clientBooking, booking)).toEqual({});
    expect(
      problems(clientBooking, {
        ...booking,
        tonnage: '0',
        futuresMonth: 'CF2604',
        basis: '',
        cropYear: '2025',
      }),
    ).toEqual({
      tonnage: 'validation.min',
      futuresMonth: 'validation.futuresMonth',
      basis: 'validation.required',
      cropYear: 'validation.cropYear',
    });
    expect(problems(clientBooking, { ...booking, deliveryTo: '2026-11-30' })).toEqual({
      deliveryTo: 'validation.periodEndBeforeStart',
    });
  });

  test('is submitted, then approved or rejected with a reason, and a rejected one goes back to draft', () => {
    const all = ['submit', 'approve', 'edit'];
    expect(actions(clientBooking, 'draft', all)).toEqual(['submit']);
    expect(actions(clientBooking, 'submitted', all)).toEqual(['approve', 'reject']);
    expect(actions(clientBooking, 'rejected', all)).toEqual(['redraft']);
    expect(actions(clientBooking, 'approved', all)).toEqual([]);
    expect(checkTransition(clientBooking, 'submitted', { action: 'reject', comment: '' }, all)).toMatchObject(
      {
        ok: false,
        reason: 'commentRequired',
      },
    );
    expect(
      checkTransition(clientBooking, 'submitted', { action: 'approve', comment: '' }, ['submit']),
    ).toMatchObject({
      ok: false,
      reason: 'forbidden',
    });
  });

  test('waits for approval on the order document queue, whose rows open the booking', () => {
    const queue = BUSINESS_ROUTES.find((route) => route.key === 'OrderDocCheck');
    expect(queue).toMatchObject({ kind: 'approval', resource: 'clientBooking', detail: 'ClientBookDetail' });
  });
});

describe('client reservations', () => {
  test('hold at least one batch until a date', () => {
    const reservation = { reservationNo: 'YL-1', clientId: '1', expiresOn: '2026-12-01' };
    expect(problems(clientReservation, { ...reservation, lines: [{ batchNo: '65001251001' }] })).toEqual({});
    expect(
      Object.keys(problems(clientReservation, { ...reservation, expiresOn: '', lines: [] })).sort(),
    ).toEqual(['expiresOn', 'lines']);
  });

  test('are reserved, then released or cancelled; expiry is the releaseExpired command', () => {
    expect(actions(clientReservation, 'draft', ['edit'])).toEqual(['reserve', 'cancelReservation']);
    expect(actions(clientReservation, 'reserved', ['edit'])).toEqual([
      'releaseReservation',
      'cancelReservation',
    ]);
    for (const state of ['released', 'cancelled', 'expired'])
      expect(actions(clientReservation, state, ['edit'])).toEqual([]);
    expect(clientReservation.commands?.releaseExpired).toMatchObject({
      target: 'resource',
      permission: 'edit',
    });
  });
});

test('a client relation names the client and its one salesperson from a date', () => {
  expect(problems(clientRelation, { clientId: '1', salespersonId: '2', fromDate: '2026-11-01' })).toEqual({});
  expect(Object.keys(problems(clientRelation, {})).sort()).toEqual(['clientId', 'fromDate', 'salespersonId']);
});
