// Pledges on the server (domain-money.md §3, SM-8): a pledge is entered with its batches and the facility's
// terms (the settings in force fill what is not given), submitted, approved by someone else (four eyes) and
// drawn: the batches are valued and the loan checked against the advance rate (lower of cost or market can
// refuse it), each batch moves to `pledged` (the database keeps a pledged batch from leaving that state while
// its pledge holds it), and the loan posts bank / loans payable in the journal. The loan outstanding and the
// deposit are sums of the pledge's journal lines (view pledge_balances). The daily revaluation and the calls
// are in revaluation.ts, redemptions in redemptions.ts, interest in interest.ts.
import Decimal from 'decimal.js';
import {
  drawProblem,
  type PledgeLines,
  type PledgeValuation,
  pledgeLinesProblem,
  transfer,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest, refusedField } from '../../platform/http/envelope.ts';
import type { HookContext, LinesStorage, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { postEntry } from '../capital/index.ts';
import { moveBatch } from '../warehouse/index.ts';
import { valueBatches } from './valuation.ts';

export interface Pledge extends PledgeLines {
  id: string;
  pledgeNo: string;
  bankId: string;
  principal: string;
  status: string;
  valuation: PledgeValuation;
  ratePercent: string;
  dayCount: 'ACT/365' | 'ACT/360';
  interestEnds: 'firstNotLast' | 'both';
  loanNo: string | null;
  drawDate: string | null;
  dueDate: string;
  bankAccountId: string | null;
}

export async function pledgeOf(db: Queryable, id: string): Promise<Pledge> {
  const [row] = await db.query<Pledge>(
    `select id::text, pledge_no as "pledgeNo", bank_id::text as "bankId", principal::text, status,
            trim_scale(advance_percent)::text as "advancePercent", trim_scale(warning_percent)::text as "warningPercent",
            trim_scale(call_percent)::text as "callPercent", trim_scale(disposal_percent)::text as "disposalPercent",
            valuation, trim_scale(rate_percent)::text as "ratePercent", day_count as "dayCount",
            interest_ends as "interestEnds", loan_no as "loanNo", to_char(draw_date, 'YYYY-MM-DD') as "drawDate",
            to_char(due_date, 'YYYY-MM-DD') as "dueDate", bank_account_id::text as "bankAccountId"
       from pledges where id = $1`,
    [id],
  );
  if (!row) throw badRequest('质押记录不存在或已被删除');
  return row;
}

/** The loan outstanding and the deposit of a pledge, from its journal lines. */
export async function balanceOf(db: Queryable, id: string) {
  const [row] = await db.query<{ principal: string; deposit: string }>(
    `select principal::numeric(20, 2)::text as principal, deposit::numeric(20, 2)::text as deposit
       from pledge_balances where pledge_id = $1`,
    [id],
  );
  return row ?? { principal: '0.00', deposit: '0.00' };
}

/** The batches a pledge still holds (not released), in their order. */
export async function liveBatches(db: Queryable, id: string): Promise<string[]> {
  return (
    await db.query<{ batchNo: string }>(
      `select batch_no as "batchNo" from pledge_lines where pledge_id = $1 and released_on is null
        order by sort, id`,
      [id],
    )
  ).map((row) => row.batchNo);
}

/** Every line of a pledge as the detail shows it; saved as the batch numbers alone (in draft). */
const pledgeLines: LinesStorage = {
  load: (db, id) =>
    db.query(
      `select batch_no as "batchNo", receipt_no as "receiptNo", trim_scale(tonnes)::text as tonnes,
              price_at_pledge::text as "priceAtPledge", value_at_pledge::text as "valueAtPledge",
              to_char(released_on, 'YYYY-MM-DD') as "releasedOn"
         from pledge_lines where pledge_id = $1 order by sort, id`,
      [id],
    ),
  save: async ({ db }, id, lines) => {
    const batchNos = lines.map((line) => String(line.batchNo ?? '').trim());
    const twice = batchNos.find((no, index) => batchNos.indexOf(no) !== index);
    if (twice) throw refusedField('lines', `批号 ${twice} 重复`);
    await db.query('delete from pledge_lines where pledge_id = $1', [id]);
    for (const [sort, batchNo] of batchNos.entries()) {
      const [batch] = await db.query<{ status: string; ownerKind: string }>(
        'select status, owner_kind as "ownerKind" from batches where batch_no = $1',
        [batchNo],
      );
      if (!batch) throw refusedField('lines', `批号 ${batchNo} 不存在`);
      if (batch.ownerKind !== 'own')
        throw refusedField('lines', `批号 ${batchNo} 不是本公司的货物，不能质押`);
      if (!['stock', 'receipted'].includes(batch.status))
        throw refusedField('lines', `批号 ${batchNo} 不在库（或已预留、已售、已质押），不能质押`);
      await db.query('insert into pledge_lines (pledge_id, sort, batch_no) values ($1, $2, $3)', [
        id,
        sort,
        batchNo,
      ]);
    }
  },
};

const TERMS = [
  ['advance_percent', 'pledgeAdvancePercent'],
  ['warning_percent', 'pledgeWarningPercent'],
  ['call_percent', 'pledgeCallPercent'],
  ['disposal_percent', 'pledgeDisposalPercent'],
  ['valuation', 'pledgeValuation'],
  ['rate_percent', 'pledgeInterestPercent'],
  ['day_count', 'pledgeDayCount'],
  ['interest_ends', 'pledgeInterestEnds'],
] as const;

/** The terms not given take the settings in force today; the lines must then be in order (checked before writing). */
async function fillTerms(hook: HookContext, id: string) {
  const [given] = await hook.db.query<Record<string, string | null>>(
    `select ${TERMS.map(([column]) => `trim_scale(${column}::numeric)::text as ${column}`)
      .slice(0, 4)
      .concat(TERMS.slice(4).map(([column]) => (column === 'rate_percent' ? `rate_percent::text` : column)))
      .join(', ')}
       from pledges where id = $1`,
    [id],
  );
  const terms: Record<string, string> = {};
  for (const [column, setting] of TERMS)
    terms[column] = given?.[column] ?? (await settingOn(hook.db, setting, hook.today));
  const found = pledgeLinesProblem({
    advancePercent: terms.advance_percent!,
    warningPercent: terms.warning_percent!,
    callPercent: terms.call_percent!,
    disposalPercent: terms.disposal_percent!,
  });
  if (found) throw refusedField('callPercent', found.message);
  await hook.db.query(
    `update pledges set ${TERMS.map(([column], index) => `${column} = $${index + 2}`).join(', ')} where id = $1`,
    [id, ...TERMS.map(([column]) => terms[column])],
  );
  const pledge = await pledgeOf(hook.db, id);
  if (pledge.dueDate < hook.today) throw refusedField('dueDate', `到期日 ${pledge.dueDate} 已过`);
}

/** Fills the terms and numbers a pledge written outside a call (the demo), as a save does. */
export async function completePledge(hook: HookContext, id: string) {
  await fillTerms(hook, id);
  await number(hook, id);
}

const number = (hook: HookContext, id: string) =>
  hook.db.query(
    `update pledges set pledge_no = 'ZY' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 4, '0')
      where id = $1 and pledge_no is null`,
    [id, hook.today],
  );

/** The loan checked against a × CV of its batches valued today, under the facility's valuation. */
async function checkAdvance(hook: HookContext, pledge: Pledge) {
  const batches = await liveBatches(hook.db, pledge.id);
  if (batches.length === 0) throw badRequest('请先添加要质押的批号');
  const valued = await valueBatches(hook.db, hook.today, batches, pledge.valuation);
  const cv = valued.batches.reduce((sum, b) => sum.plus(b.value), new Decimal(0)).toFixed(2);
  const found = drawProblem(pledge.principal, cv, pledge.advancePercent);
  if (found) throw refusedField('principal', found.message);
  return valued;
}

/** Drawn: the batches valued and pledged, the loan in the bank and on the books. */
export async function draw(hook: HookContext, pledge: Pledge) {
  if (!pledge.loanNo) throw refusedField('loanNo', '放款须填写银行借款合同号');
  if (!pledge.drawDate) throw refusedField('drawDate', '放款须填写放款日期');
  if (pledge.drawDate > hook.today) throw refusedField('drawDate', `放款日期不能晚于今天（${hook.today}）`);
  if (pledge.drawDate > pledge.dueDate) throw refusedField('drawDate', '放款日期晚于到期日');
  const [account] = await hook.db.query<{ status: string }>(
    'select status from bank_accounts where id = $1',
    [pledge.bankAccountId],
  );
  if (!account) throw refusedField('bankAccountId', '请选择放款入账的银行账户');
  if (account.status !== 'enabled') throw refusedField('bankAccountId', '入账账户已停用');
  const valued = await checkAdvance(hook, pledge);
  for (const batch of valued.batches) {
    const [held] = await hook.db.query<{ status: string; receiptNo: string | null }>(
      `select b.status, (select r.receipt_no from warehouse_receipts r where r.batch_no = b.batch_no
                           and r.status in ('registered', 'pledged') order by r.id desc limit 1) as "receiptNo"
         from batches b where b.batch_no = $1`,
      [batch.batchNo],
    );
    await moveBatch(hook, batch.batchNo, {
      from: ['stock', 'receipted'],
      to: 'pledged',
      because: `质押 ${pledge.pledgeNo}`,
    });
    await hook.db.query(
      `update pledge_lines set tonnes = $3, price_at_pledge = $4, value_at_pledge = $5, returns_to = $6,
              receipt_no = $7
        where pledge_id = $1 and batch_no = $2`,
      [pledge.id, batch.batchNo, batch.tonnes, batch.price, batch.value, held!.status, held!.receiptNo],
    );
  }
  await hook.db.query('update pledges set drawn_by = $2 where id = $1', [pledge.id, hook.actor.userId]);
  await postEntry(hook, {
    sourceKind: 'pledge',
    sourceId: pledge.id,
    event: 'draw',
    postedOn: pledge.drawDate,
    lines: transfer(
      { account: 'bank', bankAccountId: pledge.bankAccountId },
      { account: 'loansPayable', partnerId: pledge.bankId },
      pledge.principal,
    ),
    memo: `${pledge.pledgeNo} ${pledge.loanNo}`,
  });
}

/** The latest valuation and the open call, read beside the pledge. */
const LATEST = (column: string) =>
  `(select v.${column} from pledge_valuations v where v.pledge_id = t.id order by v.valued_on desc limit 1)`;
const OPEN_CALL = (column: string) =>
  `(select c.${column} from pledge_calls c where c.pledge_id = t.id and c.status = 'open')`;

export const pledgeStorage: ResourceStorage = {
  table: 'pledges',
  columns: {
    outstanding: { read: '(select b.principal from pledge_balances b where b.pledge_id = t.id)' },
    deposit: { read: '(select b.deposit from pledge_balances b where b.pledge_id = t.id)' },
    collateralValue: { read: LATEST('collateral_value') },
    ltvPercent: { read: LATEST('ltv_percent') },
    valuedOn: { read: LATEST('valued_on') },
    openCallNo: { read: OPEN_CALL('call_no') },
    callDeadline: { read: OPEN_CALL('deadline') },
    callCashRequired: { read: OPEN_CALL('cash_required') },
  },
  lines: pledgeLines,
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  submittedBy: 't.submitted_by',
  saveExtra: async (hook, id) => {
    await fillTerms(hook, id);
    await number(hook, id);
  },
  afterTransition: async (hook, id, action) => {
    const pledge = await pledgeOf(hook.db, id);
    if (action === 'submit') {
      await checkAdvance(hook, pledge);
      await hook.db.query('update pledges set submitted_by = $2 where id = $1', [id, hook.actor.userId]);
    } else if (action === 'approve')
      await hook.db.query('update pledges set approved_by = $2 where id = $1', [id, hook.actor.userId]);
    else if (action === 'draw') await draw(hook, pledge);
    return {};
  },
};
