// A futures company's statement imported through HTTP and reconciled with the account's trades: a CSV and
// an xlsx file, each bad row refused with its line and nothing written, a preview that writes nothing, the
// four outcomes (matched, booked from the statement, missing on it, differing), a second import that books
// nothing twice, a limit refusing the import whole; the team limits on a trade; the close-outs of a trade
// by FIFO or LIFO, hand-worked; and the screens the desk and risk reach and a warehouse clerk does not.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import {
  CLOSE_OUTS_PATH,
  futuresAccount,
  futuresStatement,
  futuresTeamLimit,
  futuresTrade,
  IMPORT_STATEMENT_PATH,
  type StatementImportAnswer,
  type TradeCloseOutsAnswer,
  teamPosition,
} from '../../../src/areas/hedging/index.ts';
import { PATHS, SOCKET_TYPE } from '../../../src/shared/api/contract.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';
import { openSocket } from '../../test/socketClient.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

const HEADER = '成交日期,成交时间,合约,买/卖,开/平,成交价,手数,成交额,手续费,成交编号';
const csv = (...lines: string[]) => Buffer.from(`\uFEFF${[HEADER, ...lines].join('\n')}`).toString('base64');

describe.each(BACKENDS)('futures statements on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let brokerId = '';
  let account = '';
  let teamAccount = '';

  const count = async (table: string) =>
    Number((await env.db.query<{ n: string }>(`select count(*)::text as n from ${table}`))[0]!.n);
  const importFile = (who: string, body: Body) =>
    post(app, IMPORT_STATEMENT_PATH, body, { token: tokens[who]! });
  const trade = (body: Partial<Body>): Body => ({
    accountId: account,
    book: 'hedge',
    futuresMonth: 'CF605',
    side: 'buy',
    effect: 'open',
    lots: 2,
    price: '15000',
    fee: '0',
    // Early in the day, whichever zone the save reads it in: before the statement's own times.
    tradedAt: '2026-11-23 01:30:00',
    ...body,
  });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['trader', 'risk', 'warehouse']) tokens[who] = (await login(app, who)).token;
    [{ id: brokerId }] = (await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('中粮期货', '{broker}') returning id::text`,
    )) as [{ id: string }];
    account = (await saved('trader', futuresAccount, { accountNo: '91001', brokerId, book: 'hedge' })).id;
    teamAccount = (
      await saved('trader', futuresAccount, { accountNo: '91002', brokerId, team: '山东组', book: 'hedge' })
    ).id;
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('refuses a file with bad rows, saying each line, and writes nothing', async () => {
    const before = [await count('futures_trades'), await count('futures_statements')];
    const { json } = await importFile('trader', {
      accountId: account,
      fileName: '成交明细.csv',
      content: csv(
        '20261123,09:00:00,CF605,买,开,15000,1,75000,1,OK1',
        '20261123,09:00:00,CF605,买,开,15003,1,,1,BAD1',
        '20261123,09:00:00,CF605,借,开,15000,1,,1,BAD2',
        '20261199,09:00:00,CF605,买,开,15000,1,,1,BAD3',
      ),
      confirm: 'true',
    });
    expect(json.code).toBe(400);
    expect(json.msg).toContain('3 处数据有误');
    expect(json.msg).toContain('第 3 行');
    const { problems } = json.data as { problems: { line: number; field: string }[] };
    expect(problems.map((p) => [p.line, p.field])).toEqual([
      [3, 'price'],
      [4, 'side'],
      [5, 'day'],
    ]);
    expect([await count('futures_trades'), await count('futures_statements')]).toEqual(before);
  });

  it('refuses a file that is neither xlsx nor csv', async () => {
    const { json } = await importFile('trader', { accountId: account, fileName: 'a.txt', content: 'eA==' });
    expect(json.code).toBe(400);
    expect(json.msg).toContain('.xlsx 或 .csv');
  });

  let captured: Record<string, Row> = {};
  const STATEMENT = [
    // the captured buy, by its terms
    '20261123,09:30:00,CF605,买,开,15000,2,150000.00,6.00,S001',
    // not captured: booked from the statement
    '20261123,10:15:00,CF605,买,开,15100,3,226500.00,9.00,S002',
    '20261123,14:00:00,CF605,卖,平,15200,4,304000.00,12.00,S003',
  ];

  it('previews a CSV statement: every outcome, nothing written', async () => {
    captured = {
      buy: await saved('trader', futuresTrade, trade({ fee: '6' })),
      extra: await saved('trader', futuresTrade, trade({ side: 'sell', lots: 1, price: '15050' })),
    };
    const before = [await count('futures_trades'), await count('futures_statements')];
    const { json } = await importFile('trader', {
      accountId: account,
      fileName: '成交明细20261123.csv',
      content: csv(...STATEMENT),
    });
    expect(json.code, json.msg).toBe(200);
    const answer = json.data as StatementImportAnswer;
    expect(answer).toMatchObject({ confirmed: false, statementNo: null, rows: 3, matched: 1, booked: 2 });
    expect(answer.missing).toBe(1);
    expect([await count('futures_trades'), await count('futures_statements')]).toEqual(before);
  });

  it('imports it: matches the captured trade, books the missing ones, lists the one missing on it', async () => {
    const { json } = await importFile('trader', {
      accountId: account,
      fileName: '成交明细20261123.csv',
      content: csv(...STATEMENT),
      confirm: 'true',
    });
    expect(json.code, json.msg).toBe(200);
    const answer = json.data as StatementImportAnswer;
    expect(answer).toMatchObject({
      confirmed: true,
      rows: 3,
      matched: 1,
      booked: 2,
      missing: 1,
      differing: 0,
    });
    expect(answer.statementNo).toMatch(/^DZ20261123\d{5}$/);
    expect(answer.outcomes.find((o) => o.kind === 'missingOnStatement')).toMatchObject({
      tradeNo: captured.extra!.tradeNo,
      lots: 1,
    });

    const booked = await records('trader', futuresTrade, { source: 'statement' });
    expect(booked.map((t) => [t.statementNo, t.lots, t.price, t.fee, t.tradedAt])).toEqual([
      ['S003', 4, '15200.00', '12.00', '2026-11-23 14:00:00'],
      ['S002', 3, '15100.00', '9.00', '2026-11-23 10:15:00'],
    ]);
    const [numbered] = await records('trader', futuresTrade, { tradeNo: String(captured.buy!.tradeNo) });
    expect(numbered).toMatchObject({ statementNo: 'S001', source: 'manual' });

    const [statement] = await records('trader', futuresStatement);
    expect(statement).toMatchObject({
      statementDate: '2026-11-23',
      accountId: account,
      fileName: '成交明细20261123.csv',
      rowCount: 3,
      matchedCount: 1,
      bookedCount: 2,
      missingCount: 1,
      differingCount: 0,
    });
    const detail = await call('risk', futuresStatement, 'detail', { id: statement!.id });
    expect(detail.json.code).toBe(200);
    const breaks = (detail.json.data as { breaks: Row[] }).breaks;
    expect(breaks.map((b) => [b.kind, b.line, b.statementTradeNo])).toEqual([
      ['booked', 3, 'S002'],
      ['booked', 4, 'S003'],
      ['missingOnStatement', null, null],
    ]);
  });

  it('books nothing twice when the statement comes again, and lists a row that differs without changing it', async () => {
    const before = await count('futures_trades');
    const again = await importFile('trader', {
      accountId: account,
      fileName: '成交明细20261123-2.csv',
      content: csv(...STATEMENT.slice(0, 2), '20261123,14:00:00,CF605,卖,平,15200,5,380000.00,12.00,S003'),
      confirm: 'true',
    });
    expect(again.json.code, again.json.msg).toBe(200);
    expect(again.json.data).toMatchObject({ matched: 2, booked: 0, differing: 1 });
    const differing = (again.json.data as StatementImportAnswer).outcomes.find((o) => o.kind === 'differing');
    expect(differing!.detail).toContain('手数：对账单 5，账上 4');
    expect(await count('futures_trades')).toBe(before);
    const [s003] = await records('trader', futuresTrade, { source: 'statement', futuresMonth: 'CF2605' });
    expect(s003!.lots).toBe(4);
    // The database holds the rule too: one statement number per account.
    await expect(
      env.db.query(`update futures_trades set statement_no = 'S002' where statement_no = 'S001'`),
    ).rejects.toThrow();
  });

  it('reads an xlsx statement with a title above the header', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('成交明细');
    sheet.addRow(['客户成交明细']);
    sheet.addRow(HEADER.split(','));
    sheet.addRow(['20261124', '09:01:00', 'CF605', '卖', '开', '15300', '1', '76500', '3', 'X001']);
    sheet.addRow(['合计', '', '', '', '', '', '1', '', '3', '']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const { json } = await importFile('trader', {
      accountId: account,
      fileName: '成交明细20261124.xlsx',
      content,
      confirm: 'true',
    });
    expect(json.code, json.msg).toBe(200);
    expect(json.data).toMatchObject({ statementDate: '2026-11-24', rows: 1, booked: 1, missing: 0 });
    const [row] = await records('trader', futuresTrade, { source: 'statement', side: 'sell' });
    expect(row).toMatchObject({ statementNo: 'X001', price: '15300.00', effect: 'open' });
  });

  it('keeps a team within its limit: a trade past it is refused with the team and the limit, nothing booked', async () => {
    await saved('trader', futuresTeamLimit, {
      team: '山东组',
      book: 'hedge',
      lotLimit: 5,
      effectiveFrom: '2026-11-01',
    });
    await saved('trader', futuresTrade, trade({ accountId: teamAccount, lots: 4, futuresMonth: 'CF609' }));
    const before = await count('futures_trades');
    const { json } = await call(
      'trader',
      futuresTrade,
      'save',
      trade({ accountId: teamAccount, lots: 2, futuresMonth: 'CF609' }),
    );
    expect(json.code).toBe(400);
    expect(json.msg).toBe(
      '山东组 套保账簿 CF2609 持仓将为多头 6 手、空头 0 手，超过该组每月限额 5 手，未入账',
    );
    expect(await count('futures_trades')).toBe(before);
    // Another team's account (no team here) is held by the book's limit only.
    await saved('trader', futuresTrade, trade({ lots: 6, futuresMonth: 'CF609' }));
  });

  it('refuses a whole statement whose row would pass a limit, saying the line', async () => {
    const before = [await count('futures_trades'), await count('futures_statements')];
    const { json } = await importFile('trader', {
      accountId: teamAccount,
      fileName: '山东组.csv',
      content: csv(
        '20261125,09:00:00,CF609,卖,开,15000,1,,0,T1',
        '20261125,09:05:00,CF609,买,开,15000,2,,0,T2',
      ),
      confirm: 'true',
    });
    expect(json.code).toBe(400);
    expect(json.msg).toContain('第 3 行（成交编号 T2）不能入账');
    expect(json.msg).toContain('超过该组每月限额 5 手');
    expect([await count('futures_trades'), await count('futures_statements')]).toEqual(before);
  });

  it('refuses a statement passing the limit midway though not at its end, saying the line', async () => {
    const before = [await count('futures_trades'), await count('futures_statements')];
    // The team holds 4 long of CF2609: 2 more bought make 6 (limit 5) before 2 sold bring it back to 4.
    const { json } = await importFile('trader', {
      accountId: teamAccount,
      fileName: '山东组日内.csv',
      content: csv(
        '20261125,09:00:00,CF609,买,开,15000,2,,0,M1',
        '20261125,14:00:00,CF609,卖,平,15100,2,,0,M2',
      ),
      confirm: 'true',
    });
    expect(json.code).toBe(400);
    expect(json.msg).toContain('第 2 行（成交编号 M1）不能入账');
    expect(json.msg).toContain('多头 6 手');
    expect([await count('futures_trades'), await count('futures_statements')]).toEqual(before);
  });

  it('shows each team its own book', async () => {
    const rows = await records('risk', teamPosition);
    expect(rows.map((r) => [r.team, r.book, r.futuresMonth, r.longLots, r.shortLots])).toEqual([
      ['山东组', 'hedge', 'CF2609', 4, 0],
    ]);
    // The team book's detail lists the team's trades.
    const trades = await records('risk', futuresTrade, {
      team: '山东组',
      book: 'hedge',
      futuresMonth: 'CF2609',
    });
    expect(trades.map((t) => [t.team, t.lots])).toEqual([['山东组', 4]]);
  });

  describe('close-outs of a trade', () => {
    // Long 2 @ 15000 (captured, S001) and 3 @ 15100 (S002), 1 short @ 15050 opened; 4 sold to close @ 15200.
    const closeOuts = async (id: string) => {
      const { json } = await post(app, CLOSE_OUTS_PATH, { id }, { token: tokens.risk! });
      expect(json.code, json.msg).toBe(200);
      return json.data as TradeCloseOutsAnswer;
    };
    const closing = async () =>
      (await records('trader', futuresTrade, { source: 'statement', effect: 'close' }))[0]!;

    it('FIFO by default: 2 × (15200 − 15000) × 5 = 2000 and 2 × (15200 − 15100) × 5 = 1000, 3000 in all', async () => {
      const close = await closing();
      expect(close.realisedPnl).toBe('3000.00');
      const answer = await closeOuts(close.id);
      expect(answer.method).toBe('fifo');
      expect(answer.closeOuts.map((c) => [c.tradeNo, c.lots, c.realisedPnl, c.perLot])).toEqual([
        [captured.buy!.tradeNo, 2, '2000.00', '1000.00'],
        [expect.any(String), 2, '1000.00', '500.00'],
      ]);
      const opening = await closeOuts(captured.buy!.id);
      expect(opening).toMatchObject({ openLots: 0, closeOuts: [{ role: 'closedBy', lots: 2 }] });
    });

    it('LIFO when the setting says so: 3 × 100 × 5 + 1 × 200 × 5 = 2500, written at the next trade', async () => {
      await env.db.query(
        `insert into system_settings (setting_key, value, effective_from) values ('futuresCloseOutMethod', 'lifo', '2026-11-02')`,
      );
      const close = await closing();
      const answer = await closeOuts(close.id);
      expect(answer.method).toBe('lifo');
      expect(answer.closeOuts.map((c) => [c.lots, c.realisedPnl])).toEqual([
        [3, '1500.00'],
        [1, '1000.00'],
      ]);
      await saved('trader', futuresTrade, trade({ lots: 1, tradedAt: '2026-11-23 15:00:00' }));
      expect((await closing()).realisedPnl).toBe('2500.00');
    });
  });

  it('lets the desk and risk reach the screens, and not a warehouse clerk', async () => {
    for (const decl of [futuresStatement, futuresTeamLimit, teamPosition]) {
      expect((await call('trader', decl, 'list')).json.code).toBe(200);
      expect((await call('risk', decl, 'list')).json.code).toBe(200);
      expect((await call('warehouse', decl, 'list')).json.code).toBe(403);
    }
    const riskImport = await importFile('risk', { accountId: account, fileName: 'a.csv', content: csv() });
    expect(riskImport.json.code).toBe(403);
    const clerk = await importFile('warehouse', { accountId: account, fileName: 'a.csv', content: csv() });
    expect(clerk.json.code).toBe(403);
    const { json } = await post(app, CLOSE_OUTS_PATH, { id: '1' }, { token: tokens.warehouse! });
    expect(json.code).toBe(403);
  });

  it('tells every open socket that positions changed when a statement books trades', async () => {
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const risk = await login(app, 'risk');
    const socket = await openSocket(base, PATHS.socket(risk.user.id), { authorization: risk.token });
    try {
      const { json } = await importFile('trader', {
        accountId: account,
        fileName: '成交明细20261126.csv',
        content: csv('20261126,09:00:00,CF605,买,开,15000,1,,0,LIVE1'),
        confirm: 'true',
      });
      expect(json.code, json.msg).toBe(200);
      expect((json.data as StatementImportAnswer).booked).toBe(1);
      const frame = await socket.next();
      expect(frame.messageType).toBe(SOCKET_TYPE.dataChanged);
      expect(frame.changed).toEqual(expect.arrayContaining(['pending/TradeTotal', 'pending/OrderTrade']));
    } finally {
      socket.ws.terminate();
    }
  });
});
