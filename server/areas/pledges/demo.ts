// The pledges of the demo company, made by the pledge services on the days they happened (the price table and
// basis sheets of those days value them): pledge A, four batches drawn about four weeks ago at 60 % of their
// value, one batch redeemed ten days ago (quoted, approved by a second person, paid by a matching bank payment
// and released by the warehouse) and another redemption waiting for approval, with its interest computed to
// yesterday and waiting for confirmation; pledge B, three batches at a bank whose call line is its advance
// rate (补仓线 = 质押率, usual in 仓单质押 contracts), drawn at the limit on the dearest day of the last three
// weeks, so today's revaluation calls it and tells finance and risk; pledge C, entered and submitted, waiting
// for approval. Everything is posted in the journal as it would be by hand.
import Decimal from 'decimal.js';
import { recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import type { CommandContext, HookContext } from '../../platform/resources/storage.ts';
import { computeInterest } from './interest.ts';
import { completePledge, draw, pledgeOf } from './pledges.ts';
import { payRedemption, quote, releaseRedemption } from './redemptions.ts';
import { revalueAll, revaluePledge } from './revaluation.ts';
import { valueBatches } from './valuation.ts';

const PLEDGES = { resourceKey: 'pledge', table: 'pledges', keyColumn: 'pledge_no' };
const REDEMPTIONS = {
  resourceKey: 'pledgeRedemption',
  table: 'pledge_redemptions',
  keyColumn: 'redemption_no',
};
const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

export async function pledgesDemo(tx: Queryable, { now, today }: DemoContext): Promise<void> {
  const users = new Map(
    (
      await tx.query<{ login: string; id: string }>(
        `select login_name as login, id::text from users where login_name in ('finance', 'finance2', 'warehouse')`,
      )
    ).map((row) => [row.login, row.id]),
  );
  const [account] = await tx.query<{ id: string; bankId: string }>(
    `select id::text, bank_partner_id::text as "bankId" from bank_accounts where kind = 'basic' order by id limit 1`,
  );
  if (!account || users.size < 3) return;
  const hookOf = (login: string, day: string): HookContext => ({
    db: tx,
    actor: { userId: users.get(login)!, loginName: login },
    now: day === today ? now : new Date(`${day}T02:00:00Z`),
    today: day,
    channel: 'demo',
  });
  // The house's own stock, valued by the quality table, in no live package.
  const batches = (
    await tx.query<{ batchNo: string }>(
      `select p.batch_no as "batchNo" from batch_premiums p join batches b on b.id = p.id
        where b.status = 'stock' and b.owner_kind = 'own' and p.conditioned_weight is not null
          and p.quality_premium is not null
          and not exists (select 1 from resource_package_lines l where l.batch_no = p.batch_no and l.live)
        order by p.batch_no limit 9`,
    )
  ).map((row) => row.batchNo);
  const days = (
    await tx.query<{ day: string }>(
      `select distinct to_char(trade_date, 'YYYY-MM-DD') as day from futures_prices
        where trade_date between $1::date and $2::date and settlement_price is not null order by 1`,
      [addDays(today, -28), addDays(today, -1)],
    )
  ).map((row) => row.day);
  if (batches.length < 9 || days.length < 12) return;
  const cvOn = async (
    day: string,
    batchNos: readonly string[],
    valuation: 'market' | 'lowerOfCostOrMarket',
  ) =>
    (await valueBatches(tx, day, batchNos, valuation)).batches.reduce(
      (sum, b) => sum.plus(b.value),
      new Decimal(0),
    );

  async function enter(
    day: string,
    batchNos: readonly string[],
    principal: string,
    terms: Record<string, string>,
  ) {
    const [row] = await tx.query<{ id: string }>(
      `insert into pledges (bank_id, principal, due_date, advance_percent, warning_percent, call_percent,
          disposal_percent, remark, created_by, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text`,
      [
        account!.bankId,
        principal,
        addDays(day, 180),
        terms.advance ?? null,
        terms.warning ?? null,
        terms.call ?? null,
        terms.disposal ?? null,
        terms.remark ?? null,
        users.get('finance'),
        new Date(`${day}T02:00:00Z`),
      ],
    );
    for (const [sort, batchNo] of batchNos.entries())
      await tx.query('insert into pledge_lines (pledge_id, sort, batch_no) values ($1, $2, $3)', [
        row!.id,
        sort,
        batchNo,
      ]);
    await completePledge(hookOf('finance', day), row!.id);
    return row!.id;
  }

  async function submitAndApprove(id: string, day: string, approve: boolean) {
    await tx.query(`update pledges set status = $2, submitted_by = $3, approved_by = $4 where id = $1`, [
      id,
      approve ? 'approved' : 'submitted',
      users.get('finance'),
      approve ? users.get('finance2') : null,
    ]);
    const { pledgeNo } = await pledgeOf(tx, id);
    await recordHistory(tx, PLEDGES, [
      { no: pledgeNo, action: 'submit', from: 'draft', to: 'submitted', by: 'finance', day },
      ...(approve
        ? [{ no: pledgeNo, action: 'approve', from: 'submitted', to: 'approved', by: 'finance2', day }]
        : []),
    ]);
  }

  async function drawOn(id: string, day: string, loanNo: string) {
    await tx.query(`update pledges set loan_no = $2, draw_date = $3, bank_account_id = $4 where id = $1`, [
      id,
      loanNo,
      day,
      account!.id,
    ]);
    const hook = hookOf('finance', day);
    await draw(hook, await pledgeOf(tx, id));
    await tx.query(`update pledges set status = 'pledged' where id = $1`, [id]);
    await recordHistory(tx, PLEDGES, [
      {
        no: (await pledgeOf(tx, id)).pledgeNo,
        action: 'draw',
        from: 'approved',
        to: 'pledged',
        by: 'finance',
        day,
      },
    ]);
    await revaluePledge(hook, id);
  }

  async function redemption(pledgeId: string, day: string, batchNos: readonly string[]) {
    const [row] = await tx.query<{ id: string }>(
      `insert into pledge_redemptions (pledge_id, created_by, created_at, submitted_by) values ($1, $2, $3, $2)
       returning id::text`,
      [pledgeId, users.get('finance'), new Date(`${day}T02:00:00Z`)],
    );
    for (const [sort, batchNo] of batchNos.entries())
      await tx.query(
        'insert into pledge_redemption_lines (redemption_id, sort, batch_no) values ($1, $2, $3)',
        [row!.id, sort, batchNo],
      );
    await tx.query(
      `update pledge_redemptions set redemption_no = 'SH' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 4, '0')
        where id = $1`,
      [row!.id, day],
    );
    await quote(hookOf('finance', day), row!.id);
    const [quoted] = await tx.query<{ no: string; total: string }>(
      'select redemption_no as no, total_due::text as total from pledge_redemptions where id = $1',
      [row!.id],
    );
    return { id: row!.id, no: quoted!.no, total: quoted!.total };
  }

  // Pledge A: four batches at 60 % of their value about four weeks ago.
  const drawA = days[0]!;
  const batchesA = batches.slice(0, 4);
  const principalA = (await cvOn(drawA, batchesA, 'lowerOfCostOrMarket'))
    .times('0.6')
    .dividedBy(10000)
    .floor()
    .times(10000);
  const pledgeA = await enter(drawA, batchesA, principalA.toFixed(2), { remark: '库尔勒仓库现货质押' });
  await submitAndApprove(pledgeA, drawA, true);
  await drawOn(pledgeA, drawA, 'ABC-JK-2026-0318');
  // Its second batch redeemed ten days ago: quoted, approved, paid by the bank payment, released next day.
  const redeemedOn = days.find((day) => day >= addDays(today, -10)) ?? days.at(-3)!;
  const first = await redemption(pledgeA, redeemedOn, [batchesA[1]!]);
  await tx.query(`update pledge_redemptions set status = 'approved', approved_by = $2 where id = $1`, [
    first.id,
    users.get('finance2'),
  ]);
  const [payment] = await tx.query<{ id: string }>(
    `insert into bank_transactions (account_id, bank_serial_no, value_date, direction, amount, counterparty_name,
        summary, status, imported_by, created_at)
     values ($1, $2, $3, 'out', $4, (select name from partners where id = $5), $6, 'classified', $7, $8)
     returning id::text`,
    [
      account.id,
      `ABC${redeemedOn.replaceAll('-', '')}PLG1`,
      redeemedOn,
      first.total,
      account.bankId,
      `赎货 ${first.no}`,
      users.get('finance'),
      now,
    ],
  );
  await tx.query(`update pledge_redemptions set status = 'paid', bank_transaction_id = $2 where id = $1`, [
    first.id,
    payment!.id,
  ]);
  await payRedemption(hookOf('finance', redeemedOn), first.id);
  const releasedOn = addDays(redeemedOn, 1);
  await releaseRedemption(hookOf('warehouse', releasedOn), first.id);
  await tx.query(`update pledge_redemptions set status = 'released' where id = $1`, [first.id]);
  await recordHistory(tx, REDEMPTIONS, [
    { no: first.no, action: 'submit', from: 'draft', to: 'submitted', by: 'finance', day: redeemedOn },
    { no: first.no, action: 'approve', from: 'submitted', to: 'approved', by: 'finance2', day: redeemedOn },
    { no: first.no, action: 'pay', from: 'approved', to: 'paid', by: 'finance', day: redeemedOn },
    { no: first.no, action: 'release', from: 'paid', to: 'released', by: 'warehouse', day: releasedOn },
  ]);
  // A's interest to yesterday, computed and waiting for confirmation.
  await computeInterest({
    ...hookOf('finance', today),
    input: { pledgeId: pledgeA, through: addDays(today, -1) },
    preview: false,
    notify: async () => {},
  } as CommandContext);

  // Another redemption of A, submitted today and waiting for a second person's approval.
  const second = await redemption(pledgeA, today, [batchesA[3]!]);
  await tx.query(`update pledge_redemptions set status = 'submitted' where id = $1`, [second.id]);
  await recordHistory(tx, REDEMPTIONS, [
    { no: second.no, action: 'submit', from: 'draft', to: 'submitted', by: 'finance', day: today },
  ]);
  // Pledge B: at a bank whose call line is its advance rate, drawn at the limit on the dearest recent day.
  const batchesB = batches.slice(4, 7);
  const candidates = days.filter((day) => day >= addDays(today, -21) && day < addDays(today, -2));
  let drawB = candidates[0]!;
  let best = new Decimal(0);
  for (const day of candidates) {
    const cv = await cvOn(day, batchesB, 'lowerOfCostOrMarket');
    if (cv.gt(best)) [best, drawB] = [cv, day];
  }
  const principalB = best.times('0.7').floor();
  const pledgeB = await enter(drawB, batchesB, principalB.toFixed(2), {
    advance: '70',
    warning: '70',
    call: '70',
    disposal: '85',
    remark: '仓单质押：价格下跌致质押率超过约定质押率即须补仓',
  });
  await submitAndApprove(pledgeB, drawB, true);
  await drawOn(pledgeB, drawB, 'ABC-JK-2026-0342');

  // Pledge C: entered and submitted today, waiting for approval.
  const batchesC = batches.slice(7, 9);
  const principalC = (await cvOn(today, batchesC, 'lowerOfCostOrMarket'))
    .times('0.5')
    .dividedBy(10000)
    .floor()
    .times(10000);
  const pledgeC = await enter(today, batchesC, principalC.toFixed(2), { remark: '新增质押申请' });
  await submitAndApprove(pledgeC, today, false);

  // Today's revaluation of every drawn pledge: B's value has fallen below its line and it is called.
  await revalueAll(hookOf('finance', today));
}
