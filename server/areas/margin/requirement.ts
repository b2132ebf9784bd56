// The requirement of clients' margin and their calls (domain.md §4), recomputed inside the transaction of
// whatever changed it: a settlement price saved (every client with a contract of the month, and every open
// call, whose deadline may have passed), a fixing, an allotment, an application approved. The rules are
// src/domain/margin.ts; this reads the figures, keeps the requirement per client, opens, meets and forces
// the calls, and tells the salesperson and risk staff through the message centre (type 1000009).

import Decimal from 'decimal.js';
import {
  callAmount,
  callDeadline,
  callLine,
  clientMarginRequirement,
  type ForcedReason,
  forcedLine,
  forcedPricingDue,
  type MarginContract,
  type MarginTerms,
  marginCallDue,
  marginCallMet,
  openTonnage,
  paidTonnage,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { sendFromHook } from '../../platform/messages/store.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import { recordStep } from '../../platform/resources/history.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { fixContract } from '../contracts/index.ts';
import { settingOn } from '../settings/values.ts';

/** The message centre's type of margin notices (保证金相关). */
export const MARGIN_MESSAGE_TYPE = '1000009';

/** What the margin screens show: open screens refetch once a reassessment commits. */
export const MARGIN_TOPICS = [
  'capital/ClientMargin',
  'capital/ClientMarginBalance',
  'furRiskManage/marginCall',
];

/** Transactions forcing clients into pricing: the fixings they make do not reassess the same clients again. */
const forcing = new WeakSet<Queryable>();

interface ContractFigures {
  partnerId: string;
  contractId: string;
  kind: string;
  futuresMonth: string | null;
  tonnage: string;
  fixedTonnage: string;
  averageFixedPrice: string | null;
  basis: string | null;
  settlementPrice: string | null;
  goodsOut: string;
  fixedPrice: string | null;
  goodsPaid: string;
  provisionalPaid: string;
}

/** The clients' sale contracts priced later and in force, each with its month's latest settlement price. */
async function contractFigures(db: Queryable, partnerIds: readonly string[], day: string) {
  return db.query<ContractFigures>(
    `select c.partner_id::text as "partnerId", c.id::text as "contractId", c.kind, c.futures_month as "futuresMonth",
            c.tonnage::text, c.fixed_tonnage::text as "fixedTonnage",
            c.average_fixed_price::text as "averageFixedPrice", c.basis::text,
            (select p.settlement_price::text from futures_prices p
              where p.futures_month = c.futures_month and p.trade_date <= $2::date and p.settlement_price is not null
              order by p.trade_date desc limit 1) as "settlementPrice",
            coalesce((select sum(l.conditioned_weight) from transaction_contract_lines l
                        join batches b on b.batch_no = l.batch_no
                       where l.contract_id = c.id and b.status = 'out'), 0)::text as "goodsOut",
            coalesce(c.unit_price, c.average_fixed_price + coalesce(c.basis, 0))::text as "fixedPrice",
            coalesce(pay.goods_paid, 0)::text as "goodsPaid",
            coalesce(pay.provisional_paid, 0)::text as "provisionalPaid"
       from transaction_contracts c
       left join contract_payments pay on pay.contract_id = c.id
      where c.partner_id = any($1::bigint[]) and c.side = 'sale' and c.kind in ('basis', 'deferred')
        and c.status in ('approved', 'executing')
      order by c.id`,
    [partnerIds, day],
  );
}

/**
 * A contract's figures as the rule reads them: the fixed tonnes the client's goods payments cover are paid
 * (payments area), its provisional payments count against the goods out.
 */
const marginContract = (row: ContractFigures): MarginContract => ({
  openTonnage: openTonnage(row.tonnage, row.fixedTonnage),
  fixedUnpaidTonnage: new Decimal(row.fixedTonnage)
    .minus(paidTonnage(row.goodsPaid, row.fixedPrice, row.fixedTonnage))
    .toFixed(4),
  averageFixedPrice: row.averageFixedPrice,
  futuresPrice: row.settlementPrice,
  goodsOut:
    row.kind === 'deferred' && new Decimal(row.goodsOut).greaterThan(0)
      ? { basis: row.basis ?? '0', tonnage: row.goodsOut, provisionalPaid: row.provisionalPaid }
      : null,
});

/** The terms in force for each client on a day: its own margin set, else the settings. */
async function termsOf(db: Queryable, partnerIds: readonly string[], day: string) {
  const base: MarginTerms = {
    initialMarginPerTonne: await settingOn(db, 'initialMarginPerTonne', day),
    callRatioPercent: await settingOn(db, 'marginCallRatioPercent', day),
    callDeadlineDays: Number(await settingOn(db, 'marginCallDeadlineDays', day)),
    forcedLinePercent: await settingOn(db, 'forcedLineRatioPercent', day),
  };
  const own = await db.query<{ partnerId: string; m0: string; k: string; days: number }>(
    `select distinct on (partner_id) partner_id::text as "partnerId", initial_margin_per_tonne::text as m0,
            call_ratio::text as k, call_deadline_days as days
       from client_margin_sets where partner_id = any($1::bigint[]) and effective_from <= $2::date
      order by partner_id, effective_from desc`,
    [partnerIds, day],
  );
  const terms = new Map<string, MarginTerms>(partnerIds.map((id) => [id, base]));
  for (const row of own)
    terms.set(row.partnerId, {
      ...base,
      initialMarginPerTonne: row.m0,
      callRatioPercent: row.k,
      callDeadlineDays: row.days,
    });
  return terms;
}

/** Each client's money held (deposits + interest − withdrawals), for the clients whose account is opened. */
async function balancesOf(db: Queryable, partnerIds: readonly string[]) {
  const rows = await db.query<{ partnerId: string; balance: string }>(
    `select partner_id::text as "partnerId",
            sum(case kind when 'deposit' then amount when 'interest' then amount when 'withdraw' then -amount else 0 end)::text
              as balance
       from client_margin_movements where partner_id = any($1::bigint[]) group by partner_id
     having bool_or(kind = 'deposit')`,
    [partnerIds],
  );
  return new Map(rows.map((row) => [row.partnerId, row.balance]));
}

async function holidaysFrom(db: Queryable, day: string): Promise<Set<string>> {
  const rows = await db.query<{ day: string }>(
    `select to_char(day, 'YYYY-MM-DD') as day from holidays where day > $1::date and day <= $1::date + 90`,
    [day],
  );
  return new Set(rows.map((row) => row.day));
}

interface Recipients {
  partnerName: string;
  logins: string[];
  salespersonId: string | null;
}

/** The risk staff, read once per transaction (a price may raise a thousand calls). */
const riskStaffOf = new WeakMap<Queryable, Promise<string[]>>();
function riskStaff(db: Queryable): Promise<string[]> {
  let staff = riskStaffOf.get(db);
  if (!staff) {
    staff = db
      .query<{ login: string }>(
        `select distinct u.login_name as login from users u join user_roles ur on ur.user_id = u.id
           join roles r on r.id = ur.role_id where r.code = 'risk' and u.enabled order by 1`,
      )
      .then((rows) => rows.map((row) => row.login));
    riskStaffOf.set(db, staff);
  }
  return staff;
}

/** Who hears of a client's call: its salesperson and every user of the risk role. */
async function recipientsOf(db: Queryable, partnerId: string): Promise<Recipients> {
  const [partner] = await db.query<{ name: string; salespersonId: string | null; login: string | null }>(
    `select p.name, r.salesperson_id::text as "salespersonId", u.login_name as login
       from partners p left join client_relations r on r.client_id = p.id left join users u on u.id = r.salesperson_id
      where p.id = $1`,
    [partnerId],
  );
  const logins = [...new Set([...(partner?.login ? [partner.login] : []), ...(await riskStaff(db))])];
  return { partnerName: partner?.name ?? partnerId, logins, salespersonId: partner?.salespersonId ?? null };
}

async function tell(hook: HookContext, recipients: Recipients, message: string) {
  for (const loginName of recipients.logins)
    if (hook.channel) await sendFromHook(hook, { loginName, messageType: MARGIN_MESSAGE_TYPE, message });
    // Without a channel (the demo seed) the message is kept for the bell, with nobody online to tell.
    else
      await hook.db.query(
        `insert into messages (user_id, message_type, message, created_at, created_by)
         select id, $2, $3, $4, $5 from users where login_name = $1`,
        [loginName, MARGIN_MESSAGE_TYPE, message, hook.now, hook.actor.userId],
      );
}

interface OpenCall {
  id: string;
  callNo: string;
  deadline: string;
}

export interface Reassessment {
  clients: number;
  opened: number;
  met: number;
  forced: number;
}

/**
 * Recomputes the requirement of the clients and acts on their calls: opens one when the balance is below
 * k × Req (none open yet), meets an open one when the balance is back to the line, forces one into pricing
 * past its deadline or under the forced line. `price` names the settlement price that set it off, if any.
 */
export async function reassessClients(
  hook: HookContext,
  partnerIds: readonly string[],
  price?: { futuresMonth: string; settlementPrice: string },
): Promise<Reassessment> {
  const done: Reassessment = { clients: 0, opened: 0, met: 0, forced: 0 };
  const ids = [...new Set(partnerIds)]
    .filter((id) => /^\d{1,18}$/.test(id))
    .sort((a, b) => Number(a) - Number(b));
  if (ids.length === 0 || forcing.has(hook.db)) return done;
  const day = hook.today;
  // Each client's account is changed under its partner row's lock, in id order: concurrent reassessments
  // and movements of one client follow each other.
  await hook.db.query('select id from partners where id = any($1::bigint[]) order by id for update', [ids]);
  const contracts = await contractFigures(hook.db, ids, day);
  const terms = await termsOf(hook.db, ids, day);
  const balances = await balancesOf(hook.db, ids);
  const openCalls = new Map(
    (
      await hook.db.query<OpenCall & { partnerId: string }>(
        `select id::text, call_no as "callNo", to_char(deadline, 'YYYY-MM-DD') as deadline, partner_id::text as "partnerId"
           from margin_calls where partner_id = any($1::bigint[]) and status = 'open'`,
        [ids],
      )
    ).map((row) => [row.partnerId, row]),
  );
  let holidays: Set<string> | undefined;
  const rows: string[][] = [];
  for (const partnerId of ids) {
    const own = contracts.filter((row) => row.partnerId === partnerId);
    const clientTerms = terms.get(partnerId)!;
    const req = clientMarginRequirement(clientTerms, own.map(marginContract));
    const balance = new Decimal(balances.get(partnerId) ?? '0').toFixed(2);
    const line = callLine(req.requirement, clientTerms.callRatioPercent);
    const forced = forcedLine(req.requirement, clientTerms.forcedLinePercent);
    rows.push([partnerId, req.requirement, req.openTerm, req.fixedLossTerm, req.goodsOutTerm, line, forced]);
    done.clients += 1;
    // A client comes under calls once its margin account is opened (its first deposit); a client without
    // one (on credit terms) has its requirement shown, never a call or a forced pricing.
    if (!balances.has(partnerId)) continue;
    const open = openCalls.get(partnerId);
    const figures = { balance, requirement: req.requirement, line, forced, terms: clientTerms };
    if (open) {
      if (marginCallMet(balance, req.requirement, clientTerms.callRatioPercent)) {
        await closeCall(hook, partnerId, open, 'margin', figures);
        done.met += 1;
        continue;
      }
      const reason = forcedPricingDue(open, { day, balance, requirement: req.requirement }, clientTerms);
      if (reason) {
        await forceIntoPricing(hook, partnerId, open, reason, own, figures);
        done.forced += 1;
      }
      continue;
    }
    if (marginCallDue(balance, req.requirement, clientTerms.callRatioPercent)) {
      holidays ??= await holidaysFrom(hook.db, day);
      const month = price?.futuresMonth ?? own.find((row) => row.settlementPrice)?.futuresMonth ?? null;
      const settlement =
        price?.settlementPrice ?? own.find((row) => row.futuresMonth === month)?.settlementPrice ?? null;
      await openCall(hook, partnerId, {
        ...figures,
        deadline: callDeadline(day, clientTerms, holidays),
        month,
        settlement,
      });
      done.opened += 1;
    }
  }
  await hook.db.query(
    `insert into client_margin_requirements (partner_id, requirement, open_term, fixed_loss_term, goods_out_term,
        call_line, forced_line, computed_at)
     select v.p::bigint, v.r::numeric, v.o::numeric, v.f::numeric, v.g::numeric, v.l::numeric, v.x::numeric, $8
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[])
            as v(p, r, o, f, g, l, x)
     on conflict (partner_id) do update set requirement = excluded.requirement, open_term = excluded.open_term,
        fixed_loss_term = excluded.fixed_loss_term, goods_out_term = excluded.goods_out_term,
        call_line = excluded.call_line, forced_line = excluded.forced_line, computed_at = excluded.computed_at`,
    [...[0, 1, 2, 3, 4, 5, 6].map((column) => rows.map((row) => row[column]!)), hook.now],
  );
  await publishChange(hook.db, hook.channel, MARGIN_TOPICS);
  return done;
}

interface CallFigures {
  balance: string;
  requirement: string;
  line: string;
  forced: string;
  terms: MarginTerms;
}

async function openCall(
  hook: HookContext,
  partnerId: string,
  call: CallFigures & { deadline: string; month: string | null; settlement: string | null },
) {
  const who = await recipientsOf(hook.db, partnerId);
  const amount = callAmount(call.balance, call.requirement);
  const [row] = await hook.db.query<{ id: string }>(
    `insert into margin_calls (partner_id, salesperson_id, opened_on, deadline, futures_month, settlement_price,
        requirement, balance, call_line, forced_line, amount, status, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, 'open', $12)
     returning id::text`,
    [
      partnerId,
      who.salespersonId,
      hook.today,
      call.deadline,
      call.month,
      call.settlement,
      call.requirement,
      call.balance,
      call.line,
      call.forced,
      amount,
      hook.now,
    ],
  );
  const callNo = `ZB${hook.today.replaceAll('-', '')}${row!.id.padStart(5, '0')}`;
  const summary =
    `追加保证金 ${callNo}：${who.partnerName} 保证金余额 ${call.balance} 元，低于追保线 ${call.line} 元` +
    `（需求 ${call.requirement} 元 × ${call.terms.callRatioPercent}%` +
    (call.month && call.settlement ? `，${call.month} 结算价 ${call.settlement}` : '') +
    `），须于 ${call.deadline} 前追加 ${amount} 元；低于 ${call.forced} 元将强制点价`;
  await hook.db.query('update margin_calls set call_no = $2, summary = $3 where id = $1', [
    row!.id,
    callNo,
    summary,
  ]);
  await hook.db.query(
    `insert into client_margin_movements (movement_no, partner_id, kind, amount, occurred_on, call_id, remark,
        created_by, created_at)
     values ($1, $2, 'call', $3, $4, $5, $6, $7, $8)`,
    [callNo, partnerId, amount, hook.today, row!.id, `追保至 ${call.deadline}`, hook.actor.userId, hook.now],
  );
  await history(hook, row!.id, 'open', null, 'open', summary);
  await tell(hook, who, summary);
}

async function history(
  hook: HookContext,
  id: string,
  action: string,
  from: string | null,
  to: string,
  comment: string,
) {
  await recordStep(hook, 'marginCall', id, { action, from, to, comment });
}

async function closeCall(
  hook: HookContext,
  partnerId: string,
  call: OpenCall,
  reason: 'margin',
  figures: CallFigures,
) {
  const who = await recipientsOf(hook.db, partnerId);
  const summary = `追保 ${call.callNo} 已满足：${who.partnerName} 保证金余额 ${figures.balance} 元，不低于追保线 ${figures.line} 元（需求 ${figures.requirement} 元）`;
  await hook.db.query(
    `update margin_calls set status = 'met', closed_reason = $2, closed_at = $3 where id = $1 and status = 'open'`,
    [call.id, reason, hook.now],
  );
  await history(hook, call.id, 'meet', 'open', 'met', summary);
  await tell(hook, who, summary);
}

const FORCED_WHY: Record<ForcedReason, string> = {
  deadline: '逾期未追加',
  forcedLine: '余额跌破强平线',
};

/**
 * The client's open tonnes are fixed at their months' settlement prices through the contracts' forced
 * fixing; the call closes as forced-priced. A contract whose month has no price yet stays open.
 */
async function forceIntoPricing(
  hook: HookContext,
  partnerId: string,
  call: OpenCall,
  reason: ForcedReason,
  contracts: readonly ContractFigures[],
  figures: CallFigures,
) {
  const who = await recipientsOf(hook.db, partnerId);
  const fixed: string[] = [];
  forcing.add(hook.db);
  try {
    for (const contract of contracts) {
      const open = openTonnage(contract.tonnage, contract.fixedTonnage);
      if (!contract.settlementPrice || !new Decimal(open).greaterThan(0)) continue;
      const result = await fixContract(hook, {
        contractId: contract.contractId,
        tonnage: open,
        futuresPrice: contract.settlementPrice,
        forced: true,
      });
      fixed.push(`${result.contractNo} ${open} 吨 @ ${contract.settlementPrice}`);
      await hook.db.query(
        `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
         select 'transactionContract', $1::text, 'forceFix', status, status, $2, $3, $4 from transaction_contracts where id = $1::bigint`,
        [
          contract.contractId,
          hook.actor.userId,
          `追保 ${call.callNo} ${FORCED_WHY[reason]}，强制点价`,
          hook.now,
        ],
      );
    }
  } finally {
    forcing.delete(hook.db);
  }
  const summary =
    `追保 ${call.callNo} 强制点价（${FORCED_WHY[reason]}，截止 ${call.deadline}）：${who.partnerName} 保证金余额 ` +
    `${figures.balance} 元，追保线 ${figures.line} 元，强平线 ${figures.forced} 元；` +
    (fixed.length > 0 ? fixed.join('，') : '没有可点价的未点价数量');
  await hook.db.query(
    `update margin_calls set status = 'forcedPriced', closed_reason = $2, closed_at = $3 where id = $1 and status = 'open'`,
    [call.id, reason, hook.now],
  );
  await history(hook, call.id, 'force', 'open', 'forcedPriced', summary);
  await tell(hook, who, summary);
}

/** The clients a settlement price of a month concerns: those with a contract of it, and those with an open call. */
export async function clientsOfMonth(db: Queryable, futuresMonth: string): Promise<string[]> {
  const rows = await db.query<{ id: string }>(
    `select distinct partner_id::text as id from transaction_contracts
      where futures_month = $1 and side = 'sale' and kind in ('basis', 'deferred') and status in ('approved', 'executing')
     union
     select partner_id::text from margin_calls where status = 'open'`,
    [futuresMonth],
  );
  return rows.map((row) => row.id);
}

/** A reassessment in words, for the summary of what set it off. */
export function reassessmentWords(done: Reassessment): string | undefined {
  if (done.opened + done.met + done.forced === 0) return undefined;
  const parts = [
    done.opened > 0 ? `追加保证金通知 ${done.opened} 户` : '',
    done.met > 0 ? `追保满足 ${done.met} 户` : '',
    done.forced > 0 ? `强制点价 ${done.forced} 户` : '',
  ].filter(Boolean);
  return `保证金重算 ${done.clients} 户：${parts.join('，')}`;
}
