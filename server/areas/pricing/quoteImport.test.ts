// The exchange's daily quote file imported through HTTP as the desk does it: previewed row by row (nothing
// written), confirmed in one transaction; every bad row answered with its line and the file refused whole;
// the same file imported again books nothing twice; other areas hear of each settlement saved.
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { SERVER_AREAS } from '../index.ts';
import { SETTLEMENT_PRICE_SAVED, type SettlementSaved } from './index.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const IMPORT = '/api/pending/FuturesPrice/importPrices';

const HEADER =
  '品种月份,昨结算,今开盘,最高价,最低价,今收盘,今结算,涨跌1,涨跌2,成交量(手),持仓量,增减量,成交额(万元),交割结算价';

/** The exchange's file of 19 November: three CF months (one untraded), a subtotal, sugar, the total. */
const NOV_19 = [
  '郑州商品交易所期货每日行情表(2026-11-19)',
  HEADER,
  'CF701,"14,750.00","14,760.00","14,880.00","14,700.00","14,850.00","14,820.00",100.00,70.00,"215,432","612,345","-1,234","1,596,789.12",0.00',
  'CF703,"14,800.00","14,805.00","14,900.00","14,790.00","14,860.00","14,845.00",60.00,45.00,"12,345","98,765",321,"91,234.50",0.00',
  'CF705,"14,900.00",0.00,0.00,0.00,0.00,"14,900.00",0.00,0.00,0,12,0,0.00,0.00',
  'CF小计,,,,,,,,,"227,777","711,122","-913","1,688,023.62",',
  'SR701,"5,800.00","5,810.00","5,830.00","5,790.00","5,820.00","5,815.00",20.00,15.00,"100,000","300,000",0,"58,000.00",0.00',
  '总计,,,,,,,,,"327,777","1,011,122",,,',
].join('\n');

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

describe.each(BACKENDS)('the exchange’s daily quote file on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const heard: SettlementSaved[] = [];
  const { call, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const importing = (
    who: string,
    fileName: string,
    content: string,
    extra: { preview?: boolean; tradeDate?: string } = {},
  ) =>
    post(
      app,
      IMPORT,
      {
        fileName,
        content,
        ...(extra.tradeDate ? { tradeDate: extra.tradeDate } : {}),
        ...(extra.preview ? { preview: 'true' } : {}),
      },
      { token: tokens[who] },
    );
  const stored = () =>
    env.db.query<Record<string, string | number | null>>(
      `select to_char(trade_date, 'YYYY-MM-DD') as day, futures_month as month, last_price::text as last,
              settlement_price::text as settlement, open_price::text as open, high_price::text as high,
              low_price::text as low, close_price::text as close, volume, open_interest as "openInterest",
              source, updated_at::text as "updatedAt"
         from futures_prices order by trade_date, futures_month`,
    );
  const operations = async () =>
    (await env.db.query<{ n: number }>('select count(*)::int as n from operation_records'))[0]!.n;

  beforeAll(async () => {
    env = await openTestDb(backend);
    // The pricing area itself hears its own event here, standing in for the areas that react to it.
    const heardBy = async (_hook: unknown, price: SettlementSaved) => {
      heard.push(price);
      return undefined;
    };
    const areas = SERVER_AREAS.map((area) =>
      area.key === 'pricing' ? { ...area, reactions: { [SETTLEMENT_PRICE_SAVED]: heardBy } } : area,
    );
    ({ app } = await startApp(env.db, manualClock(NOW), undefined, { areas }));
    for (const user of ['trader', 'risk', 'sales', 'finance', 'warehouse'])
      tokens[user] = (await login(app, user)).token;
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('previews a good CSV row by row, writing nothing, then imports it whole', async () => {
    const preview = (await importing('trader', '20261119.csv', base64(NOV_19), { preview: true })).json;
    expect(preview.code, preview.msg).toBe(200);
    const result = (preview.data as { result: Record<string, unknown> }).result;
    expect(result).toMatchObject({
      imported: 3,
      added: 3,
      replaced: 0,
      unchanged: 0,
      skipped: 1,
      problems: [],
    });
    expect(
      (result.rows as { line: number; month: string; action: string }[]).map((row) => [
        row.line,
        row.month,
        row.action,
      ]),
    ).toEqual([
      [3, 'CF2701 (CF701)', 'create'],
      [4, 'CF2703 (CF703)', 'create'],
      [5, 'CF2705 (CF705)', 'create'],
    ]);
    expect(await stored()).toEqual([]);
    // Other areas were told, as a preview: what they wrote is rolled back with the rest.
    expect(heard.map((price) => [price.futuresMonth, price.preview])).toEqual([
      ['CF2701', true],
      ['CF2703', true],
      ['CF2705', true],
    ]);
    heard.length = 0;

    const done = (await importing('trader', '20261119.csv', base64(NOV_19))).json;
    expect(done.code, done.msg).toBe(200);
    expect(done.msg).toContain('新增 3 条');
    const rows = await stored();
    expect(rows.map(({ updatedAt: _, ...row }) => row)).toEqual([
      {
        day: '2026-11-19',
        month: 'CF2701',
        last: '14850.00',
        settlement: '14820.00',
        open: '14760.00',
        high: '14880.00',
        low: '14700.00',
        close: '14850.00',
        volume: 215432,
        openInterest: 612345,
        source: 'imported',
      },
      {
        day: '2026-11-19',
        month: 'CF2703',
        last: '14860.00',
        settlement: '14845.00',
        open: '14805.00',
        high: '14900.00',
        low: '14790.00',
        close: '14860.00',
        volume: 12345,
        openInterest: 98765,
        source: 'imported',
      },
      // Not traded that day: no open, high, low or close; the settlement stands for its last price.
      {
        day: '2026-11-19',
        month: 'CF2705',
        last: '14900.00',
        settlement: '14900.00',
        open: null,
        high: null,
        low: null,
        close: null,
        volume: 0,
        openInterest: 12,
        source: 'imported',
      },
    ]);
    expect(heard).toEqual([
      {
        tradeDate: '2026-11-19',
        futuresMonth: 'CF2701',
        settlementPrice: '14820.00',
        source: 'imported',
        preview: false,
      },
      {
        tradeDate: '2026-11-19',
        futuresMonth: 'CF2703',
        settlementPrice: '14845.00',
        source: 'imported',
        preview: false,
      },
      {
        tradeDate: '2026-11-19',
        futuresMonth: 'CF2705',
        settlementPrice: '14900.00',
        source: 'imported',
        preview: false,
      },
    ]);
  });

  it('importing the same file again books nothing twice and says so; a changed row alone is replaced', async () => {
    const before = await stored();
    const heardBefore = heard.length;
    const again = (await importing('trader', '20261119.csv', base64(NOV_19))).json;
    expect(again.code, again.msg).toBe(200);
    expect(again.msg).toContain('没有任何变化');
    expect((again.data as { result: unknown }).result).toMatchObject({ added: 0, replaced: 0, unchanged: 3 });
    expect(await stored()).toEqual(before);
    expect(heard.length).toBe(heardBefore);

    // The exchange corrects one settlement: that row is replaced, the others stay as they are.
    const corrected = NOV_19.replace('"14,845.00",60.00', '"14,850.00",60.00');
    const done = (await importing('trader', '20261119.csv', base64(corrected))).json;
    expect(done.code, done.msg).toBe(200);
    expect((done.data as { result: unknown }).result).toMatchObject({ added: 0, replaced: 1, unchanged: 2 });
    const after = await stored();
    expect(after[1]).toMatchObject({ month: 'CF2703', settlement: '14850.00' });
    expect(after[0]).toEqual(before[0]);
    expect(heard.slice(heardBefore)).toEqual([
      {
        tradeDate: '2026-11-19',
        futuresMonth: 'CF2703',
        settlementPrice: '14850.00',
        source: 'imported',
        preview: false,
      },
    ]);
  });

  it('imports an xlsx whose title has no date on the day chosen, and refuses it without one', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('行情');
    sheet.addRow(['郑州商品交易所期货每日行情表']);
    sheet.addRow(HEADER.split(','));
    sheet.addRow([
      'CF2701',
      14820,
      14830,
      14900,
      14800,
      14890,
      14875,
      70,
      55,
      198765,
      610000,
      -2345,
      1470000,
      0,
    ]);
    sheet.addRow(['CF2703', 14850, 14860, 14950, 14840, 14900, 14905, 50, 55, 10000, 99000, 235, 74000, 0]);
    const file = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    const undated = (await importing('trader', 'quotes.xlsx', file)).json;
    expect(undated.code).toBe(400);
    expect(undated.msg).toContain('请选择这份行情的交易日期');

    const done = (await importing('trader', 'quotes.xlsx', file, { tradeDate: '2026-11-20' })).json;
    expect(done.code, done.msg).toBe(200);
    const rows = (await stored()).filter((row) => row.day === '2026-11-20');
    expect(
      rows.map((row) => [row.month, row.open, row.high, row.low, row.close, row.settlement, row.volume]),
    ).toEqual([
      ['CF2701', '14830.00', '14900.00', '14800.00', '14890.00', '14875.00', 198765],
      ['CF2703', '14860.00', '14950.00', '14840.00', '14900.00', '14905.00', 10000],
    ]);
    // A dated title decides: another day chosen is refused rather than guessed at.
    const mismatch = (await importing('trader', '20261119.csv', base64(NOV_19), { tradeDate: '2026-11-20' }))
      .json;
    expect(mismatch.code).toBe(400);
    expect(mismatch.msg).toContain('不一致');
  });

  it('answers every bad row with its line: in the preview, and as a refusal that writes nothing', async () => {
    const bad = [
      '郑州商品交易所期货每日行情表(2026-11-17)',
      HEADER,
      'CF704,"14,700.00","14,705.00","14,800.00","14,650.00","14,760.00","14,750.00",0,0,100,100,0,0,0',
      'CF703,"14,700.00","14,705.00",abc,"14,650.00","14,760.00","14,750.00",0,0,100,100,0,0,0',
      'CF705,"14,700.00","14,705.00","14,600.00","14,650.00","14,640.00","14,630.00",0,0,100,100,0,0,0',
      'CF707,"14,700.00","14,705.00","14,800.00","14,650.00","14,760.00","14,753.00",0,0,100,100,0,0,0',
      'CF709,"14,700.00","14,705.00","14,800.00","14,650.00","14,760.00",,0,0,100,100,0,0,0',
      'CF711,"14,700.00","14,705.00","14,800.00","14,650.00","14,760.00","14,750.00",0,0,100,100,0,0,0',
      'CF2711,"14,700.00","14,705.00","14,800.00","14,650.00","14,760.00","14,750.00",0,0,100,100,0,0,0',
    ].join('\n');
    const before = await stored();
    const recorded = await operations();
    const preview = (await importing('trader', 'bad.csv', base64(bad), { preview: true })).json;
    expect(preview.code, preview.msg).toBe(200);
    const result = (preview.data as { result: { problems: { line: number; message: string }[] } }).result;
    expect(result.problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7, 9]);
    const said = result.problems.map((p) => p.message);
    expect(said[0]).toContain('合约月份“CF704”应如 CF605 或 CF2605');
    expect(said[1]).toContain('最高价“abc”不是价格');
    expect(said[2]).toContain('最高价 14600 低于最低价 14650');
    expect(said[3]).toContain('结算价：价格必须是最小变动价位 5 元/吨的整数倍');
    expect(said[4]).toContain('今结算为空');
    expect(said[5]).toContain('与第 8 行重复');
    expect(await stored()).toEqual(before);

    const refused = (await importing('trader', 'bad.csv', base64(bad))).json;
    expect(refused.code).toBe(400);
    expect(refused.msg).toContain('文件中有 6 行有误，未导入任何行情');
    expect((refused.data as { problems: { line: number }[] }).problems.map((p) => p.line)).toEqual([
      3, 4, 5, 6, 7, 9,
    ]);
    expect(await stored()).toEqual(before);
    expect(await operations()).toBe(recorded);
  });

  it('is the trader’s: risk and sales may not import; the desks that read prices list and open them', async () => {
    expect((await importing('risk', '20261119.csv', base64(NOV_19))).json.code).toBe(403);
    expect((await importing('sales', '20261119.csv', base64(NOV_19))).json.code).toBe(403);
    for (const who of ['trader', 'risk', 'sales', 'finance']) {
      const [row] = await records(who, futuresPrice, { futuresMonth: 'CF2701' });
      expect(row, who).toMatchObject({ futuresMonth: 'CF2701', source: 'imported' });
      const detail = (await call(who, futuresPrice, 'detail', { id: row!.id })).json;
      expect(detail.code, who).toBe(200);
      expect(detail.data).toMatchObject({ openPrice: expect.any(String), volume: expect.any(Number) });
    }
    expect((await call('warehouse', futuresPrice, 'list', {})).json.code).toBe(403);
  });

  it('keeps intraday entry to a last price, and refuses a quote whose high is below its low', async () => {
    const entered = (
      await call('trader', futuresPrice, 'save', {
        tradeDate: '2026-11-23',
        futuresMonth: 'CF705',
        lastPrice: '14905',
      })
    ).json;
    expect(entered.code, entered.msg).toBe(200);
    expect(entered.data).toMatchObject({ futuresMonth: 'CF2705', source: 'entered', openPrice: null });
    const refused = (
      await call('trader', futuresPrice, 'save', {
        tradeDate: '2026-11-23',
        futuresMonth: 'CF2707',
        lastPrice: '14905',
        highPrice: '14900',
        lowPrice: '14950',
      })
    ).json;
    expect(refused.code).toBe(400);
    expect(Object.keys((refused.data as { fields: object }).fields)).toContain('highPrice');
  });
});
