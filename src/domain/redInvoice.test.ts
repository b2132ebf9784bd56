// domain-money.md §2.6 and §2.10 (b): the form's bureau state when sent and its 72 h confirmation clock.
import { isProblem } from './problem.ts';
import {
  confirmingParty,
  redFormClock,
  redFormConfirmable,
  redFormOnSend,
  redFormRefused,
} from './redInvoice.ts';

const SENT = new Date('2026-11-25T10:00:00Z');

describe('a red form when sent (§2.6)', () => {
  test('the blue invoice not yet confirmed for use by the buyer: 01 无需确认, no confirmation', () => {
    expect(redFormOnSend('seller', false)).toEqual({ bureauState: '01', needsConfirmation: false });
    expect(redFormOnSend('buyer', false)).toEqual({ bureauState: '01', needsConfirmation: false });
  });

  test('confirmed for use: 02 when the seller entered it (the buyer confirms), 03 when the buyer did', () => {
    expect(redFormOnSend('seller', true)).toEqual({ bureauState: '02', needsConfirmation: true });
    expect(confirmingParty('seller')).toBe('buyer');
    expect(redFormOnSend('buyer', true)).toEqual({ bureauState: '03', needsConfirmation: true });
    expect(confirmingParty('buyer')).toBe('seller');
  });

  test('refused: 05 by the buyer, 06 by the seller', () => {
    expect(redFormRefused('buyer')).toBe('05');
    expect(redFormRefused('seller')).toBe('06');
  });
});

describe('the 72 h confirmation clock (§2.10 b)', () => {
  test('sent 2026-11-25 10:00: open until 2026-11-28 09:59 with a minute left, void from 10:00', () => {
    const before = redFormClock(SENT, 72, new Date('2026-11-28T09:59:00Z'));
    expect(before).toEqual({ deadline: new Date('2026-11-28T10:00:00Z'), expired: false, minutesLeft: 1 });
    expect(redFormConfirmable(SENT, 72, new Date('2026-11-28T09:59:59Z'))).toBeNull();
    const at = redFormClock(SENT, '72', new Date('2026-11-28T10:00:00Z'));
    expect(at).toMatchObject({ expired: true, minutesLeft: 0 });
    const refused = redFormConfirmable(SENT, 72, new Date('2026-11-28T10:00:00Z'));
    expect(isProblem(refused) && refused.code).toBe('redForm.expired');
  });

  test('the hours are a setting: at 24 h the same form is void a day after it was sent', () => {
    expect(redFormClock(SENT, 24, new Date('2026-11-26T10:00:00Z')).expired).toBe(true);
    expect(redFormClock(SENT, 24, new Date('2026-11-26T09:00:00Z')).minutesLeft).toBe(60);
  });
});
