// The daily revaluation (domain-money.md §3.2 rules 4–5, RedeemEval): every drawn pledge's batches still held
// are valued on the day, the exact LTV (L − deposit) / CV read against the pledge's lines, and the day's row
// kept (run again the same day, it replaces it). At the call line a call opens — one at a time per pledge —
// asking the cash top-up or the extra collateral by its deadline (banking days, pledgeCallDeadlineDays), and
// finance and risk are told at once (message centre and the live socket). A call is met by a cash top-up paid
// into the bank's deposit (it does not reduce the loan: decision 6), which posts deposits / bank.
import Decimal from 'decimal.js';
import {
  loanToValue,
  ltvPercentShown,
  pledgeCallDeadline,
  pledgeRiskStatus,
  pledgeTopUp,
  transfer,
} from '../../../src/domain/index.ts';
import { badRequest, refusedField } from '../../platform/http/envelope.ts';
import { sendFromHook } from '../../platform/messages/store.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import { recordStep } from '../../platform/resources/history.ts';
import type { CommandService, HookContext } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { postEntry } from '../capital/index.ts';
import { balanceOf, liveBatches, pledgeOf } from './pledges.ts';
import { valueBatches } from './valuation.ts';

export const PLEDGE_TOPICS = [
  'pledges/ResourcePledge',
  'pledges/RedeemEval',
  'pledges/UnRedemAccountDetail',
  'pledges/RedemSpot',
];
/** The message centre's kind for a pledge call (风险预警). */
export const PLEDGE_CALL_MESSAGE_TYPE = '1000003';

export interface PledgeValued {
  pledgeId: string;
  riskStatus: string;
  ltvPercent: string | null;
  callNo?: string;
}

/** Whoever is told of a call: the enabled users of finance and risk. */
async function financeAndRisk(hook: HookContext) {
  return (
    await hook.db.query<{ loginName: string }>(
      `select distinct u.login_name as "loginName" from users u join user_roles ur on ur.user_id = u.id
         join roles r on r.id = ur.role_id where r.code in ('finance', 'risk') and u.enabled order by 1`,
    )
  ).map((row) => row.loginName);
}

/** Values one drawn pledge on the hook's day; opens a call at the call line. */
export async function revaluePledge(hook: HookContext, id: string): Promise<PledgeValued> {
  const pledge = await pledgeOf(hook.db, id);
  const batches = await liveBatches(hook.db, id);
  const { principal, deposit } = await balanceOf(hook.db, id);
  const valued =
    batches.length > 0 ? await valueBatches(hook.db, hook.today, batches, pledge.valuation) : undefined;
  // CV: Σ of the lines as valued, each rounded once.
  const cvOfLines = valued
    ? valued.batches.reduce((sum, b) => sum.plus(b.value), new Decimal(0)).toFixed(2)
    : '0.00';
  const ltv = loanToValue(principal, deposit, cvOfLines);
  const [open] = await hook.db.query<{ id: string; callNo: string; deadline: string }>(
    `select id::text, call_no as "callNo", to_char(deadline, 'YYYY-MM-DD') as deadline
       from pledge_calls where pledge_id = $1 and status = 'open'`,
    [id],
  );
  const riskStatus = pledgeRiskStatus(ltv, pledge, {
    principalOwed: new Decimal(principal).gt(0),
    callOverdue: open !== undefined && open.deadline < hook.today,
  });
  const topUp = pledgeTopUp(principal, deposit, cvOfLines, pledge.advancePercent);
  const shown = ltvPercentShown(ltv);
  await hook.db.query('delete from pledge_valuations where pledge_id = $1 and valued_on = $2', [
    id,
    hook.today,
  ]);
  await hook.db.query(
    `insert into pledge_valuations (pledge_id, valued_on, futures_month, settlement, collateral_value, principal,
        deposit, ltv_percent, risk_status, cash_top_up, collateral_top_up, lines, valued_by, valued_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
    [
      id,
      hook.today,
      valued?.futuresMonth ?? null,
      valued?.settlement ?? null,
      cvOfLines,
      principal,
      deposit,
      shown,
      riskStatus,
      topUp.cash,
      topUp.collateral,
      JSON.stringify(valued?.batches ?? []),
      hook.actor.userId,
      hook.now,
    ],
  );
  await hook.db.query('update pledges set risk_status = $2 where id = $1', [id, riskStatus]);
  if (open || (riskStatus !== 'called' && riskStatus !== 'disposing'))
    return { pledgeId: id, riskStatus, ltvPercent: shown, callNo: open?.callNo };
  const days = Number(await settingOn(hook.db, 'pledgeCallDeadlineDays', hook.today));
  const deadline = pledgeCallDeadline(hook.today, days);
  const [call] = await hook.db.query<{ id: string }>(
    `insert into pledge_calls (pledge_id, raised_on, deadline, ltv_percent, collateral_value, cash_required,
        collateral_required, raised_by, raised_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id::text`,
    [id, hook.today, deadline, shown, cvOfLines, topUp.cash, topUp.collateral, hook.actor.userId, hook.now],
  );
  const [numbered] = await hook.db.query<{ callNo: string }>(
    `update pledge_calls set call_no = 'BC' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 4, '0')
      where id = $1 returning call_no as "callNo"`,
    [call!.id, hook.today],
  );
  const callNo = numbered!.callNo;
  await recordStep(hook, 'pledge', id, {
    action: 'call',
    from: pledge.status,
    to: pledge.status,
    comment: `追加通知 ${callNo}：LTV ${shown}%，须于 ${deadline} 前补足现金 ${topUp.cash} 元或追加质押物 ${topUp.collateral} 元`,
  });
  const message =
    `质押追加通知 **${callNo}**：${pledge.pledgeNo} 质押物价值 ${cvOfLines} 元，借款余额 ${principal} 元，` +
    `LTV ${shown}% 已达追加线 ${pledge.callPercent}%。请于 ${deadline} 前补足现金 ${topUp.cash} 元或追加质押物 ${topUp.collateral} 元`;
  for (const loginName of await financeAndRisk(hook))
    await sendFromHook(hook, { loginName, messageType: PLEDGE_CALL_MESSAGE_TYPE, message });
  return { pledgeId: id, riskStatus, ltvPercent: shown, callNo };
}

/** Revalues every drawn pledge on the day: the daily command (RedeemEval). */
export async function revalueAll(hook: HookContext) {
  const ids = await hook.db.query<{ id: string }>(
    `select id::text from pledges where status in ('pledged', 'partlyRedeemed') order by id for update`,
  );
  const results: PledgeValued[] = [];
  for (const { id } of ids) results.push(await revaluePledge(hook, id));
  await publishChange(hook.db, hook.channel, PLEDGE_TOPICS);
  return results;
}

export const revalue: CommandService = async (context) => {
  const results = await revalueAll(context);
  const calls = results.filter((r) => r.callNo && r.riskStatus !== 'normal').length;
  return {
    summary: `${context.today} 估值质押 ${results.length} 笔，处于追加或处置的 ${calls} 笔`,
    data: results,
  };
};

/** The open call met by cash paid into the bank's deposit: at least the cash asked; the pledge revalued. */
export const meetCall: CommandService = async (context) => {
  const id = String(context.record?.id ?? '');
  const pledge = await pledgeOf(context.db, id);
  const [call] = await context.db.query<{ id: string; callNo: string; cashRequired: string }>(
    `select id::text, call_no as "callNo", cash_required::text as "cashRequired"
       from pledge_calls where pledge_id = $1 and status = 'open' for update`,
    [id],
  );
  if (!call) throw badRequest(`${pledge.pledgeNo} 没有未了结的追加通知`);
  const amount = new Decimal(String(context.input.amount));
  if (amount.lt(call.cashRequired))
    throw refusedField(
      'amount',
      `追加通知 ${call.callNo} 须补足现金 ${call.cashRequired} 元，本次 ${amount.toFixed(2)} 元不足`,
    );
  const paidOn = String(context.input.paidOn);
  if (paidOn > context.today) throw refusedField('paidOn', `付款日期不能晚于今天（${context.today}）`);
  const bankAccountId = String(context.input.bankAccountId);
  const [account] = await context.db.query<{ status: string }>(
    'select status from bank_accounts where id = $1',
    [bankAccountId],
  );
  if (account?.status !== 'enabled') throw refusedField('bankAccountId', '付款账户不存在或已停用');
  await postEntry(context, {
    sourceKind: 'pledge',
    sourceId: id,
    event: `deposit:${call.id}`,
    postedOn: paidOn,
    lines: transfer(
      { account: 'deposits', partnerId: pledge.bankId },
      { account: 'bank', bankAccountId },
      amount.toFixed(2),
    ),
    memo: `${pledge.pledgeNo} ${call.callNo}`,
  });
  await context.db.query(
    `update pledge_calls set status = 'met', paid_amount = $2, bank_account_id = $3, closed_on = $4, closed_by = $5
      where id = $1`,
    [call.id, amount.toFixed(2), bankAccountId, paidOn, context.actor.userId],
  );
  const after = await revaluePledge(context, id);
  await publishChange(context.db, context.channel, PLEDGE_TOPICS);
  return {
    summary: `追加通知 ${call.callNo} 已补足现金 ${amount.toFixed(2)} 元（存入保证金），LTV ${after.ltvPercent}%`,
  };
};
