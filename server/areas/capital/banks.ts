// The house's bank statements on the server (domain-money.md §4.2, SM-7): a statement file of one account is
// read by the one sheet reader (fileImport) and its lines added by their serial number, those already there
// left alone, so a file imported twice adds nothing; a line is then claimed by the partner it concerns and
// matched (核销) to the client payments received or payments out paid it carries, in part or in full, under
// the line's and the document's locks (src/domain/bankStatements.ts bankMatchProblem). A client payment's
// match moves it onto the line's account in the journal, in the same transaction; a claim undone undoes its
// matches (each kept with who undid it, its entry reversed).
import {
  type BankLineForMatch,
  type BankMatchKind,
  type BankMatchTarget,
  bankLineState,
  bankMatchPostings,
  bankMatchProblem,
  defaultMatchAmount,
  readStatement,
  type StatementLine,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest, isRecordId, refusedField } from '../../platform/http/envelope.ts';
import { fileImport } from '../../platform/imports/fileImport.ts';
import type {
  CommandContext,
  CommandService,
  HookContext,
  ResourceStorage,
} from '../../platform/resources/storage.ts';
import { postEntry, reverseEvent } from './journal.ts';

async function enabledAccount(db: Queryable, accountId: unknown) {
  const [account] = await db.query<{ id: string; accountNo: string; status: string }>(
    `select id::text, account_no as "accountNo", status from bank_accounts where id = $1`,
    [String(accountId ?? '')],
  );
  if (!account) throw badRequest('银行账户不存在', { fields: { accountId: '银行账户不存在' } });
  if (account.status !== 'enabled')
    throw badRequest(`账户 ${account.accountNo} 已停用`, {
      fields: { accountId: `账户 ${account.accountNo} 已停用` },
    });
  return account;
}

/** Adds the file's lines not in the account yet; answers how many were read, added and already there. */
async function addLines(context: CommandContext, rows: StatementLine[]) {
  const account = await enabledAccount(context.db, context.input.accountId);
  if (rows.length === 0) throw badRequest('文件中没有交易明细');
  await context.db.query('select id from bank_accounts where id = $1 for update', [account.id]);
  const added = await context.db.query<{ id: string }>(
    `insert into bank_transactions (account_id, bank_serial_no, value_date, direction, amount, balance_after,
        counterparty_name, counterparty_account, summary, imported_by, created_at)
     select $1, r.serial, r.day::date, r.direction, r.amount::numeric, r.balance::numeric, nullif(r.name, ''),
            nullif(r.account, ''), nullif(r.summary, ''), $3, $4
       from jsonb_to_recordset($2::jsonb) as r(serial text, day text, direction text, amount text, balance text,
            name text, account text, summary text)
     on conflict (account_id, bank_serial_no) do nothing
     returning id::text`,
    [
      account.id,
      JSON.stringify(
        rows.map((row) => ({
          serial: row.serialNo,
          day: row.valueDate,
          direction: row.direction,
          amount: row.amount,
          balance: row.balanceAfter,
          name: row.counterpartyName,
          account: row.counterpartyAccount,
          summary: row.summary,
        })),
      ),
      context.actor.userId,
      context.now,
    ],
  );
  const result = { read: rows.length, added: added.length, alreadyImported: rows.length - added.length };
  return {
    summary: `导入账户 ${account.accountNo} 的银行流水 ${result.read} 笔，新增 ${result.added} 笔，已导入过 ${result.alreadyImported} 笔`,
    data: result,
  };
}

export const importStatement = fileImport((sheet) => readStatement(sheet), addLines);

/** A line of the statement, locked, with what its standing matches take. */
async function lineForMatch(db: Queryable, id: string): Promise<BankLineForMatch> {
  await db.query('select id from bank_transactions where id = $1 for update', [id]);
  const [line] = await db.query<BankLineForMatch>(
    `select t.bank_serial_no as "serialNo", t.account_id::text as "accountId", t.direction,
            to_char(t.value_date, 'YYYY-MM-DD') as "valueDate", t.amount::text, t.status,
            t.partner_id::text as "partnerId",
            (select coalesce(sum(m.amount), 0) from bank_matches m
              where m.transaction_id = t.id and m.undone_at is null)::text as matched
       from bank_transactions t where t.id = $1`,
    [id],
  );
  if (!line) throw badRequest('银行流水不存在');
  return line;
}

/** The document a line is matched to, locked, with what the lines already matched to it take. */
async function matchTarget(db: Queryable, kind: BankMatchKind, id: string): Promise<BankMatchTarget> {
  const field = kind === 'clientPayment' ? 'clientPaymentId' : 'outgoingPaymentId';
  if (!isRecordId(id))
    throw refusedField(field, kind === 'clientPayment' ? '请选择客户收款' : '请选择付款单');
  const [target] =
    kind === 'clientPayment'
      ? await db.query<BankMatchTarget>(
          `select 'clientPayment' as kind, p.payment_no as "documentNo", p.partner_id::text as "partnerId",
                  p.amount::text, p.status,
                  (select coalesce(sum(m.amount), 0) from bank_matches m
                    where m.client_payment_id = p.id and m.undone_at is null)::text as matched
             from client_payments p where p.id = $1 for update`,
          [id],
        )
      : await db.query<BankMatchTarget>(
          `select 'outgoingPayment' as kind, p.payment_no as "documentNo", p.payee_id::text as "partnerId",
                  p.amount::text, p.status, p.bank_account_id::text as "bankAccountId",
                  to_char(p.paid_on, 'YYYY-MM-DD') as "bookedOn",
                  (select coalesce(sum(m.amount), 0) from bank_matches m
                    where m.outgoing_payment_id = p.id and m.undone_at is null)::text as matched
             from outgoing_payments p where p.id = $1 for update`,
          [id],
        );
  if (!target) throw refusedField(field, '单据不存在');
  return target;
}

type MatchInput = {
  targetKind: BankMatchKind;
  clientPaymentId?: string | null;
  outgoingPaymentId?: string | null;
  amount?: string | null;
};

/** Matches (part of) a claimed line to one document: the match, its journal entry and the line's state. */
export const matchLine: CommandService<MatchInput> = async (context) => {
  const id = String(context.record!.id);
  const { targetKind: kind } = context.input;
  if (kind !== 'clientPayment' && kind !== 'outgoingPayment')
    throw refusedField('targetKind', '请选择核销的单据类型');
  const line = await lineForMatch(context.db, id);
  const targetId = String(
    (kind === 'clientPayment' ? context.input.clientPaymentId : context.input.outgoingPaymentId) ?? '',
  );
  const target = await matchTarget(context.db, kind, targetId);
  const amount = context.input.amount ? String(context.input.amount) : defaultMatchAmount(line, target);
  const found = bankMatchProblem(line, target, amount);
  if (found)
    throw refusedField(
      found.code.endsWith('Room') || found.code.endsWith('amount') ? 'amount' : 'targetKind',
      found.message,
    );
  const [match] = await context.db.query<{ id: string }>(
    `insert into bank_matches (transaction_id, target_kind, client_payment_id, outgoing_payment_id, amount,
        matched_by, matched_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::text`,
    [
      id,
      kind,
      kind === 'clientPayment' ? targetId : null,
      kind === 'outgoingPayment' ? targetId : null,
      amount,
      context.actor.userId,
      context.now,
    ],
  );
  const lines = bankMatchPostings(kind, line.accountId, amount);
  if (lines.length > 0)
    await postEntry(context, {
      sourceKind: 'bankMatch',
      sourceId: match!.id,
      event: 'matched',
      postedOn: line.valueDate,
      lines,
      memo: `${line.serialNo} ${target.documentNo}`,
    });
  const matched = (await lineForMatch(context.db, id)).matched;
  return {
    toState: bankLineState(line.amount, matched),
    summary: `流水 ${line.serialNo} 核销 ${target.documentNo} ${amount} 元`,
    data: { matched },
  };
};

/** Undoes a line's standing matches (kept, with who undid them and when), reversing their entries. */
async function undoMatches(hook: HookContext, id: string) {
  const undone = await hook.db.query<{ id: string }>(
    `update bank_matches set undone_by = $2, undone_at = $3 where transaction_id = $1 and undone_at is null
     returning id::text`,
    [id, hook.actor.userId, hook.now],
  );
  for (const match of undone)
    await reverseEvent(hook, { sourceKind: 'bankMatch', sourceId: match.id, event: 'matched' }, 'undone');
}

export const bankTransactionStorage: ResourceStorage = {
  table: 'bank_transactions',
  clientScope: { names: 'array[t.partner_id]' },
  columns: {
    matchedAmount: {
      read: `(select coalesce(sum(m.amount), 0) from bank_matches m
               where m.transaction_id = t.id and m.undone_at is null)`,
    },
    matchedDocuments: {
      read: `(select string_agg(coalesce(c.payment_no, o.payment_no) || ' ' || m.amount::text, '，' order by m.id)
                from bank_matches m left join client_payments c on c.id = m.client_payment_id
                left join outgoing_payments o on o.id = m.outgoing_payment_id
               where m.transaction_id = t.id and m.undone_at is null)`,
    },
  },
  stamps: (hook, creating) => (creating ? { imported_by: hook.actor.userId, created_at: hook.now } : {}),
  saveExtra: async (hook, _id, record) => {
    await enabledAccount(hook.db, record.accountId);
  },
  afterTransition: async (hook, id, action) => {
    if (action === 'claim')
      await hook.db.query('update bank_transactions set claimed_by = $2, claimed_at = $3 where id = $1', [
        id,
        hook.actor.userId,
        hook.now,
      ]);
    if (action === 'unclaim') await undoMatches(hook, id);
    if (action === 'unclaim')
      await hook.db.query(
        'update bank_transactions set partner_id = null, claimed_by = null, claimed_at = null where id = $1',
        [id],
      );
    return {};
  },
  commands: { importStatement, match: matchLine },
};
