// Red-letter confirmation forms (红字发票信息确认单, domain-money.md §2.6, decision 4): who must confirm a form,
// the bureau state it takes when it is sent, and the confirmation clock. What a red invoice may take from its
// blue one is `redLines` (settlement.ts).
//
// Worked examples (§2.10 b, redFormConfirmHours = 72):
// - the house (seller) raises a form on a blue invoice the mill has already confirmed for use: it is sent as
//   `02 销方录入待购方确认`; the mill must confirm it before sent + 72 h; sent 2026-11-25 10:00 (UTC), it is still
//   open at 2026-11-28 09:59 (1 minute left) and void as `07` from 2026-11-28 10:00;
// - the same form on a blue invoice the mill has not confirmed: `01 无需确认`, no clock, and only reason 01
//   (a full reversal) is allowed;
// - the mill (buyer) raises the form on the house's invoice: `03 购方录入待销方确认`, the house confirms it (`04`)
//   or refuses it (`06` refused by the seller).

import { type Problem, problem } from './problem.ts';

/** Who entered the form on the tax platform: the seller of the blue invoice or its buyer. */
export type RedFormParty = 'seller' | 'buyer';

/** The bureau's states of a form (乐企 hzqrxxztDm), passed through unchanged. */
export type RedFormBureauState =
  | '01'
  | '02'
  | '03'
  | '04'
  | '05'
  | '06'
  | '07'
  | '08'
  | '09'
  | '10'
  | '11'
  | '12'
  | '13';

export const RED_FORM_BUREAU_STATES: readonly RedFormBureauState[] = [
  '01',
  '02',
  '03',
  '04',
  '05',
  '06',
  '07',
  '08',
  '09',
  '10',
  '11',
  '12',
  '13',
];

export interface RedFormSent {
  bureauState: '01' | '02' | '03';
  /** Whether the other party must confirm it (within the clock) before the red invoice is issued. */
  needsConfirmation: boolean;
}

/**
 * The state a form takes when sent: no confirmation (01) while the buyer has not confirmed the blue invoice's
 * use, else awaiting the other party: 02 when the seller entered it, 03 when the buyer did.
 */
export function redFormOnSend(enteredBy: RedFormParty, blueConfirmedUse: boolean): RedFormSent {
  if (!blueConfirmedUse) return { bureauState: '01', needsConfirmation: false };
  return { bureauState: enteredBy === 'seller' ? '02' : '03', needsConfirmation: true };
}

/** The party that must confirm a form the other entered. */
export const confirmingParty = (enteredBy: RedFormParty): RedFormParty =>
  enteredBy === 'seller' ? 'buyer' : 'seller';

export interface RedFormClock {
  deadline: Date;
  expired: boolean;
  /** Whole minutes left before the deadline (0 once expired). */
  minutesLeft: number;
}

/** The confirmation clock of a form sent at `sentAt`: it voids (07) at sent + `hours`, that instant included. */
export function redFormClock(sentAt: Date, hours: number | string, now: Date): RedFormClock {
  const deadline = new Date(sentAt.getTime() + Number(hours) * 3_600_000);
  const left = deadline.getTime() - now.getTime();
  return { deadline, expired: left <= 0, minutesLeft: left <= 0 ? 0 : Math.floor(left / 60_000) };
}

/** Whether a form awaiting confirmation may be confirmed now: refused once its clock has run out. */
export function redFormConfirmable(sentAt: Date, hours: number | string, now: Date): Problem | null {
  const clock = redFormClock(sentAt, hours, now);
  if (clock.expired)
    return problem(
      'redForm.expired',
      `确认单已超过 ${Number(hours)} 小时确认期限（${clock.deadline.toISOString().slice(0, 16).replace('T', ' ')} UTC），已作废，请作废后重新发起`,
      { hours: Number(hours) },
    );
  return null;
}

/** The void state of a form refused by a party (05 by the buyer, 06 by the seller). */
export const redFormRefused = (by: RedFormParty): RedFormBureauState => (by === 'buyer' ? '05' : '06');

/** The void state of a form whose clock ran out. */
export const RED_FORM_EXPIRED: RedFormBureauState = '07';
/** The void state of a form withdrawn by its initiator before confirmation. */
export const RED_FORM_WITHDRAWN: RedFormBureauState = '08';
