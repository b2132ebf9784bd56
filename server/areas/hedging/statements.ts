// Futures statements on the server: the import of a futures company's 成交明细 for one account (an xlsx or
// CSV file, read by the platform's one sheet reader), read and checked row by row with the domain's rules and reconciled with the
// account's trades (src/domain/futuresStatements.ts). A bad row refuses the whole file (400, each bad row with
// its line). A preview runs the whole import and rolls it back; a confirmed one books the rows missing in the
// book (source 'statement', with the statement's number: unique per account, so nothing is booked twice),
// numbers the trades matched by their terms, and keeps the statement with its counts and breaks. Also the
// team limits, each team's own book, and the close-outs of one trade.

import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import {
  CLOSE_OUTS_PATH,
  futuresStatement,
  IMPORT_STATEMENT_PATH,
  type StatementImportAnswer,
  type StatementOutcome,
  type TradeCloseOut,
  type TradeCloseOutsAnswer,
} from '../../../src/areas/hedging/index.ts';
import {
  type BookedTrade,
  type Difference,
  isProblem,
  matchCloseOuts,
  readStatementSheet,
  reconcileStatement,
  type StatementRow,
  type StatementRowProblem,
} from '../../../src/domain/index.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { lotTonnesOn } from '../../platform/exchange.ts';
import { type CallContext, defineCall, inTransaction, signedIn } from '../../platform/http/calls.ts';
import { BusinessError, badRequest, ok } from '../../platform/http/envelope.ts';
import { readSheet } from '../../platform/imports/sheet.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { formatDateTime } from '../../platform/time.ts';
import { closeOutMethodOn, monthTrades } from './bookChecks.ts';
import { BOOK_LIMIT_SETTING, type Book, checkBookPosition, insertTrade, POSITION_TOPICS } from './trades.ts';

/** A daily statement is small; room for a month of fills. */
const MAX_FILE_BYTES = 4 * 1024 * 1024;

export interface ImportStatementBody {
  accountId: string;
  fileName: string;
  /** The file's bytes in base64. */
  content: string;
  /** Without it, a preview: the import runs and is rolled back. */
  confirm?: boolean;
}

const refused = (problems: readonly StatementRowProblem[]) => ({
  code: 400,
  msg: `文件中有 ${new Set(problems.map((p) => p.line)).size} 处数据有误，未导入任何数据：${
    problems[0]!.line > 0 ? `第 ${problems[0]!.line} 行 ` : ''
  }${problems[0]!.message}`,
  data: { problems },
});

const SIDE = { buy: '买', sell: '卖' } as const;
const EFFECT = { open: '开', close: '平' } as const;
const FIELD = { month: '合约', side: '买/卖', effect: '开/平', lots: '手数', price: '成交价', fee: '手续费' };
const WORD: Record<string, string> = { ...SIDE, ...EFFECT };
const differenceText = (differences: readonly Difference[]) =>
  differences
    .map(
      (d) => `${FIELD[d.field]}：对账单 ${WORD[d.statement] ?? d.statement}，账上 ${WORD[d.book] ?? d.book}`,
    )
    .join('；');

/** The account's trades the statement speaks of: those of its days, and those carrying one of its numbers. */
async function bookedTrades(
  db: Queryable,
  accountId: string,
  rows: readonly StatementRow[],
  timeZone: string,
): Promise<BookedTrade[]> {
  return db.query<BookedTrade>(
    `select id::text, trade_no as "tradeNo", statement_no as "statementNo",
            to_char((traded_at at time zone $4)::date, 'YYYY-MM-DD') as day, futures_month as month, side, effect,
            lots, price::text, fee::text
       from futures_trades
      where account_id = $1
        and ((traded_at at time zone $4)::date = any($2::date[]) or statement_no = any($3::text[]))
      order by traded_at, futures_trades.id`,
    [accountId, [...new Set(rows.map((row) => row.day))], rows.map((row) => row.tradeNo), timeZone],
  );
}

const rowOutcome = (
  kind: StatementOutcome['kind'],
  row: StatementRow,
  tradeNo: string | null,
  detail = '',
): StatementOutcome => ({
  kind,
  line: row.line,
  statementTradeNo: row.tradeNo,
  tradeNo,
  futuresMonth: row.month,
  side: row.side,
  effect: row.effect,
  lots: row.lots,
  price: row.price,
  fee: row.fee,
  day: row.day,
  detail,
});

/** What a trade adds to the open lots of its side: an open adds, a close takes off the side it closes. */
const lotChange = (row: { side: 'buy' | 'sell'; effect: 'open' | 'close'; lots: number }) => {
  const long = row.effect === 'open' ? row.side === 'buy' : row.side === 'sell';
  const lots = row.effect === 'open' ? row.lots : -row.lots;
  return long ? { long: lots, short: 0 } : { long: 0, short: lots };
};

/**
 * Whether the rows booked together passed the book's or the account's team's lot limit after one of them
 * although not at the end (a statement that opens lots and closes them later the same day): the position
 * after a row is the position at the end less what the rows after it changed. Each row as of its own day's
 * limits, as booking them one by one checks them.
 */
async function limitPassedMidway(
  db: Queryable,
  account: { id: string; book: Book },
  rows: readonly StatementRow[],
): Promise<boolean> {
  const [team] = await db.query<{ team: string | null }>('select team from futures_accounts where id = $1', [
    account.id,
  ]);
  const limits = new Map<string, { book: number; team: number | null }>();
  const limitsOn = async (day: string) => {
    if (!limits.has(day)) {
      const [teamLimit] = team?.team
        ? await db.query<{ limit: number }>(
            `select lot_limit as "limit" from futures_team_limits
              where team = $1 and book = $2 and effective_from <= $3::date order by effective_from desc limit 1`,
            [team.team, account.book, day],
          )
        : [];
      limits.set(day, {
        book: Number(await settingOn(db, BOOK_LIMIT_SETTING[account.book], day)),
        team: teamLimit ? teamLimit.limit : null,
      });
    }
    return limits.get(day)!;
  };
  for (const month of new Set(rows.map((row) => row.month))) {
    const [end] = await db.query<{ long: number; short: number; teamLong: number; teamShort: number }>(
      `select coalesce(sum(case when effect = 'open' and side = 'buy' then lots
                                when effect = 'close' and side = 'sell' then -lots else 0 end), 0)::int as long,
              coalesce(sum(case when effect = 'open' and side = 'sell' then lots
                                when effect = 'close' and side = 'buy' then -lots else 0 end), 0)::int as short,
              coalesce(sum(case when effect = 'open' and side = 'buy' then lots
                                when effect = 'close' and side = 'sell' then -lots else 0 end)
                         filter (where a.team = $3), 0)::int as "teamLong",
              coalesce(sum(case when effect = 'open' and side = 'sell' then lots
                                when effect = 'close' and side = 'buy' then -lots else 0 end)
                         filter (where a.team = $3), 0)::int as "teamShort"
         from futures_trades t join futures_accounts a on a.id = t.account_id
        where t.book = $1 and t.futures_month = $2`,
      [account.book, month, team?.team ?? null],
    );
    let position = { ...end! };
    const ofMonth = rows.filter((row) => row.month === month);
    for (let k = ofMonth.length - 1; k >= 0; k--) {
      const row = ofMonth[k]!;
      const limit = await limitsOn(row.day);
      if (Math.max(position.long, position.short) > limit.book) return true;
      if (limit.team !== null && Math.max(position.teamLong, position.teamShort) > limit.team) return true;
      const change = lotChange(row);
      position = {
        long: position.long - change.long,
        short: position.short - change.short,
        teamLong: position.teamLong - change.long,
        teamShort: position.teamShort - change.short,
      };
    }
  }
  return false;
}

/** Imports (or, without confirm, tries and rolls back) one statement in the call's transaction. */
export async function importStatement(
  call: CallContext<ImportStatementBody>,
  rows: StatementRow[],
  timeZone: string,
  /** Where the trades booked are announced (the positions screen refetches), once the import commits. */
  channel = '',
): Promise<StatementImportAnswer> {
  const { db, body } = call;
  const session = signedIn(call);
  const [account] = await db.query<{ id: string; book: Book; accountNo: string }>(
    'select id::text, book, account_no as "accountNo" from futures_accounts where id = $1 for update',
    [body.accountId],
  );
  if (!account) throw badRequest('期货账户不存在');
  const today = formatDateTime(call.now, timeZone).slice(0, 10);
  const hook: HookContext = {
    db,
    actor: { userId: session.userId, loginName: session.loginName },
    now: call.now,
    today,
    channel,
  };
  const result = reconcileStatement(rows, await bookedTrades(db, account.id, rows, timeZone));
  const statementDate = rows
    .map((row) => row.day)
    .sort()
    .at(-1)!;
  const [statement] = await db.query<{ id: string; statementNo: string }>(
    `insert into futures_statements (account_id, statement_date, file_name, row_count, matched_count,
        booked_count, missing_count, differing_count, imported_by, imported_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text`,
    [
      account.id,
      statementDate,
      body.fileName,
      rows.length,
      result.matched.length,
      result.missingInBook.length,
      result.missingOnStatement.length,
      result.differing.length,
      session.userId,
      call.now,
    ],
  );
  const [numbered] = await db.query<{ statementNo: string }>(
    `update futures_statements set statement_no = 'DZ' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where id = $1 returning statement_no as "statementNo"`,
    [statement!.id, today],
  );
  const outcomes: StatementOutcome[] = [];
  const breaks: (StatementOutcome & { tradeId: string | null })[] = [];

  // The trades matched by their terms take the statement's numbers, in one statement.
  const byTerms = result.matched.filter((match) => match.by === 'terms');
  if (byTerms.length > 0)
    await db.query(
      `update futures_trades t set statement_no = v.no from unnest($1::bigint[], $2::text[]) as v(id, no)
        where t.id = v.id`,
      [byTerms.map((match) => match.trade.id), byTerms.map((match) => match.row.tradeNo)],
    );
  for (const { row, trade, by } of result.matched)
    outcomes.push(rowOutcome('matched', row, trade.tradeNo, by === 'terms' ? '按成交要素匹配' : ''));
  const toBook = [...result.missingInBook].sort((a, b) =>
    `${a.day} ${a.time ?? ''} ${String(a.line).padStart(8, '0')}`.localeCompare(
      `${b.day} ${b.time ?? ''} ${String(b.line).padStart(8, '0')}`,
    ),
  );
  // The rows are booked first and each book and month they touch is checked once after them (FIFO, limits,
  // realised P&L); when that check refuses, the rows are booked again one by one, each checked, to name the
  // line that cannot be booked.
  const bookRows = async (checked: boolean) => {
    const booked: { id: string; tradeNo: string }[] = [];
    for (const row of toBook) {
      try {
        booked.push(
          await insertTrade(
            hook,
            {
              accountId: account.id,
              book: account.book,
              futuresMonth: row.month,
              side: row.side,
              effect: row.effect,
              lots: row.lots,
              price: row.price,
              fee: row.fee,
              // The business zone's wall-clock time; a statement without times books the day's trades at the close.
              tradedAt: `${row.day} ${row.time ?? '15:00:00'} ${timeZone}`,
            },
            { checked },
          ),
        );
      } catch (error) {
        if (error instanceof BusinessError)
          throw badRequest(`第 ${row.line} 行（成交编号 ${row.tradeNo}）不能入账：${error.message}`);
        throw error;
      }
    }
    return booked;
  };
  let booked: { id: string; tradeNo: string }[] = [];
  if (toBook.length > 0) {
    await db.query('savepoint statement_rows');
    booked = await bookRows(false);
    const lastDay = new Map<string, string>();
    for (const row of toBook) lastDay.set(row.month, row.day);
    let refused = false;
    try {
      for (const [month, day] of lastDay) await checkBookPosition(db, account.book, month, day, account.id);
      refused = await limitPassedMidway(db, account, toBook);
    } catch (error) {
      if (!(error instanceof BusinessError)) throw error;
      refused = true;
    }
    if (refused) {
      await db.query('rollback to savepoint statement_rows');
      booked = await bookRows(true);
    }
    await db.query('release savepoint statement_rows');
    await publishChange(db, channel, POSITION_TOPICS);
  }
  for (const [index, row] of toBook.entries()) {
    await db.query(
      `update futures_trades set source = 'statement', statement_no = $2, statement_id = $3 where id = $1`,
      [booked[index]!.id, row.tradeNo, statement!.id],
    );
    const outcome = rowOutcome('booked', row, booked[index]!.tradeNo, '对账单有、账上没有：已按对账单入账');
    outcomes.push(outcome);
    breaks.push({ ...outcome, tradeId: booked[index]!.id });
  }
  for (const { row, trade, differences, by } of result.differing) {
    if (by === 'terms')
      await db.query('update futures_trades set statement_no = $2 where id = $1', [trade.id, row.tradeNo]);
    const outcome = rowOutcome('differing', row, trade.tradeNo, `${differenceText(differences)}（未修改）`);
    outcomes.push(outcome);
    breaks.push({ ...outcome, tradeId: trade.id });
  }
  for (const trade of result.missingOnStatement) {
    const outcome: StatementOutcome = {
      kind: 'missingOnStatement',
      line: null,
      statementTradeNo: trade.statementNo,
      tradeNo: trade.tradeNo,
      futuresMonth: trade.month,
      side: trade.side,
      effect: trade.effect,
      lots: trade.lots,
      price: new Decimal(trade.price).toFixed(2),
      fee: new Decimal(trade.fee).toFixed(2),
      day: trade.day,
      detail: '账上有、对账单没有',
    };
    outcomes.push(outcome);
    breaks.push({ ...outcome, tradeId: trade.id });
  }
  for (const entry of breaks)
    await db.query(
      `insert into futures_statement_breaks (statement_id, kind, line, statement_trade_no, trade_id, futures_month,
          side, effect, lots, price, fee, traded_on, detail)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
      [
        statement!.id,
        entry.kind,
        entry.line,
        entry.statementTradeNo,
        entry.tradeId,
        entry.futuresMonth,
        entry.side,
        entry.effect,
        entry.lots,
        entry.price,
        entry.fee,
        entry.day,
        entry.detail,
      ],
    );
  call.record.detail = {
    fileName: body.fileName,
    account: account.accountNo,
    statementNo: numbered!.statementNo,
    matched: result.matched.length,
    booked: toBook.length,
    missing: result.missingOnStatement.length,
    differing: result.differing.length,
  };
  return {
    confirmed: Boolean(body.confirm),
    statementNo: body.confirm ? numbered!.statementNo : null,
    statementDate,
    rows: rows.length,
    matched: result.matched.length,
    booked: toBook.length,
    missing: result.missingOnStatement.length,
    differing: result.differing.length,
    outcomes,
  };
}

/** Thrown to roll a preview back, carrying its answer. */
class PreviewDone extends Error {
  constructor(readonly answer: StatementImportAnswer) {
    super('preview');
  }
}

function importStatementCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<ImportStatementBody>(app, ctx, {
    path: IMPORT_STATEMENT_PATH,
    access: { module: futuresStatement.key, permission: 'import' },
    bodyLimit: Math.ceil((MAX_FILE_BYTES * 4) / 3) + 64 * 1024,
    body: {
      type: 'object',
      required: ['accountId', 'fileName', 'content'],
      properties: {
        accountId: { type: 'string', title: '期货账户', pattern: '^[0-9]{1,18}$' },
        fileName: { type: 'string', title: '文件名', minLength: 1, maxLength: 200 },
        content: { type: 'string', title: '文件', minLength: 1 },
        confirm: { type: 'boolean', title: '确认导入' },
      },
    },
    handle: async (call) => {
      const sheet = await readSheet(call.body.fileName, call.body.content);
      const today = formatDateTime(call.now, ctx.timeZone).slice(0, 10);
      const read = readStatementSheet(sheet, {
        tick: await settingOn(ctx.db, 'futuresTickPerTonne', today),
        lotTonnes: await settingOn(ctx.db, 'futuresLotTonnes', today),
      });
      if (read.problems.length > 0) return refused(read.problems);
      try {
        return await inTransaction(ctx, call, IMPORT_STATEMENT_PATH, async (tx) => {
          const answer = await importStatement(tx, read.rows, ctx.timeZone, ctx.db.channel);
          if (!tx.body.confirm) throw new PreviewDone(answer);
          return ok(answer, '导入成功');
        });
      } catch (error) {
        if (error instanceof PreviewDone) return ok(error.answer);
        throw error;
      }
    },
  });
}

/** The close-outs of one trade by the close-out method in effect: what it closed, or what closed it. */
function closeOutsCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<{ id: string }>(app, ctx, {
    path: CLOSE_OUTS_PATH,
    access: { module: 'futuresTrade', permission: 'view' },
    body: {
      type: 'object',
      required: ['id'],
      properties: { id: { type: 'string', title: '成交', pattern: '^[0-9]{1,18}$' } },
    },
    handle: async ({ body, now }) => {
      const [trade] = await ctx.db.query<{ book: string; month: string }>(
        'select book, futures_month as month from futures_trades where id = $1',
        [body.id],
      );
      if (!trade) throw badRequest('记录不存在或已被删除');
      const day = formatDateTime(now, ctx.timeZone).slice(0, 10);
      const method = await closeOutMethodOn(ctx.db, day);
      const trades = await monthTrades(ctx.db, trade.book, trade.month);
      const matching = matchCloseOuts(trades, method, await lotTonnesOn(ctx.db, day));
      if (isProblem(matching)) throw badRequest(matching.message);
      const numbers = new Map(
        (
          await ctx.db.query<{ id: string; tradeNo: string }>(
            'select id::text, trade_no as "tradeNo" from futures_trades where id = any($1::bigint[])',
            [trades.map((t) => t.id)],
          )
        ).map((row) => [row.id, row.tradeNo]),
      );
      const closeOuts: TradeCloseOut[] = matching.closeOuts
        .filter((c) => c.closeTradeId === body.id || c.openTradeId === body.id)
        .map((c) => {
          const other = c.closeTradeId === body.id ? c.openTradeId : c.closeTradeId;
          return {
            tradeId: other,
            tradeNo: numbers.get(other) ?? other,
            role: c.closeTradeId === body.id ? 'closed' : 'closedBy',
            lots: c.lots,
            openPrice: c.openPrice,
            closePrice: c.closePrice,
            realisedPnl: c.realisedPnl,
            perLot: new Decimal(c.realisedPnl).dividedBy(c.lots).toFixed(2),
          };
        });
      const answer: TradeCloseOutsAnswer = {
        method,
        closeOuts,
        openLots: matching.open.filter((lot) => lot.tradeId === body.id).reduce((n, lot) => n + lot.lots, 0),
      };
      return ok(answer);
    },
  });
}

export function statementCalls(app: FastifyInstance, ctx: ServerContext) {
  importStatementCall(app, ctx);
  closeOutsCall(app, ctx);
}

export const futuresStatementStorage: ResourceStorage = {
  table: 'futures_statements',
  columns: { importedBy: { read: 't.imported_by' } },
  lines: {
    load: (db, id) =>
      db.query(
        `select b.kind, b.line, b.statement_trade_no as "statementTradeNo", t.trade_no as "tradeNo",
                b.futures_month as "futuresMonth", b.side, b.effect, b.lots, b.price::text, b.fee::text,
                to_char(b.traded_on, 'YYYY-MM-DD') as "tradedOn", b.detail
           from futures_statement_breaks b left join futures_trades t on t.id = b.trade_id
          where b.statement_id = $1 order by b.id`,
        [id],
      ),
    save: async () => {
      throw badRequest('对账结果不能修改');
    },
  },
};

export const futuresTeamLimitStorage: ResourceStorage = { table: 'futures_team_limits' };

/** Each team's own book: a view over the trades of the accounts with a team, read only. */
export const teamPositionStorage: ResourceStorage = {
  table: 'futures_team_positions',
  columns: { futuresMonth: { read: 't.futures_month' } },
};
