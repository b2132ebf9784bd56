// The capital of the demo company: two accounts at the demo bank, the client payments and margin already
// received posted in the journal, and payments to suppliers in every state of SM-6 — a draft, one waiting for
// its check, one above the final-approval line waiting for the final approval, one approved, two paid
// (posted), one rejected, one cancelled and one paid then returned by the bank (posted and reversed) — each
// step recorded with who did it; and a month of the basic account's statement, its lines claimed and matched
// to the receipts and payments they carry (one receipt left to claim, the bank's fees left to book).
import Decimal from 'decimal.js';
import {
  bankMatchPostings,
  outgoingPaymentPaid,
  type PaymentPurpose,
  reversingLines,
} from '../../../src/domain/index.ts';
import { recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import { postClientPayments, postEntry } from './journal.ts';

const PAYMENTS = { resourceKey: 'outgoingPayment', table: 'outgoing_payments', keyColumn: 'payment_no' };
type Step = readonly [action: string, from: string, to: string, by: string];
const SUBMIT: Step = ['submit', 'draft', 'submitted', 'finance'];
const CHECK: Step = ['approve', 'submitted', 'checked', 'finance2'];
const SKIP: Step = ['skipFinal', 'checked', 'approved', 'finance2'];
const FINAL: Step = ['approve', 'checked', 'approved', 'admin'];
const PAY: Step = ['pay', 'approved', 'paid', 'finance'];
const REJECT: Step = ['reject', 'submitted', 'rejected', 'finance2'];
const CANCEL: Step = ['cancel', 'submitted', 'cancelled', 'finance'];
const RETURN: Step = ['bankReturn', 'paid', 'returned', 'finance2'];

interface DemoPayment {
  purpose: PaymentPurpose;
  amount: string;
  steps: readonly Step[];
  daysAgo: number;
}

const DEMO: readonly DemoPayment[] = [
  { purpose: 'prepayment', amount: '300000.00', steps: [SUBMIT, CHECK, SKIP, PAY], daysAgo: 20 },
  { purpose: 'prepayment', amount: '800000.00', steps: [SUBMIT, CHECK, FINAL, PAY], daysAgo: 12 },
  { purpose: 'goods', amount: '200000.00', steps: [SUBMIT, CHECK, SKIP], daysAgo: 5 },
  { purpose: 'goods', amount: '650000.00', steps: [SUBMIT, CHECK], daysAgo: 3 },
  { purpose: 'goods', amount: '120000.00', steps: [SUBMIT], daysAgo: 2 },
  { purpose: 'final', amount: '90000.00', steps: [SUBMIT, REJECT], daysAgo: 2 },
  { purpose: 'goods', amount: '50000.00', steps: [], daysAgo: 1 },
  { purpose: 'goods', amount: '70000.00', steps: [SUBMIT, CANCEL], daysAgo: 9 },
  { purpose: 'prepayment', amount: '60000.00', steps: [SUBMIT, CHECK, SKIP, PAY, RETURN], daysAgo: 8 },
];

const day = (now: Date, daysAgo: number) =>
  new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);

async function bankAccounts(tx: Queryable, users: Map<string, string>, today: string, now: Date) {
  const [bank] = await tx.query<{ id: string }>(
    `select id::text from partners where 'bank' = any(kinds) order by id limit 1`,
  );
  if (!bank) return undefined;
  const rows = await tx.query<{ id: string }>(
    `insert into bank_accounts (bank_partner_id, branch, account_no, account_name, kind, opening_balance,
        opening_date, created_by, created_at)
     values ($1, '乌鲁木齐分行营业部', '6222020200112233445', '基本户', 'basic', '8000000.00',
             date_trunc('month', $2::date) - interval '1 month', $3, $4),
            ($1, '乌鲁木齐分行营业部', '6222020200112233999', '保证金户', 'margin', '1500000.00',
             date_trunc('month', $2::date) - interval '1 month', $3, $4)
     returning id::text`,
    [bank.id, today, users.get('finance') ?? null, now],
  );
  return rows[0]!.id;
}

export async function capitalDemo(tx: Queryable, { now, today }: DemoContext): Promise<void> {
  const users = new Map(
    (
      await tx.query<{ login: string; id: string }>(
        `select login_name as login, id::text from users where login_name in ('finance', 'finance2', 'admin')`,
      )
    ).map((row) => [row.login, row.id]),
  );
  const finance = { db: tx, actor: { userId: users.get('finance')!, loginName: 'finance' }, now, today };
  await postClientPayments({ ...finance, channel: 'demo' });
  const account = await bankAccounts(tx, users, today, now);
  if (!account) return;
  const [contract] = await tx.query<{ id: string; partnerId: string; value: string; contractNo: string }>(
    `select id::text, partner_id::text as "partnerId", contract_no as "contractNo",
            (tonnage * coalesce(unit_price, 15000))::text as value
       from transaction_contracts where side = 'purchase' and status in ('approved', 'executing')
      order by tonnage * coalesce(unit_price, 15000) desc, id limit 1`,
  );
  // The demo's payments (2,210,000.00 counted, 1,100,000.00 of it prepaid) fit a contract of 3,000,000.00.
  if (!contract || new Decimal(contract.value).lessThan('3000000')) return;
  for (const payment of DEMO) {
    const amount = payment.amount;
    const status = payment.steps.at(-1)?.[2] ?? 'draft';
    const by = (action: string) => {
      const step = payment.steps.find(
        ([a, from]) => a === action && (action !== 'approve' || from === 'submitted'),
      );
      return step ? (users.get(step[3]) ?? null) : null;
    };
    const wasPaid = status === 'paid' || status === 'returned';
    const paidOn = wasPaid ? day(now, payment.daysAgo - 1) : null;
    const [inserted] = await tx.query<{ id: string }>(
      `insert into outgoing_payments (payment_no, payment_kind, payee_id, purpose, contract_id, amount, payee_bank,
          payee_account_no, requested_pay_date, remark, status, final_required, bank_account_id, paid_on,
          submitted_by, checked_by, approved_by, paid_by, created_by, created_at)
       values (null, 'purchase', $1, $2, $3, $4,
               '农业银行石河子支行', '6228480012345678', $8, '演示数据', $5, $6, $7, $9,
               $10, $11, $12, $13, $10, $14)
       returning id::text`,
      [
        contract.partnerId,
        payment.purpose,
        contract.id,
        amount,
        status,
        payment.steps.includes(FINAL) || (payment.steps.length === 2 && payment.steps[1] === CHECK),
        wasPaid ? account : null,
        day(now, payment.daysAgo),
        paidOn,
        users.get('finance') ?? null,
        by('approve'),
        payment.steps.includes(FINAL) ? (users.get('admin') ?? null) : null,
        wasPaid ? (users.get('finance') ?? null) : null,
        new Date(now.getTime() - payment.daysAgo * 86_400_000),
      ],
    );
    await tx.query(
      `update outgoing_payments set payment_no = 'FK' || to_char(requested_pay_date, 'YYYYMMDD') || lpad(id::text, 5, '0')
        where id = $1`,
      [inserted!.id],
    );
    const row = {
      id: inserted!.id,
      no: (
        await tx.query<{ no: string }>('select payment_no as no from outgoing_payments where id = $1', [
          inserted!.id,
        ])
      )[0]!.no,
    };
    await recordHistory(
      tx,
      PAYMENTS,
      payment.steps.map(([action, from, to, login]) => ({
        no: row.no,
        day: day(now, payment.daysAgo),
        action,
        from,
        to,
        by: login,
      })),
    );
    if (!wasPaid) continue;
    const lines = outgoingPaymentPaid(payment.purpose, contract.partnerId, amount, account);
    const entry = await postEntry(finance, {
      sourceKind: 'outgoingPayment',
      sourceId: row.id,
      event: 'paid',
      postedOn: paidOn!,
      lines,
      memo: row.no,
    });
    // The bank returned the transfer the day it was made: never on the statement, reversed in the book.
    if (status === 'returned')
      await postEntry(finance, {
        sourceKind: 'outgoingPayment',
        sourceId: row.id,
        event: 'returned',
        postedOn: paidOn!,
        lines: reversingLines(lines),
        reverses: entry,
      });
  }
  await statementLines(finance, account, now);
}

/**
 * A month of the basic account's statement: the clients' receipts and the supplier payments paid, claimed and
 * matched to their documents (a receipt's match moves it onto the account in the book), the newest receipt
 * left to claim, and the bank's fees left to book; with the balance after each line as the bank states it.
 */
async function statementLines(
  finance: Parameters<typeof postEntry>[0] & { db: Queryable },
  account: string,
  now: Date,
) {
  const tx = finance.db;
  const by = finance.actor.userId;
  const receipts = await tx.query<{
    id: string;
    day: string;
    amount: string;
    partnerId: string;
    name: string;
  }>(
    `select p.id::text, to_char(p.received_on, 'YYYY-MM-DD') as day, p.amount::text,
            p.partner_id::text as "partnerId", n.name
       from client_payments p join partners n on n.id = p.partner_id
      where p.status in ('paid', 'reconciled') order by p.received_on, p.id`,
  );
  const paid = await tx.query<{
    id: string;
    day: string;
    amount: string;
    name: string;
    no: string;
    partnerId: string;
  }>(
    `select p.id::text, to_char(p.paid_on, 'YYYY-MM-DD') as day, p.amount::text, n.name, p.payment_no as no,
            p.payee_id::text as "partnerId"
       from outgoing_payments p join partners n on n.id = p.payee_id where p.status = 'paid' order by p.paid_on`,
  );
  type Line = {
    day: string;
    amount: string;
    name: string;
    partnerId: string | null;
    direction: 'in' | 'out';
    summary: string;
    match?: { kind: 'clientPayment' | 'outgoingPayment'; id: string };
  };
  const lines: Line[] = [
    ...receipts.map(
      (r, i): Line => ({
        ...r,
        direction: 'in',
        summary: '货款',
        ...(i < receipts.length - 1 ? { match: { kind: 'clientPayment' as const, id: r.id } } : {}),
      }),
    ),
    ...paid.map(
      (p): Line => ({
        ...p,
        direction: 'out',
        summary: `付款 ${p.no}`,
        match: { kind: 'outgoingPayment', id: p.id },
      }),
    ),
    ...[25, 12].map(
      (daysAgo): Line => ({
        day: day(now, daysAgo),
        amount: '28.50',
        name: '',
        partnerId: null,
        direction: 'out',
        summary: '手续费',
      }),
    ),
  ].sort((a, b) => a.day.localeCompare(b.day));
  let balance = new Decimal('8000000.00');
  for (const [index, line] of lines.entries()) {
    balance = line.direction === 'in' ? balance.plus(line.amount) : balance.minus(line.amount);
    const serial = `ABC${line.day.replaceAll('-', '')}${String(index + 1).padStart(4, '0')}`;
    const [inserted] = await tx.query<{ id: string }>(
      `insert into bank_transactions (account_id, bank_serial_no, value_date, direction, amount, balance_after,
          counterparty_name, summary, status, partner_id, claimed_by, claimed_at, imported_by, created_at)
       values ($1, $2, $3, $4, $5, $6, nullif($7, ''), $8, $9, $10::bigint,
               case when $10::bigint is null then null else $11::bigint end,
               case when $10::bigint is null then null else $12::timestamptz end, $11::bigint, $12)
       returning id::text`,
      [
        account,
        serial,
        line.day,
        line.direction,
        line.amount,
        balance.toFixed(2),
        line.name,
        line.summary,
        line.match ? 'matched' : 'unmatched',
        line.match ? line.partnerId : null,
        by,
        now,
      ],
    );
    if (!line.match) continue;
    const [match] = await tx.query<{ id: string }>(
      `insert into bank_matches (transaction_id, target_kind, client_payment_id, outgoing_payment_id, amount,
          matched_by, matched_at)
       values ($1, $2, $3, $4, $5, $6, $7) returning id::text`,
      [
        inserted!.id,
        line.match.kind,
        line.match.kind === 'clientPayment' ? line.match.id : null,
        line.match.kind === 'outgoingPayment' ? line.match.id : null,
        line.amount,
        by,
        now,
      ],
    );
    const postings = bankMatchPostings(line.match.kind, account, line.amount);
    if (postings.length > 0)
      await postEntry(finance, {
        sourceKind: 'bankMatch',
        sourceId: match!.id,
        event: 'matched',
        postedOn: line.day,
        lines: postings,
        memo: serial,
      });
  }
}
