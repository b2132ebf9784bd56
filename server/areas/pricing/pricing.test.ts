// The futures price table and the sales basis sheet through HTTP, as the desk uses them: the exchange's
// rules refuse a bad price (400 on its field, nothing changed), one row per day and month, publishing a
// sheet retires the one in use, and the market basis of a day comes from the sheet in force that day.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { futuresPrice, saleBasisDetail, salesBasis } from '../../../src/areas/pricing/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';
import { pricingDemo, tradedMonths } from './demo.ts';
import { exchangeRuleProblems } from './futuresPrices.ts';
import { marketBasis } from './index.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('pricing on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const one = async <T>(sql: string, params: unknown[] = []) => (await env.db.query<T>(sql, params))[0]!;
  const priceRows = async () =>
    env.db.query<Record<string, string>>(
      `select to_char(trade_date, 'YYYY-MM-DD') as day, futures_month as month, last_price::text as last,
              settlement_price::text as settlement from futures_prices order by trade_date, futures_month`,
    );
  const refused = async (who: string, body: Body) => {
    const before = await priceRows();
    const { json } = await call(who, futuresPrice, 'save', body);
    expect(json.code, json.msg).toBe(400);
    expect(await priceRows()).toEqual(before);
    return (json.data as { fields?: Record<string, string> } | undefined)?.fields ?? {};
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const user of ['admin', 'trader', 'risk', 'sales']) tokens[user] = (await login(app, user)).token;
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  describe('futures prices', () => {
    it('stores the exchange writing CF705 as CF2705, once per day and month', async () => {
      const row = await saved('trader', futuresPrice, {
        tradeDate: '2026-11-19',
        futuresMonth: 'CF705',
        lastPrice: '14800',
        settlementPrice: '14805',
      });
      expect(row).toMatchObject({
        futuresMonth: 'CF2705',
        lastPrice: '14800.00',
        settlementPrice: '14805.00',
      });
      const fields = await refused('trader', {
        tradeDate: '2026-11-19',
        futuresMonth: 'CF2705',
        lastPrice: '14810',
      });
      expect(fields.futuresMonth).toContain('已有行情');
      // Editing the row itself is not a duplicate.
      const edited = await saved('risk', futuresPrice, {
        id: row.id,
        tradeDate: '2026-11-19',
        futuresMonth: 'CF2705',
        lastPrice: '14800',
        settlementPrice: '14805',
        remark: '核对交易所结算价',
      });
      expect(edited.remark).toBe('核对交易所结算价');
    });

    it('accepts the limit prices and refuses one tick beyond, saying the band', async () => {
      // Previous settlement 14805, 4 %: 592.2 → 14215 – 15395.
      const fields = await refused('trader', {
        tradeDate: '2026-11-20',
        futuresMonth: 'CF2705',
        lastPrice: '15400',
      });
      expect(fields.lastPrice).toContain('14215–15395');
      const below = await refused('trader', {
        tradeDate: '2026-11-20',
        futuresMonth: 'CF2705',
        lastPrice: '15000',
        settlementPrice: '14210',
      });
      expect(Object.keys(below)).toEqual(['settlementPrice']);
      const atLimit = await saved('trader', futuresPrice, {
        tradeDate: '2026-11-20',
        futuresMonth: 'CF2705',
        lastPrice: '15395',
        settlementPrice: '14215',
      });
      expect(atLimit.previousSettlement).toBe('14805.00');
      expect(atLimit.change).toBe('-590.00');
    });

    it('refuses a price off the tick, not positive, on a closed or future day, or of a month not trading', async () => {
      expect(
        Object.keys(
          await refused('trader', { tradeDate: '2026-11-23', futuresMonth: 'CF2705', lastPrice: '14213' }),
        ),
      ).toEqual(['lastPrice']);
      expect(
        Object.keys(
          await refused('trader', { tradeDate: '2026-11-23', futuresMonth: 'CF2705', lastPrice: '-5' }),
        ),
      ).toEqual(['lastPrice']);
      expect(
        (await refused('trader', { tradeDate: '2026-11-21', futuresMonth: 'CF2705', lastPrice: '14500' }))
          .tradeDate,
      ).toContain('周末');
      await env.db.query(`insert into holidays (day, name) values ('2026-11-18', '测试休市')`);
      expect(
        (await refused('trader', { tradeDate: '2026-11-18', futuresMonth: 'CF2705', lastPrice: '14500' }))
          .tradeDate,
      ).toContain('测试休市');
      expect(
        (await refused('trader', { tradeDate: '2026-11-24', futuresMonth: 'CF2705', lastPrice: '14500' }))
          .tradeDate,
      ).toContain('尚未到来');
      // CF2611's 10th trading day is 13 November; CF2801 is not listed yet; CF2704 is no CF month.
      expect(
        (await refused('trader', { tradeDate: '2026-11-20', futuresMonth: 'CF611', lastPrice: '14500' }))
          .futuresMonth,
      ).toContain('2026-11-13');
      expect(
        (await refused('trader', { tradeDate: '2026-11-20', futuresMonth: 'CF2801', lastPrice: '14500' }))
          .futuresMonth,
      ).toContain('尚未挂牌');
      expect(
        Object.keys(
          await refused('trader', { tradeDate: '2026-11-20', futuresMonth: 'CF2704', lastPrice: '14500' }),
        ),
      ).toEqual(['futuresMonth']);
    });

    it('reads tick and limit from the settings of the trade date', async () => {
      await env.db.query(
        `insert into system_settings (setting_key, value, effective_from, remark)
         values ('dailyLimitPercent', '6', '2026-11-23', '交易所扩板'), ('futuresTickPerTonne', '10.00', '2026-11-23', '测试')`,
      );
      // 14215 × 6 % = 852.9: up to 15067.9 → 15060 on a tick of 10.
      expect(
        (await refused('trader', { tradeDate: '2026-11-23', futuresMonth: 'CF2705', lastPrice: '14225' }))
          .lastPrice,
      ).toContain('10');
      const wide = await saved('trader', futuresPrice, {
        tradeDate: '2026-11-23',
        futuresMonth: 'CF2705',
        lastPrice: '15060',
        settlementPrice: '15050',
      });
      expect(wide.previousSettlement).toBe('14215.00');
    });

    it('imports a pasted table in date order, replacing a row it repeats; one bad row refuses the file', async () => {
      const importing = (who: string, content: string) =>
        post(app, '/api/pending/FuturesPrice/importPrices', { content }, { token: tokens[who] });
      const bad = [
        '交易日期\t合约\t最新价\t结算价',
        '2026-11-19\tCF709\t14900\t14905',
        // 14905 ± 4 %: 14310 – 15500.
        '2026-11-20\tCF2709\t15505\t15490',
      ].join('\n');
      const before = await priceRows();
      const refusedFile = (await importing('trader', bad)).json;
      expect(refusedFile.code).toBe(400);
      expect(refusedFile.msg).toContain('第 3 行');
      expect(refusedFile.msg).toContain('14310–15500');
      expect(await priceRows()).toEqual(before);
      expect((await importing('sales', bad)).json.code).toBe(403);

      const good = [
        '2026-11-20,CF2709,"15,500",15490',
        '2026-11-19,CF709,14900,14905',
        '2026/11/19,CF2705,14810,',
      ].join('\n');
      const done = (await importing('trader', good)).json;
      expect(done.code, done.msg).toBe(200);
      expect((done.data as { result: unknown }).result).toMatchObject({
        imported: 3,
        added: 2,
        replaced: 1,
        unchanged: 0,
      });
      const rows = await priceRows();
      expect(rows).toEqual(
        expect.arrayContaining([
          { day: '2026-11-19', month: 'CF2705', last: '14810.00', settlement: '14805.00' },
          { day: '2026-11-19', month: 'CF2709', last: '14900.00', settlement: '14905.00' },
          { day: '2026-11-20', month: 'CF2709', last: '15500.00', settlement: '15490.00' },
        ]),
      );
    });

    it('lets sales read the table but not change it', async () => {
      expect((await records('sales', futuresPrice)).length).toBeGreaterThanOrEqual(3);
      const { json } = await call('sales', futuresPrice, 'save', {
        tradeDate: '2026-11-23',
        futuresMonth: 'CF2709',
        lastPrice: '14900',
      });
      expect(json.code).toBe(403);
    });
  });

  describe('the sales basis sheet', () => {
    let warehouseId: string;
    const sheet = (sheetNo: string, effectiveFrom: string, lines: object[]) =>
      call('trader', salesBasis, 'save', { sheetNo, effectiveFrom, lines: JSON.stringify(lines) });
    const stateOf = async (id: string) =>
      (await one<{ status: string }>('select status from sales_basis_sheets where id = $1', [id])).status;

    beforeAll(async () => {
      warehouseId = (
        await one<{ id: string }>(
          `insert into warehouses (code, name, kind) values ('ZZ1', '郑州交割库', 'delivery') returning id::text`,
        )
      ).id;
    });

    it('refuses a sheet quoting one month, warehouse and grade twice, storing nothing', async () => {
      const { json } = await sheet('JC-DUP', '2026-11-01', [
        { futuresMonth: 'CF705', basis: '900' },
        { futuresMonth: 'CF2705', basis: '950' },
      ]);
      expect(json.code).toBe(400);
      expect((json.data as { fields: Record<string, string> }).fields['lines.1.futuresMonth']).toContain(
        '第 1 行',
      );
      expect((await one<{ n: number }>('select count(*)::int as n from sales_basis_sheets')).n).toBe(0);
    });

    it('publishes a sheet; publishing the next retires it; the basis of a day comes from the sheet in force', async () => {
      const first = (
        await sheet('JC-1101', '2026-11-01', [
          { futuresMonth: 'CF705', basis: '900' },
          { futuresMonth: 'CF2705', colourGrade: '31', lengthGrade: '29', basis: '1150' },
          { futuresMonth: 'CF2705', warehouseId, basis: '1000' },
        ])
      ).json;
      expect(first.code, first.msg).toBe(200);
      const firstId = (first.data as Row).id;
      expect(
        await marketBasis(env.db, { month: 'CF2705', grade: '3129B', day: '2026-11-05' }),
      ).toBeUndefined();
      expect((await transition('trader', salesBasis, firstId, 'publish')).json.code).toBe(200);
      expect(await marketBasis(env.db, { month: 'CF705', grade: '3129B', day: '2026-11-05' })).toMatchObject({
        basis: '1150.00',
        futuresMonth: 'CF2705',
        sheetNo: 'JC-1101',
      });
      expect(
        (await marketBasis(env.db, { month: 'CF2705', warehouseId, grade: '3129', day: '2026-11-05' }))
          ?.basis,
      ).toBe('1000.00');
      expect((await marketBasis(env.db, { month: 'CF2705', grade: '4128', day: '2026-11-05' }))?.basis).toBe(
        '900.00',
      );
      expect(await marketBasis(env.db, { month: 'CF2709', day: '2026-11-05' })).toBeUndefined();
      expect(await marketBasis(env.db, { month: 'CF2705', day: '2026-10-30' })).toBeUndefined();

      const second = (await sheet('JC-1120', '2026-11-20', [{ futuresMonth: 'CF2705', basis: '820' }])).json;
      const secondId = (second.data as Row).id;
      expect((await transition('trader', salesBasis, secondId, 'publish')).json.code).toBe(200);
      expect([await stateOf(firstId), await stateOf(secondId)]).toEqual(['retired', 'active']);
      const history = (await call('trader', salesBasis, 'history', { id: firstId })).json.data as Row[];
      expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(['publish', 'retire']));
      expect((await marketBasis(env.db, { month: 'CF2705', grade: '3129', day: '2026-11-19' }))?.basis).toBe(
        '1150.00',
      );
      expect((await marketBasis(env.db, { month: 'CF2705', grade: '3129', day: '2026-11-20' }))?.basis).toBe(
        '820.00',
      );

      const lines = await records('sales', saleBasisDetail, { futuresMonth: 'CF2705' });
      expect(lines.map((l) => [l.sheetNo, l.status, l.basis])).toEqual(
        expect.arrayContaining([
          ['JC-1120', 'active', '820.00'],
          ['JC-1101', 'retired', '1150.00'],
        ]),
      );
    });

    it('is the house basis the contracts’ approval rule compares a sale with', async () => {
      const clientId = (
        await one<{ id: string }>(
          `insert into partners (name, kinds) values ('常州纺织', '{client}') returning id::text`,
        )
      ).id;
      await env.db.query(
        `insert into client_relations (client_id, salesperson_id, from_date)
         values ($1, (select id from users where login_name = 'sales'), '2026-01-01')`,
        [clientId],
      );
      const reasonsOf = async (basis: string) => {
        const sale = await saved('sales', transactionContract, {
          side: 'sale',
          kind: 'basis',
          partnerId: clientId,
          signDate: '2026-11-21',
          tonnage: '100',
          futuresMonth: 'CF705',
          basis,
          fixingDeadline: '2027-04-15',
        });
        expect((await transition('sales', transactionContract, sale.id, 'submit')).json.code).toBe(200);
        return (
          await one<{ reasons: string | null }>(
            'select approval_reasons as reasons from transaction_contracts where id = $1',
            [sale.id],
          )
        ).reasons;
      };
      expect(await reasonsOf('800')).toContain('低于销售基差表 820.00');
      expect(await reasonsOf('820')).toBeNull();
    });

    it('keeps a sheet once published: no edit, no delete, no earlier sheet published over it', async () => {
      const [active] = await records('trader', salesBasis, { status: 'active' });
      const edit = await call('trader', salesBasis, 'save', {
        id: active!.id,
        sheetNo: 'JC-1120',
        effectiveFrom: '2026-11-20',
        lines: JSON.stringify([{ futuresMonth: 'CF2705', basis: '1' }]),
      });
      expect(edit.json.code).toBe(400);
      expect((await call('trader', salesBasis, 'delete', { id: active!.id })).json.code).toBe(400);
      const early = (await sheet('JC-1110', '2026-11-10', [{ futuresMonth: 'CF2705', basis: '700' }])).json;
      const publish = await transition('trader', salesBasis, (early.data as Row).id, 'publish');
      expect(publish.json.code).toBe(400);
      expect(publish.json.msg).toContain('JC-1120');
      expect(await stateOf((early.data as Row).id)).toBe('draft');
      expect(await stateOf(active!.id)).toBe('active');
      expect((await marketBasis(env.db, { month: 'CF2705', day: '2026-11-23' }))?.basis).toBe('820.00');
      // The next sheet starts as a copy of the one in use.
      const copy = (who: string, sheetNo: string) =>
        post(
          app,
          '/api/pur/SalesBasis/copy',
          { id: active!.id, sheetNo, effectiveFrom: '2026-12-01' },
          { token: tokens[who] },
        );
      const copied = (await copy('trader', 'JC-1201')).json;
      expect(copied.code, copied.msg).toBe(200);
      const draftId = (copied.data as { result: { id: string } }).result.id;
      const detail = (await call('trader', salesBasis, 'detail', { id: draftId })).json.data as Row;
      expect(detail).toMatchObject({
        sheetNo: 'JC-1201',
        status: 'draft',
        effectiveFrom: '2026-12-01',
        lineCount: 1,
      });
      expect((await copy('trader', 'JC-1201')).json.code).toBe(400);
      expect((await copy('sales', 'JC-1202')).json.code).toBe(403);
      // Sales quote from the sheet but do not set it.
      expect((await transition('sales', salesBasis, (early.data as Row).id, 'publish')).json.code).toBe(403);
    });
  });

  it('demo: a month of prices that the exchange rules accept, and a sheet in use', async () => {
    const demo = await openTestDb(backend);
    try {
      await pricingDemo(demo.db, { tenant: { name: '测试棉业' }, now: new Date(NOW), today: '2026-11-23' });
      const months = tradedMonths('2026-11-23');
      expect(months).toEqual(['CF2701', 'CF2703', 'CF2705', 'CF2707', 'CF2709', 'CF2711']);
      const rows = await demo.db.query<{
        id: string;
        tradeDate: string;
        futuresMonth: string;
        lastPrice: string;
        settlementPrice: string | null;
        openPrice: string | null;
        highPrice: string | null;
        lowPrice: string | null;
        closePrice: string | null;
        volume: number | null;
        source: string;
      }>(
        `select id::text, to_char(trade_date, 'YYYY-MM-DD') as "tradeDate", futures_month as "futuresMonth",
                last_price::text as "lastPrice", settlement_price::text as "settlementPrice",
                open_price::text as "openPrice", high_price::text as "highPrice", low_price::text as "lowPrice",
                close_price::text as "closePrice", volume, source
           from futures_prices order by trade_date`,
      );
      expect(rows.length).toBeGreaterThan(6 * 18);
      expect(new Set(rows.map((r) => r.futuresMonth))).toEqual(new Set(months));
      // Past days: the exchange's whole quote, imported; today: the desk's intraday last price of two months.
      const closed = rows.filter((row) => row.tradeDate < '2026-11-23');
      expect(closed.every((row) => row.source === 'imported' && row.highPrice && row.volume !== null)).toBe(
        true,
      );
      expect(
        rows
          .filter((row) => row.tradeDate === '2026-11-23')
          .map((row) => [row.futuresMonth, row.source])
          .sort(),
      ).toEqual([
        ['CF2701', 'entered'],
        ['CF2703', 'entered'],
      ]);
      for (const row of rows) {
        if (row.settlementPrice) {
          expect(Number(row.settlementPrice)).toBeGreaterThanOrEqual(14000);
          expect(Number(row.settlementPrice)).toBeLessThanOrEqual(16000);
        }
        expect(await exchangeRuleProblems(demo.db, row, '2026-11-23'), JSON.stringify(row)).toEqual({});
      }
      expect(
        (await marketBasis(demo.db, { month: months[0]!, grade: '3128B', day: '2026-11-23' }))?.basis,
      ).toBe('900.00');
    } finally {
      await demo.drop();
    }
  });
});
