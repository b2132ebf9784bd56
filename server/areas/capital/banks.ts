// The house's bank statements on the server (domain-money.md §4.2, SM-7): a statement file of one account is
// read by the one sheet reader (fileImport) and its lines added by their serial number, those already there
// left alone, so a file imported twice adds nothing; a line is then claimed by the partner it concerns.
import { readStatement, type StatementLine } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { fileImport } from '../../platform/imports/fileImport.ts';
import type { CommandContext, ResourceStorage } from '../../platform/resources/storage.ts';

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

export const bankTransactionStorage: ResourceStorage = {
  table: 'bank_transactions',
  clientScope: { names: 'array[t.partner_id]' },
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
    if (action === 'unclaim')
      await hook.db.query(
        'update bank_transactions set partner_id = null, claimed_by = null, claimed_at = null where id = $1',
        [id],
      );
    return {};
  },
  commands: { importStatement },
};
