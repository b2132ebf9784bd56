// Redemptions (赎货, domain-money.md §3.2 rule 7, SM-9): a subset of a pledge's batches is freed for
// P_X = max(round(L × CV_X / CV), L − deposit − a × CV_rest) capped at L, plus the interest on P_X from the later
// of the draw and the last interest period (decision 7), quoted on the batches' value the day it is saved or
// submitted. It is approved by someone other than its submitter, paid by a bank transaction of the house that
// matches the amount (one transaction pays one redemption) — which posts loans payable and interest / bank —
// and only then released: the batches go back to the state they were pledged from, and the pledge is partly
// or wholly redeemed (wholly: the deposit comes back to the bank account).
import Decimal from 'decimal.js';
import { redemptionInterest, redemptionPrincipal, transfer } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest, refusedField } from '../../platform/http/envelope.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import { recordStep } from '../../platform/resources/history.ts';
import type { HookContext, LinesStorage, ResourceStorage } from '../../platform/resources/storage.ts';
import { postEntry } from '../capital/index.ts';
import { moveBatch } from '../warehouse/index.ts';
import { balanceOf, liveBatches, pledgeOf } from './pledges.ts';
import { PLEDGE_TOPICS } from './revaluation.ts';
import { valueBatches } from './valuation.ts';

interface Redemption {
  id: string;
  redemptionNo: string;
  pledgeId: string;
  status: string;
  principalDue: string | null;
  interestDue: string | null;
  totalDue: string | null;
  bankTransactionId: string | null;
  interestFrom: string | null;
}

async function redemptionOf(db: Queryable, id: string): Promise<Redemption> {
  const [row] = await db.query<Redemption>(
    `select id::text, redemption_no as "redemptionNo", pledge_id::text as "pledgeId", status,
            principal_due::text as "principalDue", interest_due::text as "interestDue", total_due::text as "totalDue",
            bank_transaction_id::text as "bankTransactionId", to_char(interest_from, 'YYYY-MM-DD') as "interestFrom"
       from pledge_redemptions where id = $1`,
    [id],
  );
  if (!row) throw badRequest('赎货记录不存在或已被删除');
  return row;
}

const batchesOf = async (db: Queryable, id: string) =>
  (
    await db.query<{ batchNo: string }>(
      'select batch_no as "batchNo" from pledge_redemption_lines where redemption_id = $1 order by sort, id',
      [id],
    )
  ).map((row) => row.batchNo);

const redemptionLines: LinesStorage = {
  load: (db, id) =>
    db.query(
      'select batch_no as "batchNo" from pledge_redemption_lines where redemption_id = $1 order by sort, id',
      [id],
    ),
  save: async ({ db }, id, lines) => {
    await db.query('delete from pledge_redemption_lines where redemption_id = $1', [id]);
    for (const [sort, line] of lines.entries())
      await db.query(
        'insert into pledge_redemption_lines (redemption_id, sort, batch_no) values ($1, $2, $3)',
        [id, sort, String(line.batchNo ?? '').trim()],
      );
  },
};

/** The day interest on the loan was last counted to: the later of the draw and the last interest period. */
export async function interestSince(db: Queryable, pledgeId: string, drawDate: string) {
  const [row] = await db.query<{ since: string | null }>(
    `select to_char(max(period_to), 'YYYY-MM-DD') as since from pledge_interest
      where pledge_id = $1 and status <> 'waived'`,
    [pledgeId],
  );
  return row?.since && row.since > drawDate ? row.since : drawDate;
}

/** Quotes the redemption on the day's value of the pledge's batches; refuses a batch the pledge does not hold. */
export async function quote(hook: HookContext, id: string) {
  const redemption = await redemptionOf(hook.db, id);
  const pledge = await pledgeOf(hook.db, redemption.pledgeId);
  if (!['pledged', 'partlyRedeemed'].includes(pledge.status))
    throw refusedField('pledgeId', `质押 ${pledge.pledgeNo} 未放款或已赎清，不能赎货`);
  const held = await liveBatches(hook.db, pledge.id);
  const chosen = await batchesOf(hook.db, id);
  if (chosen.length === 0) throw refusedField('lines', '请选择要赎回的批号');
  const stranger = chosen.find((batchNo) => !held.includes(batchNo));
  if (stranger) throw refusedField('lines', `批号 ${stranger} 不在质押 ${pledge.pledgeNo} 的未赎质押物中`);
  const [busy] = await hook.db.query<{ redemptionNo: string; batchNo: string }>(
    `select r.redemption_no as "redemptionNo", l.batch_no as "batchNo"
       from pledge_redemption_lines l join pledge_redemptions r on r.id = l.redemption_id
      where r.id <> $1 and r.status in ('draft', 'submitted', 'approved', 'paid') and l.batch_no = any($2::text[])
      limit 1`,
    [id, chosen],
  );
  if (busy) throw refusedField('lines', `批号 ${busy.batchNo} 已在赎货单 ${busy.redemptionNo} 中`);
  const valued = await valueBatches(hook.db, hook.today, held, pledge.valuation);
  const sum = (batches: typeof valued.batches) =>
    batches.reduce((total, b) => total.plus(b.value), new Decimal(0)).toFixed(2);
  const cv = sum(valued.batches);
  const cvRedeemed = sum(valued.batches.filter((b) => chosen.includes(b.batchNo)));
  const { principal, deposit } = await balanceOf(hook.db, pledge.id);
  const due = redemptionPrincipal({
    principal,
    deposit,
    cv,
    cvRedeemed,
    advancePercent: pledge.advancePercent,
  });
  const since = await interestSince(hook.db, pledge.id, pledge.drawDate!);
  const interest = redemptionInterest(due.principal, since, hook.today, {
    ratePercent: pledge.ratePercent,
    dayCount: pledge.dayCount,
    countLastDay: pledge.interestEnds === 'both',
  });
  await hook.db.query(
    `update pledge_redemptions set quoted_on = $2, collateral_value = $3, redeemed_value = $4,
            principal_outstanding = $5, pro_rata = $6, keep_ltv = $7, principal_due = $8, interest_from = $9,
            interest_due = $10, total_due = $11
      where id = $1`,
    [
      id,
      hook.today,
      cv,
      cvRedeemed,
      principal,
      due.proRata,
      due.keepLtv,
      due.principal,
      since,
      interest,
      new Decimal(due.principal).plus(interest).toFixed(2),
    ],
  );
}

/** Paid by a bank transaction of the house: money out, the amount due to the fen, matching no other redemption. */
async function pay(hook: HookContext, redemption: Redemption) {
  if (!redemption.bankTransactionId)
    throw refusedField('bankTransactionId', '请选择支付这笔赎货款的银行流水');
  const [paid] = await hook.db.query<{
    accountId: string;
    direction: string;
    amount: string;
    valueDate: string;
    serial: string;
  }>(
    `select account_id::text as "accountId", direction, amount::text, to_char(value_date, 'YYYY-MM-DD') as "valueDate",
            bank_serial_no as serial
       from bank_transactions where id = $1 for update`,
    [redemption.bankTransactionId],
  );
  if (!paid) throw refusedField('bankTransactionId', '银行流水不存在');
  const [taken] = await hook.db.query<{ no: string }>(
    `select redemption_no as no from pledge_redemptions where bank_transaction_id = $1 and id <> $2`,
    [redemption.bankTransactionId, redemption.id],
  );
  if (taken) throw refusedField('bankTransactionId', `流水 ${paid.serial} 已用于赎货单 ${taken.no}`);
  if (paid.direction !== 'out')
    throw refusedField('bankTransactionId', `流水 ${paid.serial} 是收款，不是付款`);
  if (!new Decimal(paid.amount).equals(redemption.totalDue!))
    throw refusedField(
      'bankTransactionId',
      `流水 ${paid.serial} 金额 ${new Decimal(paid.amount).toFixed(2)} 元与应付赎货款 ${redemption.totalDue} 元不符`,
    );
  const pledge = await pledgeOf(hook.db, redemption.pledgeId);
  const since = await interestSince(hook.db, pledge.id, pledge.drawDate!);
  if (redemption.interestFrom! < since)
    throw badRequest(`报价后利息已计至 ${since}，赎货利息会重复计算：请退回草稿重新报价`);
  const { principal } = await balanceOf(hook.db, pledge.id);
  if (new Decimal(redemption.principalDue!).gt(principal))
    throw badRequest(`应还本金 ${redemption.principalDue} 元超过借款余额 ${principal} 元，请重新报价`);
  const lines = transfer(
    { account: 'loansPayable', partnerId: pledge.bankId },
    { account: 'bank', bankAccountId: paid.accountId },
    redemption.totalDue!,
  );
  // One credit to the bank; the debit split into principal and interest.
  const interest = new Decimal(redemption.interestDue ?? 0);
  const postings = interest.gt(0)
    ? [
        { ...lines[0]!, debit: redemption.principalDue! },
        { account: 'interestExpense' as const, debit: interest.toFixed(2), credit: '0.00' },
        lines[1]!,
      ]
    : lines;
  await postEntry(hook, {
    sourceKind: 'pledge',
    sourceId: pledge.id,
    event: `redemption:${redemption.id}`,
    postedOn: paid.valueDate,
    lines: postings,
    memo: `${pledge.pledgeNo} ${redemption.redemptionNo}`,
  });
  await hook.db.query('update pledge_redemptions set paid_on = $2, paid_by = $3 where id = $1', [
    redemption.id,
    paid.valueDate,
    hook.actor.userId,
  ]);
}

/** Released: the batches freed back to where they were pledged from; the pledge partly or wholly redeemed. */
async function release(hook: HookContext, redemption: Redemption) {
  const pledge = await pledgeOf(hook.db, redemption.pledgeId);
  const chosen = await batchesOf(hook.db, redemption.id);
  await hook.db.query(
    `update pledge_lines set released_on = $3, redemption_id = $4
      where pledge_id = $1 and batch_no = any($2::text[]) and released_on is null`,
    [pledge.id, chosen, hook.today, redemption.id],
  );
  const lines = await hook.db.query<{ batchNo: string; returnsTo: string }>(
    `select batch_no as "batchNo", returns_to as "returnsTo" from pledge_lines
      where pledge_id = $1 and redemption_id = $2 order by sort, id`,
    [pledge.id, redemption.id],
  );
  for (const line of lines)
    await moveBatch(hook, line.batchNo, {
      from: ['pledged'],
      to: line.returnsTo,
      because: `解押（赎货 ${redemption.redemptionNo}）`,
    });
  await hook.db.query('update pledge_redemptions set released_on = $2, released_by = $3 where id = $1', [
    redemption.id,
    hook.today,
    hook.actor.userId,
  ]);
  const left = await liveBatches(hook.db, pledge.id);
  const next = left.length === 0 ? 'redeemed' : 'partlyRedeemed';
  await hook.db.query('update pledges set status = $2 where id = $1', [pledge.id, next]);
  await recordStep(hook, 'pledge', pledge.id, {
    action: 'redeem',
    from: pledge.status,
    to: next,
    comment: `赎货 ${redemption.redemptionNo} 解押 ${lines.map((l) => l.batchNo).join('、')}`,
  });
  if (next === 'redeemed') {
    const { deposit } = await balanceOf(hook.db, pledge.id);
    const [paidFrom] = await hook.db.query<{ accountId: string }>(
      'select account_id::text as "accountId" from bank_transactions where id = $1',
      [redemption.bankTransactionId],
    );
    if (new Decimal(deposit).gt(0))
      await postEntry(hook, {
        sourceKind: 'pledge',
        sourceId: pledge.id,
        event: 'depositReturned',
        postedOn: hook.today,
        lines: transfer(
          { account: 'bank', bankAccountId: paidFrom?.accountId ?? null },
          { account: 'deposits', partnerId: pledge.bankId },
          deposit,
        ),
        memo: `${pledge.pledgeNo} 保证金退回`,
      });
    await hook.db.query(
      `update pledge_calls set status = 'met', closed_on = $2, closed_by = $3
                          where pledge_id = $1 and status = 'open'`,
      [pledge.id, hook.today, hook.actor.userId],
    );
  }
}

/** Paid and released outside a call (the demo), as the transitions do. */
export const payRedemption = async (hook: HookContext, id: string) =>
  pay(hook, await redemptionOf(hook.db, id));
export const releaseRedemption = async (hook: HookContext, id: string) =>
  release(hook, await redemptionOf(hook.db, id));

export const redemptionStorage: ResourceStorage = {
  table: 'pledge_redemptions',
  lines: redemptionLines,
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  submittedBy: 't.submitted_by',
  lockFirst: async (db, id, record) => {
    const pledgeId = /^\d{1,18}$/.test(String(record?.pledgeId ?? ''))
      ? String(record!.pledgeId)
      : id && /^\d{1,18}$/.test(id)
        ? (
            await db.query<{ p: string }>(
              'select pledge_id::text as p from pledge_redemptions where id = $1',
              [id],
            )
          )[0]?.p
        : undefined;
    if (pledgeId) await db.query('select id from pledges where id = $1 for update', [pledgeId]);
  },
  saveExtra: async (hook, id) => {
    await hook.db.query(
      `update pledge_redemptions set redemption_no = 'SH' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 4, '0')
        where id = $1 and redemption_no is null`,
      [id, hook.today],
    );
    await quote(hook, id);
  },
  afterTransition: async (hook, id, action) => {
    if (action === 'submit') {
      await quote(hook, id);
      await hook.db.query('update pledge_redemptions set submitted_by = $2 where id = $1', [
        id,
        hook.actor.userId,
      ]);
    } else if (action === 'approve')
      await hook.db.query('update pledge_redemptions set approved_by = $2 where id = $1', [
        id,
        hook.actor.userId,
      ]);
    else if (action === 'pay') await pay(hook, await redemptionOf(hook.db, id));
    else if (action === 'release') await release(hook, await redemptionOf(hook.db, id));
    await publishChange(hook.db, hook.channel, PLEDGE_TOPICS);
    return {};
  },
};
