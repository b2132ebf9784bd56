// The requirement of clients' margin and their calls (domain.md §4), recomputed inside the transaction of
// whatever changed it: a settlement price saved (every client with a contract of the month, and every open
// call, whose deadline may have passed), a fixing, an allotment, an application approved. The rules are
// src/domain/margin.ts; this reads the figures, keeps the requirement per client, opens, updates, meets and
// forces the calls, and tells the salesperson and risk staff through the message centre (type 1000009).
// A sweep over thousands of clients reads their figures in a few queries and writes every call, movement,
// history step and notice of the sweep in one statement each (issue 21: 2,000 clients under a second).

import Decimal from 'decimal.js';
import {
  type CallConsequence,
  type ContractRequirement,
  callAmount,
  callConsequence,
  callDeadline,
  callLine,
  callTarget,
  clientMarginRequirement,
  exactAverageFixedPrice,
  type ForcedReason,
  forcedLine,
  forcedPricingDue,
  type MarginCallMetRule,
  type MarginContract,
  type MarginTerms,
  marginCallDue,
  marginCallMet,
  openTonnage,
  paidTonnage,
  underForcedLine,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { createMessages } from '../../platform/messages/store.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import { recordSteps } from '../../platform/resources/history.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { fixContract } from '../contracts/index.ts';

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
  contractNo: string;
  kind: string;
  futuresMonth: string | null;
  tonnage: string;
  fixedTonnage: string;
  /** Σ Fᵢ·qᵢ of its fixings, exact: F̄ is read from it unrounded (issue 21). */
  futuresAmount: string;
  basis: string | null;
  qualityPremium: string | null;
  settlementPrice: string | null;
  /** Deferred contracts only. */
  goodsOut: string | null;
  goodsPaid: string;
  provisionalPaid: string;
}

/**
 * The clients' sale contracts priced later and in force, each with its month's latest settlement price (read
 * once per month) and, deferred ones, the tonnes delivered.
 */
async function contractFigures(db: Queryable, partnerIds: readonly string[], day: string) {
  return db.query<ContractFigures>(
    `with mine as (
       select c.id, c.partner_id, c.contract_no, c.kind, c.futures_month, c.tonnage, c.fixed_tonnage,
              c.fixed_futures_amount, c.basis, c.quality_premium
         from transaction_contracts c
        where c.partner_id = any($1::bigint[]) and c.side = 'sale' and c.kind in ('basis', 'deferred')
          and c.status in ('approved', 'executing')),
     settlements as (
       select m.futures_month,
              (select p.settlement_price from futures_prices p
                where p.futures_month = m.futures_month and p.trade_date <= $2::date and p.settlement_price is not null
                order by p.trade_date desc limit 1) as price
         from (select distinct futures_month from mine) m)
     select c.partner_id::text as "partnerId", c.id::text as "contractId", c.contract_no as "contractNo", c.kind,
            c.futures_month as "futuresMonth", c.tonnage::text, c.fixed_tonnage::text as "fixedTonnage",
            c.fixed_futures_amount::text as "futuresAmount", c.basis::text,
            c.quality_premium::text as "qualityPremium",
            s.price::text as "settlementPrice",
            (case when c.kind = 'deferred' then contract_delivered_tonnage(c.id) end)::text as "goodsOut",
            coalesce(pay.goods_paid, 0)::text as "goodsPaid",
            coalesce(pay.provisional_paid, 0)::text as "provisionalPaid"
       from mine c
       left join settlements s on s.futures_month = c.futures_month
       left join contract_payments pay on pay.contract_id = c.id
      order by c.id`,
    [partnerIds, day],
  );
}

/**
 * A contract's figures as the rule reads them: F̄ unrounded; the fixed tonnes the client's goods payments
 * cover are paid (at the exact price F̄ + B + QA); its provisional payments count against the goods out.
 */
function marginContract(row: ContractFigures): MarginContract {
  const goodsOut =
    row.goodsOut !== null && new Decimal(row.goodsOut).greaterThan(0)
      ? { basis: row.basis ?? '0', tonnage: row.goodsOut!, provisionalPaid: row.provisionalPaid }
      : null;
  // Nothing fixed yet (most contracts a price sweeps): all open, nothing fixed to pay for.
  if (new Decimal(row.fixedTonnage).isZero())
    return {
      openTonnage: row.tonnage,
      fixedUnpaidTonnage: '0',
      averageFixedPrice: null,
      futuresPrice: row.settlementPrice,
      goodsOut,
    };
  const average = exactAverageFixedPrice(row.futuresAmount, row.fixedTonnage);
  const fixedPrice =
    average === null
      ? null
      : new Decimal(average)
          .plus(row.basis ?? 0)
          .plus(row.qualityPremium ?? 0)
          .toString();
  return {
    openTonnage: openTonnage(row.tonnage, row.fixedTonnage),
    fixedUnpaidTonnage: new Decimal(row.fixedTonnage)
      .minus(paidTonnage(row.goodsPaid, fixedPrice, row.fixedTonnage))
      .toFixed(4),
    averageFixedPrice: average,
    futuresPrice: row.settlementPrice,
    goodsOut,
  };
}

/** The terms in force for each client on a day: its own margin set, else the settings. */
async function termsOf(db: Queryable, partnerIds: readonly string[], day: string) {
  const base: MarginTerms = {
    initialMarginPerTonne: await settingOn(db, 'initialMarginPerTonne', day),
    callRatioPercent: await settingOn(db, 'marginCallRatioPercent', day),
    callDeadlineDays: Number(await settingOn(db, 'marginCallDeadlineDays', day)),
    forcedLinePercent: await settingOn(db, 'forcedLineRatioPercent', day),
    metRule: (await settingOn(db, 'marginCallMetRule', day)) as MarginCallMetRule,
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

/** A client's requirement on a day, as a reassessment computes it (a withdrawal is checked against it). */
export async function requirementOf(db: Queryable, partnerId: string, day: string): Promise<string> {
  const terms = (await termsOf(db, [partnerId], day)).get(partnerId)!;
  const contracts = await contractFigures(db, [partnerId], day);
  return clientMarginRequirement(terms, contracts.map(marginContract)).requirement;
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

/** Who hears of each client's call: its salesperson and every user of the risk role (read once for all). */
async function recipientsOf(db: Queryable, partnerIds: readonly string[]): Promise<Map<string, Recipients>> {
  if (partnerIds.length === 0) return new Map();
  const risk = (
    await db.query<{ login: string }>(
      `select distinct u.login_name as login from users u join user_roles ur on ur.user_id = u.id
         join roles r on r.id = ur.role_id where r.code = 'risk' and u.enabled order by 1`,
    )
  ).map((row) => row.login);
  const rows = await db.query<{
    id: string;
    name: string;
    salespersonId: string | null;
    login: string | null;
  }>(
    `select p.id::text, p.name, r.salesperson_id::text as "salespersonId", u.login_name as login
       from partners p left join client_relations r on r.client_id = p.id left join users u on u.id = r.salesperson_id
      where p.id = any($1::bigint[])`,
    [partnerIds],
  );
  return new Map(
    rows.map((row) => [
      row.id,
      {
        partnerName: row.name,
        logins: [...new Set([...(row.login ? [row.login] : []), ...risk])],
        salespersonId: row.salespersonId,
      },
    ]),
  );
}

interface OpenCall {
  id: string;
  callNo: string;
  deadline: string;
  requirement: string;
  balance: string;
  amount: string;
  callLine: string;
  forcedLine: string;
}

export interface Reassessment {
  clients: number;
  opened: number;
  met: number;
  forced: number;
}

/** A client's figures in this reassessment. */
interface ClientState {
  partnerId: string;
  terms: MarginTerms;
  contracts: ContractFigures[];
  req: ContractRequirement;
  balance: string;
  line: string;
  forced: string;
  target: string;
  amount: string;
  /** The month and its settlement the figures were marked at (the price that set the sweep off, if any). */
  month: string | null;
  settlement: string | null;
}

function stateOf(
  partnerId: string,
  terms: MarginTerms,
  contracts: ContractFigures[],
  balance: string,
  price?: { futuresMonth: string; settlementPrice: string },
): ClientState {
  const req = clientMarginRequirement(terms, contracts.map(marginContract));
  const month = price?.futuresMonth ?? contracts.find((row) => row.settlementPrice)?.futuresMonth ?? null;
  const settlement =
    price?.settlementPrice ?? contracts.find((row) => row.futuresMonth === month)?.settlementPrice ?? null;
  return {
    partnerId,
    terms,
    contracts,
    req,
    balance,
    line: callLine(req.requirement, terms.callRatioPercent),
    forced: forcedLine(req.requirement, terms.forcedLinePercent),
    target: callTarget(req.requirement, terms),
    amount: callAmount(balance, req.requirement),
    month,
    settlement,
  };
}

/** What a reassessment does, gathered so that each kind of write is one statement. */
interface Work {
  state: ClientState;
  open?: OpenCall;
  action: 'open' | 'update' | 'meet' | 'force';
  reason?: ForcedReason;
}

/**
 * Recomputes the requirement of the clients and acts on their calls: opens one when the balance is below
 * k × Req (none open yet) — forced at once when the balance is under the forced line —, keeps an open one's
 * figures current, meets it when the balance reaches its target, forces it into pricing past its deadline or
 * under the forced line, and recomputes a forced client's requirement at once. `price` names the settlement
 * price that set it off, if any.
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
  const byClient = new Map<string, ContractFigures[]>(ids.map((id) => [id, []]));
  for (const row of contracts) byClient.get(row.partnerId)!.push(row);
  const terms = await termsOf(hook.db, ids, day);
  const balances = await balancesOf(hook.db, ids);
  const openCalls = await openCallsOf(hook.db, ids);
  const states = ids.map((id) =>
    stateOf(id, terms.get(id)!, byClient.get(id)!, new Decimal(balances.get(id) ?? '0').toFixed(2), price),
  );
  const work: Work[] = [];
  for (const state of states) {
    done.clients += 1;
    // A client comes under calls once its margin account is opened (its first deposit); a client without
    // one (on credit terms) has its requirement shown, never a call or a forced pricing.
    if (!balances.has(state.partnerId)) continue;
    const open = openCalls.get(state.partnerId);
    const { balance, req, terms: clientTerms } = state;
    if (open) {
      if (marginCallMet(balance, req.requirement, clientTerms)) work.push({ state, open, action: 'meet' });
      else {
        const reason = forcedPricingDue(open, { day, balance, requirement: req.requirement }, clientTerms);
        if (reason && forceable(state)) work.push({ state, open, action: 'force', reason });
        else if (changed(open, state)) work.push({ state, open, action: 'update' });
      }
    } else if (marginCallDue(balance, req.requirement, clientTerms.callRatioPercent)) {
      work.push({ state, action: 'open' });
      // A call raised under the forced line is forced at once (issue 21).
      if (underForcedLine(balance, req.requirement, clientTerms) && forceable(state))
        work.push({ state, action: 'force', reason: 'forcedLine' });
    }
  }
  const recipients = await recipientsOf(
    hook.db,
    work.map((item) => item.state.partnerId),
  );
  const opened = await raiseCalls(
    hook,
    work.filter((item) => item.action === 'open').map((item) => item.state),
    recipients,
  );
  done.opened = opened.size;
  await updateCalls(
    hook,
    work.filter((item) => item.action === 'update'),
    recipients,
  );
  for (const item of work.filter((w) => w.action === 'meet')) {
    await closeCall(hook, item.open!, item.state, recipients.get(item.state.partnerId)!);
    done.met += 1;
  }
  const refreshed = new Set<string>();
  for (const item of work.filter((w) => w.action === 'force')) {
    const call = item.open ?? opened.get(item.state.partnerId);
    if (!call) continue;
    await forceIntoPricing(hook, call, item.reason!, item.state, recipients.get(item.state.partnerId)!);
    done.forced += 1;
    refreshed.add(item.state.partnerId);
  }
  // A forced client's open tonnes are now fixed: its requirement is recomputed in this same transaction.
  const recomputed = refreshed.size === 0 ? [] : await contractFigures(hook.db, [...refreshed], day);
  const kept = states.map((state) =>
    refreshed.has(state.partnerId)
      ? stateOf(
          state.partnerId,
          state.terms,
          recomputed.filter((row) => row.partnerId === state.partnerId),
          state.balance,
          price,
        )
      : state,
  );
  await storeRequirements(hook, kept);
  await publishChange(hook.db, hook.channel, MARGIN_TOPICS);
  return done;
}

async function openCallsOf(db: Queryable, ids: readonly string[]) {
  const rows = await db.query<OpenCall & { partnerId: string }>(
    `select id::text, call_no as "callNo", to_char(deadline, 'YYYY-MM-DD') as deadline, partner_id::text as "partnerId",
            requirement::text, balance::text, amount::text, call_line::text as "callLine", forced_line::text as "forcedLine"
       from margin_calls where partner_id = any($1::bigint[]) and status = 'open'`,
    [ids],
  );
  return new Map(rows.map((row) => [row.partnerId, row]));
}

/** The client's contracts with open tonnes, and those of them whose month has a settlement to force at. */
function openContracts(state: ClientState) {
  const open = state.contracts.filter((contract) =>
    new Decimal(openTonnage(contract.tonnage, contract.fixedTonnage)).greaterThan(0),
  );
  return { open, priced: open.filter((contract) => contract.settlementPrice) };
}

/**
 * A call can be forced when some open tonnes have a price to be fixed at, or none are open (nothing is left
 * to force); open tonnes without any price wait for one, the call open meanwhile.
 */
const forceable = (state: ClientState) => {
  const { open, priced } = openContracts(state);
  return open.length === 0 || priced.length > 0;
};

/** Whether an open call's figures are no longer the client's (a price moved, margin came or went). */
const changed = (open: OpenCall, state: ClientState) =>
  !new Decimal(open.requirement).equals(state.req.requirement) ||
  !new Decimal(open.balance).equals(state.balance) ||
  !new Decimal(open.amount).equals(state.amount);

async function storeRequirements(hook: HookContext, states: readonly ClientState[]) {
  const rows = states.map((s) => [
    s.partnerId,
    s.req.requirement,
    s.req.openTerm,
    s.req.fixedLossTerm,
    s.req.goodsOutTerm,
    s.line,
    s.forced,
  ]);
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
}

/** The call's figures in words, as its summary and notices say them. */
const figuresWords = (state: ClientState) =>
  `（需求 ${state.req.requirement} 元，追保线 ${state.line} 元 = ${state.terms.callRatioPercent}%` +
  (state.month && state.settlement ? `，${state.month} 结算价 ${state.settlement}` : '') +
  '）';

/** What follows for a call open now: its target by its deadline, or — under the forced line — forcing. */
const openConsequence = (state: ClientState, deadline: string): CallConsequence =>
  underForcedLine(state.balance, state.req.requirement, state.terms)
    ? { state: 'awaitingPrice', forcedLine: state.forced }
    : {
        state: 'open',
        deadline,
        target: state.target,
        forcedLine: state.forced,
        metRule: state.terms.metRule,
      };

async function notices(hook: HookContext, told: readonly { to: Recipients; message: string }[]) {
  await createMessages(
    hook.db,
    { channel: hook.channel },
    told.flatMap(({ to, message }) =>
      to.logins.map((loginName) => ({
        loginName,
        messageType: MARGIN_MESSAGE_TYPE,
        message,
        createdBy: hook.actor.userId,
      })),
    ),
    hook.now,
  );
}

/**
 * Opens the calls of the clients below their call line: each asks for the full requirement by its deadline,
 * is recorded in the client's ledger (a call moves no money), its history and its notices. Answers the calls
 * opened by client.
 */
async function raiseCalls(
  hook: HookContext,
  states: readonly ClientState[],
  recipients: ReadonlyMap<string, Recipients>,
): Promise<Map<string, OpenCall>> {
  if (states.length === 0) return new Map();
  const holidays = await holidaysFrom(hook.db, hook.today);
  const deadlines = states.map((state) => callDeadline(hook.today, state.terms, holidays));
  // The calls' ids are drawn first, so that each call is written whole (number, summary, consequence) in one
  // statement: numbering them by a second update over every call cost as much as the insert.
  const ids = (
    await hook.db.query<{ id: string }>(
      `select nextval(pg_get_serial_sequence('margin_calls', 'id'))::text as id from generate_series(1, $1::int)`,
      [states.length],
    )
  ).map((row) => row.id);
  const calls = new Map<string, OpenCall>();
  const summaries: string[] = [];
  const consequences: string[] = [];
  states.forEach((state, index) => {
    const id = ids[index]!;
    const who = recipients.get(state.partnerId)!;
    const callNo = `ZB${hook.today.replaceAll('-', '')}${id.padStart(5, '0')}`;
    const deadline = deadlines[index]!;
    const consequence = callConsequence(openConsequence(state, deadline));
    consequences.push(consequence);
    summaries.push(
      `追加保证金 ${callNo}：${who.partnerName} 保证金余额 ${state.balance} 元，低于追保线 ${state.line} 元` +
        `${figuresWords(state)}，须于 ${deadline} 前追加 ${state.amount} 元；${consequence}`,
    );
    calls.set(state.partnerId, {
      id,
      callNo,
      deadline,
      requirement: state.req.requirement,
      balance: state.balance,
      amount: state.amount,
      callLine: state.line,
      forcedLine: state.forced,
    });
  });
  const column = <T>(pick: (state: ClientState, index: number) => T) => states.map(pick);
  await hook.db.query(
    `insert into margin_calls (id, call_no, summary, consequence, partner_id, salesperson_id, opened_on, deadline,
        futures_month, settlement_price, requirement, balance, call_line, forced_line, amount, target, met_rule,
        figures_on, status, created_at)
     overriding system value
     select v.id::bigint, v.no, v.summary, v.c, v.p::bigint, v.s::bigint, $13, v.d::date, v.m, v.x::numeric,
            v.r::numeric, v.b::numeric, v.l::numeric, v.f::numeric, v.a::numeric, v.t::numeric, v.u, $13, 'open', $14
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::text[], $10::text[], $11::text[], $12::text[], $15::text[], $16::text[], $17::text[], $18::text[])
            with ordinality as v(p, s, d, m, x, r, b, l, f, a, t, u, id, no, summary, c, n)
      order by v.n`,
    [
      column((s) => s.partnerId),
      column((s) => recipients.get(s.partnerId)?.salespersonId ?? null),
      deadlines,
      column((s) => s.month),
      column((s) => s.settlement),
      column((s) => s.req.requirement),
      column((s) => s.balance),
      column((s) => s.line),
      column((s) => s.forced),
      column((s) => s.amount),
      column((s) => s.target),
      column((s) => s.terms.metRule),
      hook.today,
      hook.now,
      ids,
      column((s) => calls.get(s.partnerId)!.callNo),
      summaries,
      consequences,
    ],
  );
  const opened = [...calls.values()];
  await hook.db.query(
    `insert into client_margin_movements (movement_no, partner_id, kind, amount, occurred_on, call_id, remark,
        created_by, created_at)
     select v.no, v.p::bigint, 'call', v.a::numeric, $5, v.id::bigint, '追保至 ' || v.d, $6, $7
       from unnest($1::text[], $2::text[], $3::text[], $4::text[], $8::text[]) with ordinality as v(no, p, a, id, d, n)
      order by v.n`,
    [
      opened.map((call) => call.callNo),
      states.map((state) => state.partnerId),
      opened.map((call) => call.amount),
      opened.map((call) => call.id),
      hook.today,
      hook.actor.userId,
      hook.now,
      opened.map((call) => call.deadline),
    ],
  );
  await recordSteps(
    hook,
    'marginCall',
    opened.map((call, index) => ({
      recordId: call.id,
      action: 'open',
      from: null,
      to: 'open',
      comment: summaries[index]!,
    })),
  );
  await notices(
    hook,
    states.map((state, index) => ({ to: recipients.get(state.partnerId)!, message: summaries[index]! })),
  );
  return calls;
}

/**
 * An open call whose figures moved shows the current ones (issue 21: it kept its first amount while the
 * shortfall grew, and its notice printed it). A grown amount is told again; every change is in its history.
 */
async function updateCalls(
  hook: HookContext,
  items: readonly Work[],
  recipients: ReadonlyMap<string, Recipients>,
) {
  if (items.length === 0) return;
  const summaries = items.map(({ state, open }) => {
    const who = recipients.get(state.partnerId)!;
    return (
      `追加保证金 ${open!.callNo} 更新：${who.partnerName} 保证金余额 ${state.balance} 元${figuresWords(state)}，` +
      `须于 ${open!.deadline} 前追加 ${state.amount} 元（原 ${open!.amount} 元）；` +
      callConsequence(openConsequence(state, open!.deadline))
    );
  });
  await hook.db.query(
    `update margin_calls c
        set requirement = v.r::numeric, balance = v.b::numeric, call_line = v.l::numeric, forced_line = v.f::numeric,
            amount = v.a::numeric, target = v.t::numeric, futures_month = coalesce(v.m, c.futures_month),
            settlement_price = coalesce(v.x::numeric, c.settlement_price), figures_on = $11, summary = v.summary,
            consequence = v.c
       from unnest($1::bigint[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[],
                   $9::text[], $10::text[], $12::text[]) as v(id, r, b, l, f, a, t, m, x, summary, c)
      where c.id = v.id`,
    [
      items.map(({ open }) => open!.id),
      items.map(({ state }) => state.req.requirement),
      items.map(({ state }) => state.balance),
      items.map(({ state }) => state.line),
      items.map(({ state }) => state.forced),
      items.map(({ state }) => state.amount),
      items.map(({ state }) => state.target),
      items.map(({ state }) => state.month),
      items.map(({ state }) => state.settlement),
      summaries,
      hook.today,
      items.map(({ state, open }) => callConsequence(openConsequence(state, open!.deadline))),
    ],
  );
  await recordSteps(
    hook,
    'marginCall',
    items.map(({ open }, index) => ({
      recordId: open!.id,
      action: 'updateCall',
      from: 'open',
      to: 'open',
      comment: summaries[index]!,
    })),
  );
  await notices(
    hook,
    items
      .map(({ state, open }, index) => ({ state, open: open!, message: summaries[index]! }))
      .filter(({ state, open }) => new Decimal(state.amount).greaterThan(open.amount))
      .map(({ state, message }) => ({ to: recipients.get(state.partnerId)!, message })),
  );
}

async function closeCall(hook: HookContext, call: OpenCall, state: ClientState, who: Recipients) {
  const consequence = callConsequence({ state: 'met', target: state.target, metRule: state.terms.metRule });
  const summary = `追保 ${call.callNo} 已满足：${who.partnerName} 保证金余额 ${state.balance} 元，不低于目标 ${state.target} 元（需求 ${state.req.requirement} 元）`;
  await hook.db.query(
    `update margin_calls set status = 'met', closed_reason = 'margin', closed_at = $2, balance = $3,
            requirement = $4, consequence = $5, figures_on = $6
      where id = $1 and status = 'open'`,
    [call.id, hook.now, state.balance, state.req.requirement, consequence, hook.today],
  );
  await recordSteps(hook, 'marginCall', [
    { recordId: call.id, action: 'meet', from: 'open', to: 'met', comment: summary },
  ]);
  await notices(hook, [{ to: who, message: summary }]);
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
  call: OpenCall,
  reason: ForcedReason,
  state: ClientState,
  who: Recipients,
) {
  const { priced } = openContracts(state);
  const fixed: string[] = [];
  forcing.add(hook.db);
  try {
    for (const contract of priced) {
      const tonnage = openTonnage(contract.tonnage, contract.fixedTonnage);
      await fixContract(hook, {
        contractId: contract.contractId,
        tonnage,
        futuresPrice: contract.settlementPrice!,
        forced: true,
      });
      fixed.push(`${contract.contractNo} ${tonnage} 吨 @ ${contract.settlementPrice}`);
    }
    await hook.db.query(
      `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
       select 'transactionContract', c.id::text, 'forceFix', c.status, c.status, $2, $3, $4
         from transaction_contracts c where c.id = any($1::bigint[])`,
      [
        priced.map((contract) => contract.contractId),
        hook.actor.userId,
        `追保 ${call.callNo} ${FORCED_WHY[reason]}，强制点价`,
        hook.now,
      ],
    );
  } finally {
    forcing.delete(hook.db);
  }
  const consequence = callConsequence({ state: 'forcedPriced', reason, day: hook.today, fixed });
  const summary =
    `追保 ${call.callNo} 强制点价（${FORCED_WHY[reason]}，截止 ${call.deadline}）：${who.partnerName} 保证金余额 ` +
    `${state.balance} 元，追保线 ${state.line} 元，强平线 ${state.forced} 元；` +
    (fixed.length > 0 ? fixed.join('，') : '没有可点价的未点价数量');
  await hook.db.query(
    `update margin_calls set status = 'forcedPriced', closed_reason = $2, closed_at = $3, consequence = $4
      where id = $1 and status = 'open'`,
    [call.id, reason, hook.now, consequence],
  );
  await recordSteps(hook, 'marginCall', [
    { recordId: call.id, action: 'force', from: 'open', to: 'forcedPriced', comment: summary },
  ]);
  await notices(hook, [{ to: who, message: summary }]);
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
