// Fixing, rolling and amending contracts on the server: the rules are src/domain's (fixContractPrice,
// rollBasis); these read the contract under its lock, write the fixing or the version, and keep the
// contract's pricing figures. The client price orders and the settlement prices of the pricing area call
// fixContract and forceFixAfterDeadline.

import Decimal from 'decimal.js';
import {
  type ExposureContract,
  exposureAfterFixing,
  type Fixing,
  type FixingExposure,
  type FixingOutcome,
  fixContractPrice,
  fixingDeadlineProblem,
  forcedFixingDue,
  futuresMonth,
  isPricedLater,
  isProblem,
  openTonnage,
  pricingState,
  rollBasis,
  rollMonthsProblem,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { exchangeCalendarOn, exchangePriceRefusal, lotTonnesOn } from '../../platform/exchange.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import { recordStep } from '../../platform/resources/history.ts';
import type { CommandService, HookContext } from '../../platform/resources/storage.ts';
import { type ContractRow, contractRow, recordVersion } from './contracts.ts';

async function fixingsOf(db: Queryable, contractId: string): Promise<Fixing[]> {
  return db.query<Fixing>(
    `select tonnage::text, futures_price::text as "futuresPrice" from contract_fixings
      where contract_id = $1 order by id`,
    [contractId],
  );
}

const premiumsOf = (contract: ContractRow) => ({
  side: contract.side,
  kind: contract.kind,
  tonnage: contract.tonnage,
  basis: contract.basis ?? '0',
  qualityPremium: contract.qualityPremium ?? '0',
});

export interface FixRequest {
  contractId: string;
  tonnage: string;
  futuresPrice: string;
  forced?: boolean;
  clientOrderId?: string | null;
  /** The trading day whose price this is (a client order's fill); the business day when absent. */
  tradeDate?: string;
}

export interface FixResult extends FixingOutcome {
  fixingId: string;
  contractNo: string;
  /** What the areas reacting to the fixing did (the hedge order it made), in words. */
  reactions: string[];
}

/** The event a fixing sends out once written: the hedge desk orders its lots (hedging area). */
export const FIXING_MADE = 'fixingMade';

export interface FixingMade {
  fixingId: string;
  contractId: string;
  futuresMonth: string | null;
}

/**
 * Fixes q tonnes of a contract at F inside the caller's transaction: the contract is locked first, so two
 * fixings never together exceed its tonnage; refuses (400, nothing written) what the rule refuses.
 */
export async function fixContract(hook: HookContext, request: FixRequest): Promise<FixResult> {
  const contract = await contractRow(hook.db, request.contractId, true);
  if (!['approved', 'executing'].includes(contract.status))
    throw badRequest(`合同 ${contract.contractNo} 未审批或已结束，不能点价`);
  // A price the exchange would trade the month at that day (a forced fixing takes the day's settlement, which
  // the price table checked against the same rules when it was entered).
  if (contract.futuresMonth && !request.forced) {
    const refusal = await exchangePriceRefusal(hook.db, {
      month: contract.futuresMonth,
      day: request.tradeDate ?? hook.today,
      price: request.futuresPrice,
    });
    if (refusal) throw badRequest(`合同 ${contract.contractNo}：${refusal}`);
  }
  const fixing = { tonnage: request.tonnage, futuresPrice: request.futuresPrice };
  const outcome = fixContractPrice(
    premiumsOf(contract),
    await fixingsOf(hook.db, contract.id),
    fixing,
    await lotTonnesOn(hook.db, request.tradeDate ?? hook.today),
  );
  if (isProblem(outcome)) throw badRequest(`合同 ${contract.contractNo}：${outcome.message}`);
  const [row] = await hook.db.query<{ id: string }>(
    `insert into contract_fixings (contract_id, tonnage, futures_month, futures_price, unit_price, amount,
        hedge_direction, hedge_lots, hedge_tail, forced, client_order_id, fixed_by, fixed_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id::text`,
    [
      contract.id,
      request.tonnage,
      contract.futuresMonth,
      request.futuresPrice,
      outcome.fixingUnitPrice,
      outcome.fixingAmount,
      outcome.hedge.direction,
      outcome.hedge.lots,
      outcome.hedge.tail,
      request.forced ?? false,
      request.clientOrderId ?? null,
      hook.actor.userId,
      hook.now,
    ],
  );
  await hook.db.query(
    `update transaction_contracts
        set fixed_tonnage = $2, average_fixed_price = $3, unit_price = $4, pricing_state = $5,
            status = case when status = 'approved' then 'executing' else status end
      where id = $1`,
    [contract.id, outcome.fixedTonnage, outcome.averageFixedPrice, outcome.unitPrice, outcome.pricingState],
  );
  const made: FixingMade = {
    fixingId: row!.id,
    contractId: contract.id,
    futuresMonth: contract.futuresMonth,
  };
  const reactions = (await hook.emit?.(FIXING_MADE, made)) ?? [];
  // The contracts and the desk's exposure (TradeTotal) change: open screens refetch once this commits.
  await publishChange(hook.db, hook.channel, CONTRACT_TOPICS);
  return { ...outcome, fixingId: row!.id, contractNo: contract.contractNo, reactions };
}

/** What a fixing or roll of contracts changes: the contracts, and the positions and exposure screen. */
const CONTRACT_TOPICS = ['pri/TransactionContract', 'pending/TradeTotal'];

/**
 * The month's exposure before and after fixing `tonnage` of a contract, and after its hedge lots are traded
 * (domain.md §5): the month's approved and executing contracts and the hedge book's open lots, read from
 * the hedging area's positions when it is installed.
 */
async function fixingExposure(
  db: Queryable,
  contractId: string,
  month: string | null,
  tonnage: string,
  day: string,
): Promise<FixingExposure | undefined> {
  if (!month) return undefined;
  const contracts = await db.query<ExposureContract & { id: string }>(
    `select id::text, side, kind, tonnage::text, coalesce(fixed_tonnage, 0)::text as "fixedTonnage",
            contract_delivered_tonnage(id)::text as "deliveredTonnage"
       from transaction_contracts where status in ('approved', 'executing') and futures_month = $1 order by transaction_contracts.id`,
    [month],
  );
  const index = contracts.findIndex((contract) => contract.id === contractId);
  if (index < 0) return undefined;
  const [hedging] = await db.query<{ present: boolean }>(
    `select to_regclass('futures_positions') is not null as present`,
  );
  const [lots] = hedging?.present
    ? await db.query<{ longLots: number; shortLots: number }>(
        `select coalesce(sum(long_lots), 0)::int as "longLots", coalesce(sum(short_lots), 0)::int as "shortLots"
           from futures_positions where book = 'hedge' and futures_month = $1`,
        [month],
      )
    : [];
  return exposureAfterFixing(
    {
      inventoryTonnes: '0',
      contracts,
      longLots: lots?.longLots ?? 0,
      shortLots: lots?.shortLots ?? 0,
      lotTonnes: await lotTonnesOn(db, day),
    },
    { contract: index, tonnage },
  );
}

/** What the preview and the confirmation show of a fixing. */
const shownOutcome = (outcome: FixingOutcome) => ({
  fixedTonnage: outcome.fixedTonnage,
  openTonnage: outcome.openTonnage,
  averageFixedPrice: outcome.averageFixedPrice,
  pricingState: outcome.pricingState,
  unitPrice: outcome.unitPrice,
  pricedAmount: outcome.pricedAmount,
  fixingUnitPrice: outcome.fixingUnitPrice,
  fixingAmount: outcome.fixingAmount,
  hedgeDirection: outcome.hedge.direction,
  hedgeLots: outcome.hedge.lots,
  hedgeTail: outcome.hedge.tail,
});

const fixingSummary = (result: FixResult, request: FixRequest) =>
  `${request.forced ? '强制点价' : '点价'} ${result.contractNo}：${request.tonnage} 吨 @ ${request.futuresPrice}，` +
  `均价 ${result.averageFixedPrice}，单价 ${result.unitPrice}，` +
  `套保 ${result.hedge.direction === 'buy' ? '买入' : '卖出'} ${result.hedge.lots} 手，余 ${result.hedge.tail} 吨` +
  result.reactions.map((words) => `；${words}`).join('');

/** The fix command: the state moves with the fixing (approved → executing), written by fixContract. */
export const fixCommand: CommandService<{ tonnage: string; futuresPrice: string }> = async (context) => {
  const request = { contractId: String(context.record!.id), ...context.input };
  const month = context.record?.futuresMonth ? String(context.record.futuresMonth) : null;
  const what = await fixingExposure(context.db, request.contractId, month, request.tonnage, context.today);
  const result = await fixContract(context, request);
  return {
    toState: 'executing',
    summary: fixingSummary(result, request),
    data: {
      ...shownOutcome(result),
      netExposureBefore: what?.before.netExposure ?? null,
      netExposureAfter: what?.after.netExposure ?? null,
      netExposureAfterHedge: what?.afterHedge.netExposure ?? null,
    },
  };
};

/**
 * Every contract of the month whose fixing deadline has come and that still has open tonnage is fixed at
 * the day's settlement price, recorded as forced. Answers the fixings made.
 */
export async function forceFixAfterDeadline(
  hook: HookContext,
  request: { futuresMonth: string; day: string; settlementPrice: string },
): Promise<FixResult[]> {
  const due = await hook.db.query<{
    id: string;
    kind: string;
    fixingDeadline: string | null;
    tonnage: string;
    fixedTonnage: string;
  }>(
    `select id::text, kind, to_char(fixing_deadline, 'YYYY-MM-DD') as "fixingDeadline", tonnage::text,
            fixed_tonnage::text as "fixedTonnage"
       from transaction_contracts
      where futures_month = $1 and status in ('approved', 'executing') and fixing_deadline <= $2::date
        and fixed_tonnage < tonnage
      order by transaction_contracts.id`,
    [request.futuresMonth, request.day],
  );
  const results: FixResult[] = [];
  for (const contract of due.filter((row) => forcedFixingDue(row, request.day))) {
    const fresh = await contractRow(hook.db, contract.id, true);
    const open = openTonnage(fresh.tonnage, fresh.fixedTonnage);
    const fixRequest = {
      contractId: contract.id,
      tonnage: open,
      futuresPrice: request.settlementPrice,
      forced: true,
    };
    const result = await fixContract(hook, fixRequest);
    await recordStep(hook, 'transactionContract', contract.id, {
      action: 'forceFix',
      from: fresh.status,
      to: 'executing',
      comment: fixingSummary(result, fixRequest),
    });
    results.push(result);
  }
  return results;
}

export interface ContractRollRequest {
  contractId: string;
  newMonth: string;
  oldMonthPrice: string;
  newMonthPrice: string;
  fixingDeadline?: string | null;
  /** The trading day of the two prices (a position roll's trade date); the business day when absent. */
  tradeDate?: string;
}

/**
 * Why a roll of a contract cannot be: the new month must be later than the old one and both must trade on the
 * day, each price one the exchange would trade its month at that day (tick, band), and the fixing deadline
 * the contract keeps or gets no later than the new month's last trading day.
 */
async function rollRefusal(
  hook: HookContext,
  contract: ContractRow,
  request: ContractRollRequest,
  day: string,
): Promise<string | undefined> {
  const from = contract.futuresMonth ? futuresMonth(contract.futuresMonth, contract.signDate) : undefined;
  const to = futuresMonth(request.newMonth, day);
  if (!from || !to) return `不是期货合约月份：${request.newMonth}`;
  const backwards = rollMonthsProblem(from, to);
  if (backwards) return backwards.message;
  const legs = [
    { month: from.code, price: request.oldMonthPrice, what: '移出价' },
    { month: to.code, price: request.newMonthPrice, what: '移入价' },
  ];
  for (const leg of legs) {
    const refusal = await exchangePriceRefusal(hook.db, { ...leg, day });
    if (refusal) return refusal;
  }
  const deadline = request.fixingDeadline || contract.fixingDeadline;
  if (!deadline) return undefined;
  return fixingDeadlineProblem(deadline, to, await exchangeCalendarOn(hook.db, day))?.message;
}

export interface ContractRollResult {
  contractNo: string;
  oldBasis: string | null;
  basis: string;
  version: number;
  summary: string;
}

/**
 * Rolls an unpriced contract to another month at the two months' prices inside the caller's transaction,
 * as a version of the contract (a supplementary agreement of kind roll): B_new = B_old + (F_old − F_new).
 * Refuses (400, nothing written) a fixed-price, priced or already-there contract.
 */
export async function rollContract(
  hook: HookContext,
  request: ContractRollRequest,
): Promise<ContractRollResult> {
  const contract = await contractRow(hook.db, request.contractId, true);
  const { oldMonthPrice, newMonthPrice, fixingDeadline } = request;
  // One writing stored (CF2709), whichever the user typed (CF709).
  const newMonth = futuresMonth(request.newMonth, request.tradeDate ?? hook.today)?.code ?? request.newMonth;
  if (!isPricedLater(contract.kind)) throw badRequest('一口价合同没有期货合约，不能移月');
  if (pricingState(contract.tonnage, contract.fixedTonnage) !== 'unpriced')
    throw badRequest(`合同 ${contract.contractNo} 已有点价，只有未点价的合同可以移月`);
  if (newMonth === contract.futuresMonth) throw badRequest(`合同已在 ${newMonth}，请选择另一个合约月份`);
  const refusal = await rollRefusal(hook, contract, request, request.tradeDate ?? hook.today);
  if (refusal) throw badRequest(`合同 ${contract.contractNo} 不能移月：${refusal}`);
  const basis = rollBasis(contract.basis ?? '0', oldMonthPrice, newMonthPrice);
  await hook.db.query(
    `update transaction_contracts set futures_month = $2, basis = $3, fixing_deadline = coalesce($4::date, fixing_deadline)
      where id = $1`,
    [contract.id, newMonth, basis, fixingDeadline || null],
  );
  const summary =
    `移月 ${contract.contractNo}：${contract.futuresMonth} @ ${oldMonthPrice} → ${newMonth} @ ${newMonthPrice}，` +
    `基差 ${contract.basis} → ${basis}`;
  const version = await recordVersion(hook, contract, 'roll', summary, {
    futuresMonth: [contract.futuresMonth, newMonth],
    basis: [contract.basis, basis],
    ...(fixingDeadline ? { fixingDeadline: [contract.fixingDeadline, fixingDeadline] } : {}),
  });
  await publishChange(hook.db, hook.channel, CONTRACT_TOPICS);
  return { contractNo: contract.contractNo, oldBasis: contract.basis, basis, version, summary };
}

/** Rolls an unpriced contract to another month at the two months' prices, as a supplementary agreement. */
export const rollCommand: CommandService<Omit<ContractRollRequest, 'contractId'>> = async (context) => {
  const { newMonth, fixingDeadline } = context.input;
  context.checkFields?.(
    { ...context.record, futuresMonth: newMonth, ...(fixingDeadline ? { fixingDeadline } : {}) },
    ['futuresMonth', ...(fixingDeadline ? ['fixingDeadline'] : [])],
  );
  const rolled = await rollContract(context, { contractId: String(context.record!.id), ...context.input });
  return { summary: rolled.summary, data: { basis: rolled.basis, version: rolled.version } };
};

const AMENDABLE = {
  tonnage: 'tonnage',
  tolerancePercent: 'tolerance_percent',
  fixingDeadline: 'fixing_deadline',
  deliveryFrom: 'delivery_from',
  deliveryTo: 'delivery_to',
  paymentTerms: 'payment_terms',
} as const;

const FIELD_WORDS: Readonly<Record<keyof typeof AMENDABLE, string>> = {
  tonnage: '数量',
  tolerancePercent: '溢短装',
  fixingDeadline: '点价截止日',
  deliveryFrom: '交货起',
  deliveryTo: '交货止',
  paymentTerms: '付款条件',
};

/** A supplementary agreement: the changed terms (never below what is fixed), as a new version. */
export const amendCommand: CommandService<Record<string, string | null | undefined>> = async (context) => {
  const contract = await contractRow(context.db, String(context.record!.id), true);
  const [before] = await context.db.query<Record<string, string | null>>(
    `select tonnage::text, tolerance_percent::text as "tolerancePercent",
            to_char(fixing_deadline, 'YYYY-MM-DD') as "fixingDeadline", to_char(delivery_from, 'YYYY-MM-DD') as "deliveryFrom",
            to_char(delivery_to, 'YYYY-MM-DD') as "deliveryTo", payment_terms as "paymentTerms"
       from transaction_contracts where id = $1`,
    [contract.id],
  );
  const changed = (Object.keys(AMENDABLE) as (keyof typeof AMENDABLE)[]).filter((key) => {
    const value = context.input[key];
    return (
      value !== undefined && value !== null && value !== '' && String(value) !== String(before![key] ?? '')
    );
  });
  if (changed.length === 0) throw badRequest('补充协议没有改变合同的任何条款');
  // The contract's own rules hold the new terms, as a save holds them (a deadline not before the signing date).
  context.checkFields?.(
    { ...context.record, ...Object.fromEntries(changed.map((key) => [key, context.input[key]])) },
    changed,
  );
  const deadline = changed.includes('fixingDeadline') ? String(context.input.fixingDeadline) : undefined;
  const month = contract.futuresMonth ? futuresMonth(contract.futuresMonth, contract.signDate) : undefined;
  const late =
    deadline &&
    month &&
    fixingDeadlineProblem(deadline, month, await exchangeCalendarOn(context.db, deadline));
  if (late) throw badRequest(late.message);
  const tonnage = context.input.tonnage;
  if (tonnage && new Decimal(tonnage).lessThan(contract.fixedTonnage))
    throw badRequest(`数量不能少于已点价的 ${contract.fixedTonnage} 吨`);
  for (const key of changed)
    await context.db.query(`update transaction_contracts set ${AMENDABLE[key]} = $2 where id = $1`, [
      contract.id,
      context.input[key],
    ]);
  // A new tonnage may price the contract in full, or open it again: its state follows the domain's rule.
  if (tonnage && isPricedLater(contract.kind))
    await context.db.query('update transaction_contracts set pricing_state = $2 where id = $1', [
      contract.id,
      pricingState(tonnage, contract.fixedTonnage),
    ]);
  const words = changed.map((key) => `${FIELD_WORDS[key]} ${before![key] ?? '—'} → ${context.input[key]}`);
  const summary = `${words.join('；')}（${context.input.note}）`;
  const version = await recordVersion(
    context,
    contract,
    'supplement',
    summary,
    Object.fromEntries(changed.map((key) => [key, [before![key], context.input[key]]])),
  );
  return { summary, data: { version } };
};
