// Settlement and invoicing (domain-money.md §1–2, decisions 1, 3, 4, 9, 11, 15): a settlement's lines priced
// per batch (fixings consumed first in, first out; tolerance tonnes by the house's rule; the fixed price for
// spot), its charges and claims, the balance after payments; VAT split per line with totals as sums of lines;
// invoices split by the maximum amount; what remains to invoice; and the limits of a red invoice.

import Decimal from 'decimal.js';
import { splitVat, toFen } from './money.ts';
import type { ToleranceTonnesPrice } from './pricing.ts';
import { type Problem, problem } from './problem.ts';
import type { DecimalText } from './quality.ts';

const D = (value: DecimalText | Decimal | number) => new Decimal(value);
const kg = (tonnes: Decimal) => tonnes.toDecimalPlaces(3, Decimal.ROUND_HALF_UP);
const sum = <T>(items: readonly T[], of: (item: T) => DecimalText | Decimal | number) =>
  items.reduce((total, item) => total.plus(of(item)), new Decimal(0));

// ---------------------------------------------------------------------------------------------- pricing

/** A fixing of the contract, in the order it was fixed, with the tonnes earlier settlements consumed. */
export interface SettlementFixing {
  id: string;
  tonnage: DecimalText;
  futuresPrice: DecimalText;
  consumed: DecimalText;
}

/** A delivered batch to settle, in delivery order (the last delivered carries the tolerance tonnes). */
export interface SettlementBatch {
  batchNo: string;
  /** W_i: the conditioned weight used (certificate, or a re-inspection's), t to the kg. */
  weight: DecimalText;
  /** QA_i against 3128B from the crop year's table, CNY/t. */
  qualityPremium: DecimalText;
  /** S of the day the batch went out, for tolerance tonnes under settlementDayPrice. */
  outDayFuturesPrice?: DecimalText | null;
}

export interface SettlementContract {
  contractNo: string;
  kind: string;
  /** T. */
  tonnage: DecimalText;
  tolerancePercent: DecimalText;
  /** Spot: the contract's unit price; basis/deferred: unused. */
  unitPrice?: DecimalText | null;
  /** QA of the grade a fixed-price contract names (0 for named batches). */
  specPremium?: DecimalText | null;
  basis?: DecimalText | null;
  locationAdjustment?: DecimalText | null;
  /** Tonnes already in other (not voided) settlements of the contract. */
  settledBefore: DecimalText;
  /** All fixings of the contract, oldest first. */
  fixings: readonly SettlementFixing[];
}

/** Which fixing (or the tolerance pseudo-fixing) priced how many tonnes of a line. */
export interface FixingUse {
  fixingId: string | null;
  source: 'fixing' | 'tolerance';
  tonnage: string;
  futuresPrice: string;
}

export interface SettlementLine {
  batchNo: string;
  weight: string;
  qualityPremium: string;
  /** The line's futures price, Σ qF / W, exact as text (shown to the fen). */
  futuresPrice: string | null;
  basis: string;
  /** Line amount / W to the fen, as shown; the amount never multiplies it. */
  unitPrice: string;
  amount: string;
  pricedBy: 'fixed' | 'fixing' | 'tolerance';
  uses: FixingUse[];
}

const priceOf = (lines: readonly FixingUse[]) => sum(lines, (u) => D(u.tonnage).times(u.futuresPrice));

/**
 * The lines of a settlement: spot at P_contract + QA_i − QA_spec; basis and deferred at the fixings consumed
 * first in, first out (Σ q·F) + W·(B + QA_i + location), so all settlements of a contract add up to Σ F_i·q_i;
 * tonnes beyond the fixed tonnage, once the contract is fully fixed, at the tolerance rule. Refused: unpriced
 * tonnes, and settling beyond T·(1 + t%).
 */
export function priceSettlement(
  contract: SettlementContract,
  batches: readonly SettlementBatch[],
  toleranceRule: ToleranceTonnesPrice,
): SettlementLine[] | Problem {
  if (batches.length === 0) return problem('settlement.noBatches', '结算单至少要有一个已交货批次');
  const weight = sum(batches, (b) => b.weight);
  const ceiling = D(contract.tonnage).times(D(100).plus(contract.tolerancePercent)).dividedBy(100);
  const after = D(contract.settledBefore).plus(weight);
  if (after.greaterThan(kg(ceiling)))
    return problem(
      'settlement.overTolerance',
      `合同 ${contract.contractNo} 结算后共 ${kg(after).toFixed(3)} 吨，超过溢短装上限 ${kg(ceiling).toFixed(3)} 吨`,
      { ceiling: kg(ceiling).toFixed(3) },
    );
  if (!['basis', 'deferred'].includes(contract.kind)) return spotLines(contract, batches);
  return basisLines(contract, batches, toleranceRule);
}

function spotLines(contract: SettlementContract, batches: readonly SettlementBatch[]): SettlementLine[] {
  return batches.map((b) => {
    const unit = D(contract.unitPrice ?? 0)
      .plus(b.qualityPremium)
      .minus(contract.specPremium ?? 0);
    return {
      batchNo: b.batchNo,
      weight: kg(D(b.weight)).toFixed(3),
      qualityPremium: D(b.qualityPremium).toFixed(2),
      futuresPrice: null,
      basis: '0.00',
      unitPrice: toFen(unit),
      amount: toFen(unit.times(b.weight)),
      pricedBy: 'fixed',
      uses: [],
    };
  });
}

function basisLines(
  contract: SettlementContract,
  batches: readonly SettlementBatch[],
  toleranceRule: ToleranceTonnesPrice,
): SettlementLine[] | Problem {
  const fixings = contract.fixings.map((f) => ({ ...f, left: D(f.tonnage).minus(f.consumed) }));
  const fixedAll = sum(contract.fixings, (f) => f.tonnage);
  const fullyFixed = fixedAll.greaterThanOrEqualTo(contract.tonnage);
  const averageFixed = fixedAll.isZero()
    ? null
    : priceOf(contract.fixings.map(use(null))).dividedBy(fixedAll);
  const adders = D(contract.basis ?? 0).plus(contract.locationAdjustment ?? 0);
  const lines: SettlementLine[] = [];
  for (const batch of batches) {
    const uses: FixingUse[] = [];
    let open = D(batch.weight);
    for (const f of fixings) {
      if (open.isZero()) break;
      const take = Decimal.min(open, f.left);
      if (take.lessThanOrEqualTo(0)) continue;
      uses.push({
        fixingId: f.id,
        source: 'fixing',
        tonnage: take.toString(),
        futuresPrice: D(f.futuresPrice).toString(),
      });
      f.left = f.left.minus(take);
      open = open.minus(take);
    }
    if (open.greaterThan(0)) {
      const price = toleranceRule === 'averageFixed' ? averageFixed : batch.outDayFuturesPrice;
      if (!fullyFixed || price === null || price === undefined)
        return problem(
          'settlement.unpriced',
          fullyFixed
            ? `批号 ${batch.batchNo} 的溢装 ${kg(open).toFixed(3)} 吨按出库日结算价计价，但出库日没有结算价`
            : `合同 ${contract.contractNo} 未点价完毕，批号 ${batch.batchNo} 有 ${kg(open).toFixed(3)} 吨未点价，不能最终结算`,
          { batchNo: batch.batchNo, tonnes: kg(open).toFixed(3) },
        );
      uses.push({
        fixingId: null,
        source: 'tolerance',
        tonnage: open.toString(),
        futuresPrice: D(price).toString(),
      });
    }
    const weight = D(batch.weight);
    const amount = D(toFen(priceOf(uses).plus(weight.times(adders.plus(batch.qualityPremium)))));
    lines.push({
      batchNo: batch.batchNo,
      weight: kg(weight).toFixed(3),
      qualityPremium: D(batch.qualityPremium).toFixed(2),
      futuresPrice: priceOf(uses).dividedBy(weight).toString(),
      basis: D(contract.basis ?? 0).toFixed(2),
      unitPrice: toFen(amount.dividedBy(weight)),
      amount: amount.toFixed(2),
      pricedBy: uses.some((u) => u.source === 'tolerance') ? 'tolerance' : 'fixing',
      uses,
    });
  }
  return lines;
}

const use =
  (id: string | null) =>
  (f: { tonnage: DecimalText; futuresPrice: DecimalText }): FixingUse => ({
    fixingId: id,
    source: 'fixing',
    tonnage: D(f.tonnage).toString(),
    futuresPrice: D(f.futuresPrice).toString(),
  });

// ---------------------------------------------------------------------------------------------- charges and claims

export type ChargeKind =
  | 'latePaymentInterest'
  | 'lateLiftingStorage'
  | 'freight'
  | 'shortfall'
  | 'weightClaim'
  | 'qualityClaim'
  | 'other';

export const CHARGE_KINDS: readonly ChargeKind[] = [
  'latePaymentInterest',
  'lateLiftingStorage',
  'freight',
  'shortfall',
  'weightClaim',
  'qualityClaim',
  'other',
];

/** Late-payment interest on an overdue amount: round(base × r% × days / 365). */
export const latePaymentInterest = (base: DecimalText, percent: DecimalText, days: number): string =>
  toFen(D(base).times(percent).dividedBy(100).times(days).dividedBy(365));

/** Storage for late lifting: round(W × rate × max(0, days − free)). */
export const lateLiftingStorage = (
  weight: DecimalText,
  ratePerTonneDay: DecimalText,
  days: number,
  freeDays: number,
): string =>
  toFen(
    D(weight)
      .times(ratePerTonneDay)
      .times(Math.max(0, days - freeDays)),
  );

export type WeightClaimMode = 'whole' | 'excess';

/**
 * A re-inspection's weight claim: Δ = W_r − W_c at P_i; ignored within the franchise; above it the whole Δ
 * or only the excess over the franchise counts (weightClaimMode). Negative is a credit to the buyer.
 */
export function weightClaim(
  certificate: DecimalText,
  reinspection: DecimalText,
  unitPrice: DecimalText,
  franchisePercent: DecimalText,
  mode: WeightClaimMode,
): string {
  const delta = D(reinspection).minus(certificate);
  const franchise = D(certificate).times(franchisePercent).dividedBy(100);
  if (delta.abs().lessThanOrEqualTo(franchise)) return '0.00';
  const counted =
    mode === 'whole'
      ? delta
      : delta
          .abs()
          .minus(franchise)
          .times(delta.isNegative() ? -1 : 1);
  return toFen(counted.times(unitPrice));
}

/** A quality claim: (QA' − QA) × W_i. */
export const qualityClaim = (before: DecimalText, after: DecimalText, weight: DecimalText): string =>
  toFen(D(after).minus(before).times(weight));

export type ShortfallMode = 'penalty' | 'marketDifference';

/**
 * A shortfall below T·(1 − t%) as a negative line (a credit to the buyer): the missing tonnes at the penalty
 * per tonne, or at the market difference max(0, S + B − P); zero inside the band.
 */
export function shortfallCharge(
  tonnage: DecimalText,
  tolerancePercent: DecimalText,
  delivered: DecimalText,
  mode: ShortfallMode,
  rates: { penaltyPerTonne: DecimalText; marketDifferencePerTonne: DecimalText },
): string {
  const floor = kg(D(tonnage).times(D(100).minus(tolerancePercent)).dividedBy(100));
  const missing = Decimal.max(0, floor.minus(delivered));
  const rate = mode === 'penalty' ? D(rates.penaltyPerTonne) : Decimal.max(0, rates.marketDifferencePerTonne);
  return toFen(missing.times(rate).negated());
}

// ---------------------------------------------------------------------------------------------- balance

export interface SettlementCharge {
  kind: ChargeKind;
  /** Signed: + the buyer owes, − a credit to the buyer. */
  amount: DecimalText;
}

export interface SettlementTotals {
  tonnage: string;
  /** V = Σ line amounts. */
  goodsAmount: string;
  /** Σ charges owed by the buyer. */
  chargesAmount: string;
  /** Σ credits to the buyer (claims, shortfall), negative. */
  claimsAmount: string;
  /** V + C: what the settlement is worth. */
  total: string;
  paidAmount: string;
  /** V + C − Paid: positive owed by the buyer, negative refunded. */
  balance: string;
}

/** A settlement's figures, every one a sum of its lines. */
export function settlementTotals(
  lines: readonly { weight: DecimalText; amount: DecimalText }[],
  charges: readonly SettlementCharge[],
  paid: DecimalText,
): SettlementTotals {
  const goods = sum(lines, (l) => l.amount);
  const plus = sum(
    charges.filter((c) => !D(c.amount).isNegative()),
    (c) => c.amount,
  );
  const minus = sum(
    charges.filter((c) => D(c.amount).isNegative()),
    (c) => c.amount,
  );
  const total = goods.plus(plus).plus(minus);
  return {
    tonnage: sum(lines, (l) => l.weight).toFixed(3),
    goodsAmount: goods.toFixed(2),
    chargesAmount: plus.toFixed(2),
    claimsAmount: minus.toFixed(2),
    total: total.toFixed(2),
    paidAmount: D(paid).toFixed(2),
    balance: total.minus(paid).toFixed(2),
  };
}

// ---------------------------------------------------------------------------------------------- VAT per line

export interface InvoiceLineInput {
  key: string;
  /** Tonnes; null for a charge line (no quantity). */
  quantity: DecimalText | null;
  /** Tax-inclusive amount of the line, to the fen. */
  amount: DecimalText;
  vatPercent: DecimalText;
}

export interface InvoiceLine {
  key: string;
  quantity: string | null;
  amount: string;
  amountExcl: string;
  tax: string;
  vatPercent: string;
  /** excl / qty to 8 decimals (null for a charge line). */
  unitPriceExcl: string | null;
}

export interface InvoiceTotals {
  quantity: string;
  amount: string;
  amountExcl: string;
  tax: string;
}

/** One invoice line: excl = round(incl / (1 + r)), tax = incl − excl, unit price excl to 8 decimals. */
export function invoiceLine(input: InvoiceLineInput): InvoiceLine {
  const split = splitVat(input.amount, input.vatPercent);
  const quantity = input.quantity === null ? null : kg(D(input.quantity)).toFixed(3);
  return {
    key: input.key,
    quantity,
    amount: split.included,
    amountExcl: split.excluded,
    tax: split.vat,
    vatPercent: D(input.vatPercent).toString(),
    unitPriceExcl:
      quantity === null || D(quantity).isZero()
        ? null
        : D(split.excluded).dividedBy(quantity).toDecimalPlaces(8, Decimal.ROUND_HALF_UP).toFixed(8),
  };
}

/** An invoice's totals: the sums of its lines, never recomputed from a total. */
export function invoiceTotals(lines: readonly InvoiceLine[]): InvoiceTotals {
  return {
    quantity: sum(lines, (l) => l.quantity ?? 0).toFixed(3),
    amount: sum(lines, (l) => l.amount).toFixed(2),
    amountExcl: sum(lines, (l) => l.amountExcl).toFixed(2),
    tax: sum(lines, (l) => l.tax).toFixed(2),
  };
}

// ---------------------------------------------------------------------------------------------- invoice split

/**
 * Lines packed into invoices in their order so that each invoice's excl. total stays ≤ invoiceMaxAmount
 * (excl. VAT; null: one invoice). A line that does not fit the invoice being filled starts the next; a goods
 * line above the maximum is split by kg (its incl. shared pro rata, the last piece taking the rest). A charge
 * line above the maximum cannot be split and is refused.
 */
export function splitInvoices(
  lines: readonly InvoiceLineInput[],
  maxAmountExcl: DecimalText | null,
): InvoiceLine[][] | Problem {
  const priced = lines.map(invoiceLine);
  if (maxAmountExcl === null || maxAmountExcl === '') return priced.length ? [priced] : [];
  const max = D(maxAmountExcl);
  const invoices: InvoiceLine[][] = [];
  let current: InvoiceLine[] = [];
  let room = max;
  const close = () => {
    if (current.length) invoices.push(current);
    current = [];
    room = max;
  };
  for (const line of priced) {
    const pieces = D(line.amountExcl).greaterThan(max) ? splitByKg(line, max) : [line];
    if (isProblemLike(pieces)) return pieces;
    for (const piece of pieces) {
      if (D(piece.amountExcl).greaterThan(room)) close();
      current.push(piece);
      room = room.minus(piece.amountExcl);
    }
  }
  close();
  return invoices;
}

const isProblemLike = (value: unknown): value is Problem =>
  typeof value === 'object' && value !== null && 'code' in value;

function splitByKg(line: InvoiceLine, max: Decimal): InvoiceLine[] | Problem {
  if (line.quantity === null || D(line.quantity).isZero())
    return problem(
      'invoice.chargeOverMax',
      `费用行 ${line.key} 不含税 ${line.amountExcl} 元超过单张发票限额 ${max.toFixed(2)} 元，不能按重量拆分`,
    );
  const totalKg = D(line.quantity).times(1000);
  const incl = D(line.amount);
  let pieceKg = max.times(totalKg).dividedBy(line.amountExcl).floor();
  const pieceOf = (kgs: Decimal, amount: Decimal, n: number) =>
    invoiceLine({
      key: `${line.key}#${n}`,
      quantity: kgs.dividedBy(1000).toFixed(3),
      amount: amount.toFixed(2),
      vatPercent: line.vatPercent,
    });
  const amountFor = (kgs: Decimal) => D(toFen(incl.times(kgs).dividedBy(totalKg)));
  while (pieceKg.greaterThan(0) && D(pieceOf(pieceKg, amountFor(pieceKg), 0).amountExcl).greaterThan(max))
    pieceKg = pieceKg.minus(1);
  if (pieceKg.lessThanOrEqualTo(0))
    return problem('invoice.maxTooSmall', `单张发票限额 ${max.toFixed(2)} 元不足开 1 公斤`);
  const pieces: InvoiceLine[] = [];
  let leftKg = totalKg;
  let leftAmount = incl;
  while (leftKg.greaterThan(0)) {
    const kgs = Decimal.min(pieceKg, leftKg);
    const amount = kgs.equals(leftKg) ? leftAmount : amountFor(kgs);
    pieces.push(pieceOf(kgs, amount, pieces.length + 1));
    leftKg = leftKg.minus(kgs);
    leftAmount = leftAmount.minus(amount);
  }
  return pieces;
}

// ---------------------------------------------------------------------------------------------- invoiceable

export interface LedgerFigures {
  tonnes: DecimalText;
  amount: DecimalText;
}

/** What remains to invoice: settled − (blue − red), tonnes and amount (red taken as magnitudes). */
export function toInvoice(
  settled: LedgerFigures,
  blue: LedgerFigures,
  red: LedgerFigures,
): { tonnes: string; amount: string } {
  return {
    tonnes: D(settled.tonnes).minus(blue.tonnes).plus(D(red.tonnes).abs()).toFixed(3),
    amount: D(settled.amount).minus(blue.amount).plus(D(red.amount).abs()).toFixed(2),
  };
}

/**
 * An application's line refused when it would invoice more tonnes or more money than remains on its batch
 * (or charge line) of the settlement.
 */
export function overInvoiced(
  what: string,
  remaining: { tonnes: DecimalText; amount: DecimalText },
  applied: { tonnes: DecimalText | null; amount: DecimalText },
): Problem | null {
  if (D(applied.amount).lessThanOrEqualTo(0))
    return problem('invoice.nonPositive', `${what} 开票金额须大于 0`);
  if (applied.tonnes !== null && D(applied.tonnes).greaterThan(remaining.tonnes))
    return problem(
      'invoice.overTonnes',
      `${what} 可开票 ${D(remaining.tonnes).toFixed(3)} 吨，申请 ${D(applied.tonnes).toFixed(3)} 吨超过已结算未开票`,
      { remaining: D(remaining.tonnes).toFixed(3) },
    );
  if (D(applied.amount).greaterThan(remaining.amount))
    return problem(
      'invoice.overAmount',
      `${what} 可开票 ${D(remaining.amount).toFixed(2)} 元，申请 ${D(applied.amount).toFixed(2)} 元超过已结算未开票`,
      { remaining: D(remaining.amount).toFixed(2) },
    );
  return null;
}

// ---------------------------------------------------------------------------------------------- red invoices

/** 01 开票有误 (full), 02 销货退回 (by quantity), 03 服务中止, 04 销售折让 (by amount). */
export type RedReason = '01' | '02' | '03' | '04';

export const RED_REASONS: readonly RedReason[] = ['01', '02', '03', '04'];

export interface BlueLine {
  lineNo: number;
  quantity: DecimalText | null;
  amount: DecimalText;
  amountExcl: DecimalText;
  tax: DecimalText;
  vatPercent: DecimalText;
  unitPriceExcl: DecimalText | null;
  /** What earlier red lines took from it, as magnitudes. */
  reversed: { quantity: DecimalText; amount: DecimalText; amountExcl: DecimalText; tax: DecimalText };
}

export interface RedLine {
  lineNo: number;
  quantity: string;
  amountExcl: string;
  tax: string;
  amount: string;
}

/**
 * The red lines of a reversal (negative), in the blue invoice's line order, never beyond what is left of each
 * blue line: reason 01 reverses everything (only when nothing was reversed before); 02 takes tonnes at the blue
 * line's unit price excl. (excl = round(Δt × price), tax = round(excl × r)); 04 takes an amount incl. split at
 * the blue line's rate, no quantity. Before the buyer confirmed the blue's use only a full reversal is allowed.
 */
export function redLines(
  blue: readonly BlueLine[],
  reason: RedReason,
  asked: readonly { lineNo: number; quantity?: DecimalText; amount?: DecimalText }[],
  buyerConfirmedUse: boolean,
): RedLine[] | Problem {
  if (reason !== '01' && !buyerConfirmedUse)
    return problem('red.fullOnly', '购方尚未确认用途，只能全额红冲（原因 01 开票有误）');
  if (reason === '01') {
    if (blue.some((l) => !D(l.reversed.amount).isZero()))
      return problem('red.fullAfterPartial', '该蓝票已部分红冲，不能再全额红冲');
    return blue.map((l) => ({
      lineNo: l.lineNo,
      quantity: D(l.quantity ?? 0)
        .negated()
        .toFixed(3),
      amountExcl: D(l.amountExcl).negated().toFixed(2),
      tax: D(l.tax).negated().toFixed(2),
      amount: D(l.amount).negated().toFixed(2),
    }));
  }
  if (asked.length === 0) return problem('red.noLines', '请填写红冲的蓝票行');
  const result: RedLine[] = [];
  for (const line of [...blue].sort((a, b) => a.lineNo - b.lineNo)) {
    const request = asked.find((a) => a.lineNo === line.lineNo);
    if (!request) continue;
    const red = reason === '04' ? byAmount(line, request.amount) : byQuantity(line, request.quantity);
    if ('code' in red) return red;
    const left = D(line.amount).minus(line.reversed.amount);
    if (D(red.amount).abs().greaterThan(left))
      return problem(
        'red.overBlue',
        `蓝票第 ${line.lineNo} 行可红冲 ${left.toFixed(2)} 元，红冲 ${D(red.amount).abs().toFixed(2)} 元超过原蓝票`,
        { lineNo: line.lineNo, left: left.toFixed(2) },
      );
    result.push(red);
  }
  const unknown = asked.find((a) => !blue.some((l) => l.lineNo === a.lineNo));
  if (unknown) return problem('red.noSuchLine', `蓝票没有第 ${unknown.lineNo} 行`);
  return result;
}

function byQuantity(line: BlueLine, quantity: DecimalText | undefined): RedLine | Problem {
  if (line.quantity === null || line.unitPriceExcl === null)
    return problem('red.noQuantity', `蓝票第 ${line.lineNo} 行没有数量，请按金额红冲（原因 04）`);
  if (quantity === undefined || !D(quantity).greaterThan(0))
    return problem('red.quantity', `蓝票第 ${line.lineNo} 行请填写退回吨数（大于 0）`);
  const left = D(line.quantity).minus(line.reversed.quantity);
  if (D(quantity).greaterThan(left))
    return problem(
      'red.overQuantity',
      `蓝票第 ${line.lineNo} 行可红冲 ${left.toFixed(3)} 吨，退回 ${D(quantity).toFixed(3)} 吨超过原蓝票`,
      { lineNo: line.lineNo, left: left.toFixed(3) },
    );
  const excl = D(toFen(D(quantity).times(line.unitPriceExcl)));
  const tax = D(toFen(excl.times(line.vatPercent).dividedBy(100)));
  return {
    lineNo: line.lineNo,
    quantity: D(quantity).negated().toFixed(3),
    amountExcl: excl.negated().toFixed(2),
    tax: tax.negated().toFixed(2),
    amount: excl.plus(tax).negated().toFixed(2),
  };
}

function byAmount(line: BlueLine, amount: DecimalText | undefined): RedLine | Problem {
  if (amount === undefined || !D(amount).greaterThan(0))
    return problem('red.amount', `蓝票第 ${line.lineNo} 行请填写折让金额（含税，大于 0）`);
  const split = splitVat(D(amount).negated().toFixed(2), line.vatPercent);
  return {
    lineNo: line.lineNo,
    quantity: '0.000',
    amountExcl: split.excluded,
    tax: split.vat,
    amount: split.included,
  };
}
