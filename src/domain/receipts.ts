// Warehouse receipts (domain.md §1, §7): one receipt is one delivery unit of 185±5 bales of 227±10 kg,
// counted as 8 lots whatever its weight within that tolerance, the difference against the standard 40 t
// settled in cash. A receipt is valid until the date the exchange sets for its crop year, changes hands
// any number of times and can be pledged.

import Decimal from 'decimal.js';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

/** The exchange's delivery unit (**[param]**; the seed is domain.md §1). */
export interface DeliveryUnit {
  lots: number;
  lotTonnes: DecimalText;
  baleCount: number;
  baleCountTolerance: number;
  baleWeightKg: DecimalText;
  baleWeightToleranceKg: DecimalText;
}

export const DELIVERY_UNIT: DeliveryUnit = {
  lots: 8,
  lotTonnes: '5',
  baleCount: 185,
  baleCountTolerance: 5,
  baleWeightKg: '227',
  baleWeightToleranceKg: '10',
};

/** 8 lots × 5 t = 40 t. */
export const standardTonnes = (unit: DeliveryUnit = DELIVERY_UNIT): Decimal =>
  new Decimal(unit.lotTonnes).times(unit.lots);

/** A receipt within the tolerance counts as the unit's lots, whatever it weighs. */
export const receiptLots = (unit: DeliveryUnit = DELIVERY_UNIT): number => unit.lots;

/** Why a batch cannot make one receipt: its bale count, and each bale (by bale no) outside the bale weight. */
export function deliveryUnitProblems(
  bales: { baleCount: number; baleWeights?: readonly { baleNo: string; grossWeightKg: DecimalText }[] },
  unit: DeliveryUnit = DELIVERY_UNIT,
): Problem[] {
  const found: Problem[] = [];
  const min = unit.baleCount - unit.baleCountTolerance;
  const max = unit.baleCount + unit.baleCountTolerance;
  if (bales.baleCount < min || bales.baleCount > max)
    found.push(
      problem('baleCount', `包数 ${bales.baleCount} 不符合仓单要求：一张仓单应为 ${min} 到 ${max} 包`, {
        baleCount: bales.baleCount,
        min,
        max,
      }),
    );
  const lightest = new Decimal(unit.baleWeightKg).minus(unit.baleWeightToleranceKg);
  const heaviest = new Decimal(unit.baleWeightKg).plus(unit.baleWeightToleranceKg);
  const outside = (bales.baleWeights ?? []).filter(
    (bale) =>
      new Decimal(bale.grossWeightKg).lessThan(lightest) ||
      new Decimal(bale.grossWeightKg).greaterThan(heaviest),
  );
  if (outside.length > 0)
    found.push(
      problem(
        'baleWeight',
        `包重应在 ${lightest} 到 ${heaviest} 千克之间，超出的包：${outside.map((b) => b.baleNo).join('、')}`,
        {
          bales: outside.map((b) => b.baleNo).join('、'),
          min: lightest.toString(),
          max: heaviest.toString(),
        },
      ),
    );
  return found;
}

/**
 * The weight difference of a receipt against the standard 40 t, settled in cash at a price (CNY/t):
 * positive when the receipt is heavier (the buyer pays the difference), negative when lighter.
 */
export function weightDifferenceSettlement(
  conditionedWeightTonnes: DecimalText,
  pricePerTonne: DecimalText,
  unit: DeliveryUnit = DELIVERY_UNIT,
): { differenceTonnes: string; amount: string } {
  const difference = new Decimal(conditionedWeightTonnes).minus(standardTonnes(unit));
  return {
    differenceTonnes: difference.toString(),
    amount: difference.times(pricePerTonne).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2),
  };
}

/** Crop year → the last day its receipts are valid (ISO date), as the exchange announces (**[param]**). */
export type ReceiptExpiryTable = Readonly<Record<string, string>>;

/** Crop year → the discount (CNY/t) its receipts carry once they are old crop (**[param]**). */
export type OldCropDiscountTable = Readonly<Record<string, DecimalText>>;

/** The date a crop year's receipts are valid until; undefined while the exchange has not set it. */
export const receiptValidUntil = (cropYear: string, expiries: ReceiptExpiryTable): string | undefined =>
  expiries[cropYear];

/** The old-crop discount of a crop year's receipts, CNY/t (0 when the table names none). */
export const oldCropDiscount = (cropYear: string, discounts: OldCropDiscountTable): Decimal =>
  new Decimal(discounts[cropYear] ?? 0);

export type ReceiptStatus = 'preDeclared' | 'registered' | 'transferred' | 'cancelled';

/** A receipt's state on a day: a registered or transferred receipt is expired after its valid-until date. */
export function receiptState(
  receipt: { status: ReceiptStatus; validUntil: string },
  today: string,
): ReceiptStatus | 'expired' {
  const live = receipt.status === 'registered' || receipt.status === 'transferred';
  return live && today > receipt.validUntil ? 'expired' : receipt.status;
}

/** What happens to a registered receipt, each on a date (ISO). */
export type ReceiptEvent =
  | { kind: 'register'; on: string; holder: string }
  | { kind: 'transfer'; on: string; to: string }
  | { kind: 'pledge'; on: string; pledgee: string }
  | { kind: 'release'; on: string }
  | { kind: 'cancel'; on: string };

export interface ReceiptHolding {
  holder: string | null;
  /** Every holder in turn, from the day they received it. */
  holders: { holder: string; from: string }[];
  pledgedTo: string | null;
  cancelled: boolean;
}

export const NO_HOLDING: ReceiptHolding = { holder: null, holders: [], pledgedTo: null, cancelled: false };

/** Why an event cannot apply to a receipt as it stands; undefined when it can. */
export function receiptEventProblem(
  holding: ReceiptHolding,
  event: ReceiptEvent,
  validUntil?: string,
): Problem | undefined {
  if (holding.cancelled) return problem('receiptCancelled', '仓单已注销，不能再办理');
  if (event.kind === 'register')
    return holding.holder ? problem('alreadyRegistered', '仓单已注册') : undefined;
  if (!holding.holder) return problem('notRegistered', '仓单尚未注册');
  if (validUntil && event.on > validUntil && (event.kind === 'transfer' || event.kind === 'pledge'))
    return problem('receiptExpired', `仓单已于 ${validUntil} 到期，只能注销`, { validUntil });
  switch (event.kind) {
    case 'transfer':
      if (holding.pledgedTo)
        return problem('receiptPledged', `仓单已质押给 ${holding.pledgedTo}，解押前不能过户`);
      return event.to === holding.holder ? problem('sameHolder', '受让方就是当前持有人') : undefined;
    case 'pledge':
      return holding.pledgedTo ? problem('receiptPledged', `仓单已质押给 ${holding.pledgedTo}`) : undefined;
    case 'release':
      return holding.pledgedTo ? undefined : problem('notPledged', '仓单没有质押，无需解押');
    case 'cancel':
      return holding.pledgedTo
        ? problem('receiptPledged', `仓单已质押给 ${holding.pledgedTo}，解押前不能注销`)
        : undefined;
  }
}

function applyEvent(holding: ReceiptHolding, event: ReceiptEvent): ReceiptHolding {
  switch (event.kind) {
    case 'register':
      return { ...holding, holder: event.holder, holders: [{ holder: event.holder, from: event.on }] };
    case 'transfer':
      return {
        ...holding,
        holder: event.to,
        holders: [...holding.holders, { holder: event.to, from: event.on }],
      };
    case 'pledge':
      return { ...holding, pledgedTo: event.pledgee };
    case 'release':
      return { ...holding, pledgedTo: null };
    case 'cancel':
      return { ...holding, cancelled: true };
  }
}

/**
 * The receipt after its events in order: the current holder, the holders in turn and any pledge. The first
 * event that cannot apply stops the fold and is answered with its position.
 */
export function receiptHolding(
  events: readonly ReceiptEvent[],
  validUntil?: string,
): { ok: true; holding: ReceiptHolding } | { ok: false; index: number; problem: Problem } {
  let holding = NO_HOLDING;
  for (const [index, event] of events.entries()) {
    const refused = receiptEventProblem(holding, event, validUntil);
    if (refused) return { ok: false, index, problem: refused };
    holding = applyEvent(holding, event);
  }
  return { ok: true, holding };
}
