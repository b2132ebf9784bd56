// The loan's interest (SurchargeInterest, domain-money.md §3.2 rule 6, decisions 7 and 15; SM-10): counted in
// pieces on the principal outstanding from the last interest day (or the draw) to the day asked, at the
// pledge's rate and convention (算头不算尾 by default: the last day earns nothing, and the next period starts
// on it). Principal repaid at a redemption leaves the balance from the day its own interest was counted from,
// so the interest charged at the redemption is not billed again. Computed by one person, confirmed by
// another (or waived by another, with a reason), then billed: paid to the bank, posting interest / bank.
import { isProblem, loanInterest, transfer } from '../../../src/domain/index.ts';
import { badRequest, refusedField } from '../../platform/http/envelope.ts';
import type { CommandService, HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { postEntry } from '../capital/index.ts';
import { pledgeOf } from './pledges.ts';
import { interestSince } from './redemptions.ts';

export const computeInterest: CommandService = async (context) => {
  const pledgeId = String(context.input.pledgeId ?? '');
  const through = String(context.input.through);
  const pledge = await pledgeOf(context.db, pledgeId);
  if (!pledge.drawDate || !['pledged', 'partlyRedeemed', 'redeemed'].includes(pledge.status))
    throw refusedField('pledgeId', `质押 ${pledge.pledgeNo ?? ''} 尚未放款，没有利息`);
  if (through > context.today) throw refusedField('through', `计息截止日不能晚于今天（${context.today}）`);
  await context.db.query('select id from pledges where id = $1 for update', [pledgeId]);
  const since = await interestSince(context.db, pledgeId, pledge.drawDate);
  const [earlier] = await context.db.query(
    `select 1 from pledge_interest where pledge_id = $1 and status <> 'waived' limit 1`,
    [pledgeId],
  );
  // Under 算头不算尾 the last day of a period is the first of the next; counting both, the next starts a day later.
  const from = earlier && pledge.interestEnds === 'both' ? nextDay(since) : since;
  if (through <= from) throw refusedField('through', `利息已计至 ${since}，截止日须晚于该日`);
  const movements = await context.db.query<{ valueDate: string; amount: string }>(
    `select to_char(draw_date, 'YYYY-MM-DD') as "valueDate", principal::text as amount from pledges where id = $1
     union all
     select to_char(interest_from, 'YYYY-MM-DD'), (-principal_due)::text from pledge_redemptions
      where pledge_id = $1 and status in ('paid', 'released')`,
    [pledgeId],
  );
  const counted = loanInterest({
    from,
    to: through,
    movements,
    terms: {
      ratePercent: pledge.ratePercent,
      dayCount: pledge.dayCount,
      countLastDay: pledge.interestEnds === 'both',
    },
  });
  if (isProblem(counted)) throw badRequest(counted.message);
  const [row] = await context.db.query<{ id: string }>(
    `insert into pledge_interest (pledge_id, period_from, period_to, pieces, amount, computed_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::text`,
    [
      pledgeId,
      from,
      through,
      JSON.stringify(counted.pieces),
      counted.interest,
      context.actor.userId,
      context.now,
    ],
  );
  await context.db.query(
    `update pledge_interest set interest_no = 'LX' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 4, '0')
      where id = $1`,
    [row!.id, context.today],
  );
  return {
    summary: `${pledge.pledgeNo} ${from} 至 ${through} 利息 ${counted.interest} 元（${counted.pieces.length} 段）`,
    data: { id: row!.id, amount: counted.interest, pieces: counted.pieces },
  };
};

const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

async function bill(hook: HookContext, id: string) {
  const [row] = await hook.db.query<{
    pledgeId: string;
    interestNo: string;
    amount: string;
    bankAccountId: string | null;
    billedOn: string | null;
  }>(
    `select pledge_id::text as "pledgeId", interest_no as "interestNo", amount::text,
            bank_account_id::text as "bankAccountId", to_char(billed_on, 'YYYY-MM-DD') as "billedOn"
       from pledge_interest where id = $1`,
    [id],
  );
  if (!row!.bankAccountId) throw refusedField('bankAccountId', '请选择付息的银行账户');
  if (!row!.billedOn) throw refusedField('billedOn', '请填写付息日期');
  if (row!.billedOn > hook.today) throw refusedField('billedOn', `付息日期不能晚于今天（${hook.today}）`);
  const pledge = await pledgeOf(hook.db, row!.pledgeId);
  await hook.db.query('update pledge_interest set billed_by = $2 where id = $1', [id, hook.actor.userId]);
  if (Number(row!.amount) === 0) return;
  await postEntry(hook, {
    sourceKind: 'pledge',
    sourceId: pledge.id,
    event: `interest:${id}`,
    postedOn: row!.billedOn,
    lines: transfer(
      { account: 'interestExpense', partnerId: null },
      { account: 'bank', bankAccountId: row!.bankAccountId },
      row!.amount,
    ),
    memo: `${pledge.pledgeNo} ${row!.interestNo}`,
  });
}

export const interestStorage: ResourceStorage = {
  table: 'pledge_interest',
  columns: { pieces: { read: 't.pieces::text' } },
  submittedBy: 't.computed_by',
  afterTransition: async (hook, id, action) => {
    if (action === 'confirmInterest')
      await hook.db.query('update pledge_interest set confirmed_by = $2 where id = $1', [
        id,
        hook.actor.userId,
      ]);
    else if (action === 'bill') await bill(hook, id);
    return {};
  },
  commands: { computeInterest },
};
