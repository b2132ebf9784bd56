import {
  dailyLimitBand,
  futuresMonth,
  futuresMonthWritings,
  futuresPriceProblem,
  isOnTick,
  monthNotTradedProblem,
  priceBarProblems,
  readFuturesPriceRows,
  readQuoteSheet,
  tradeDateOf,
} from './futures.ts';

describe('a CF month in either writing (domain.md §1: CF605 and CF2605)', () => {
  test('the market writing is kept; the exchange writing gets its year near the reference day', () => {
    expect(futuresMonth('CF2605', '2026-11-23')).toEqual({
      code: 'CF2605',
      exchangeCode: 'CF605',
      year: 2026,
      month: 5,
    });
    expect(futuresMonth('CF605', '2026-11-23')?.code).toBe('CF2605');
    expect(futuresMonth('CF701', '2026-11-23')?.code).toBe('CF2701');
    expect(futuresMonth('cf 2709', '2026-11-23')?.code).toBe('CF2709');
    // The last digit of the year is the one nearest the reference day, five years back to four ahead.
    expect(futuresMonth('CF001', '2026-11-23')?.code).toBe('CF3001');
    expect(futuresMonth('CF101', '2026-11-23')?.code).toBe('CF2101');
    expect(futuresMonth('CF909', '2019-06-03')?.code).toBe('CF1909');
  });

  test.each(['CF2604', 'CF602', 'CF26050', 'SR2605', 'CF', '2605', 'CF2613', 'CF2600'])(
    '%s is not a CF contract month',
    (text) => {
      expect(futuresMonth(text, '2026-11-23')).toBeUndefined();
    },
  );

  test('a month trades from about a year ahead until its delivery month', () => {
    const may27 = futuresMonth('CF2705', '2026-11-23')!;
    expect(monthNotTradedProblem(may27, '2026-11-23')).toBeUndefined();
    expect(monthNotTradedProblem(may27, '2027-05-12')).toBeUndefined();
    expect(monthNotTradedProblem(may27, '2027-06-01')?.code).toBe('futures.monthExpired');
    expect(monthNotTradedProblem(may27, '2026-04-30')?.code).toBe('futures.monthNotListed');
  });
});

describe('tick and daily limit', () => {
  test('a price is a whole number of 5 CNY ticks', () => {
    expect(isOnTick('15005', '5')).toBe(true);
    expect(isOnTick('15005.00', '5')).toBe(true);
    expect(isOnTick('15003', '5')).toBe(false);
    expect(isOnTick('15005.5', '5')).toBe(false);
  });

  test('the band is the previous settlement ± 4 %, on the tick', () => {
    expect(dailyLimitBand('15000', '4', '5')).toEqual({ lower: '14400.00', upper: '15600.00' });
    // 14865 × 4 % = 594.6: up to 15459.6 → 15455, down to 14270.4 → 14275.
    expect(dailyLimitBand('14865', '4', '5')).toEqual({ lower: '14275.00', upper: '15455.00' });
  });

  test('a day price is positive, on the tick and inside the limits (the limit prices themselves allowed)', () => {
    const rules = { tick: '5', limitPercent: '4', previousSettlement: '15000' };
    expect(futuresPriceProblem('15600', rules)).toBeUndefined();
    expect(futuresPriceProblem('14400', rules)).toBeUndefined();
    expect(futuresPriceProblem('15605', rules)?.code).toBe('futures.outsideLimit');
    expect(futuresPriceProblem('15605', rules)?.message).toContain('14400–15600');
    expect(futuresPriceProblem('14395', rules)?.code).toBe('futures.outsideLimit');
    expect(futuresPriceProblem('15002', rules)?.code).toBe('futures.offTick');
    expect(futuresPriceProblem('0', rules)?.code).toBe('futures.notPositive');
    expect(futuresPriceProblem('-5', rules)?.code).toBe('futures.notPositive');
  });

  test('without a previous settlement only positivity and the tick are checked; a wider limit widens the band', () => {
    expect(futuresPriceProblem('20000', { tick: '5', limitPercent: '4' })).toBeUndefined();
    expect(
      futuresPriceProblem('15900', { tick: '5', limitPercent: '6', previousSettlement: '15000' }),
    ).toBeUndefined();
  });
});

describe('a price file', () => {
  test('reads date, month in either writing, last and settlement; skips the heading and blank lines', () => {
    const { rows, problems } = readFuturesPriceRows([
      ['交易日期', '合约', '最新价', '结算价'],
      ['2026-11-20', 'CF705', '14,800', '14805'],
      ['2026/11/20', 'CF2709', '14900.00', ''],
      ['', '', '', ''],
      ['20261123', 'cf2705', '14850', '14845'],
    ]);
    expect(problems).toEqual([]);
    expect(rows).toEqual([
      {
        line: 2,
        tradeDate: '2026-11-20',
        futuresMonth: 'CF2705',
        lastPrice: '14800',
        settlementPrice: '14805',
      },
      { line: 3, tradeDate: '2026-11-20', futuresMonth: 'CF2709', lastPrice: '14900.00' },
      {
        line: 5,
        tradeDate: '2026-11-23',
        futuresMonth: 'CF2705',
        lastPrice: '14850',
        settlementPrice: '14845',
      },
    ]);
  });

  test('names every bad line: date, month, price, and a day and month given twice', () => {
    const { problems } = readFuturesPriceRows([
      ['2026-11-20', 'CF705', '14800'],
      ['2026-02-30', 'CF705', '14800'],
      ['2026-11-20', 'CF704', '14800'],
      ['2026-11-23', 'CF705', 'abc', '-3'],
      ['2026-11-20', 'CF2705', '14805'],
    ]);
    expect(problems.map((p) => p.line)).toEqual([2, 3, 4, 4, 5]);
    expect(problems[4]!.message).toContain('与第 1 行重复');
    expect(tradeDateOf('2026-2-3')).toBe('2026-02-03');
  });
});

describe('a stored month shown in both writings', () => {
  test.each([
    ['CF2605', 'CF2605 (CF605)'],
    ['CF2711', 'CF2711 (CF711)'],
    ['CF3001', 'CF3001 (CF001)'],
    // Not a stored writing: shown as it is.
    ['CF605', 'CF605'],
    ['SR2605', 'SR2605'],
    ['', ''],
  ])('%s reads %s', (code, shown) => {
    expect(futuresMonthWritings(code)).toBe(shown);
  });
});

describe('a day’s quote: open, close and last between low and high', () => {
  test('a quote inside its range has no problem; one price given alone is not compared', () => {
    expect(
      priceBarProblems({ openPrice: '14800', highPrice: '14900', lowPrice: '14750', closePrice: '14900' }),
    ).toEqual({});
    expect(priceBarProblems({ lastPrice: '14800' })).toEqual({});
  });

  test('the high below the low is said once, on the high', () => {
    const problems = priceBarProblems({ highPrice: '14700', lowPrice: '14750', openPrice: '14800' });
    expect(Object.keys(problems)).toEqual(['highPrice']);
    expect(problems.highPrice?.message).toBe('最高价 14700 低于最低价 14750');
  });

  test('an open above the high and a close below the low are each said', () => {
    const problems = priceBarProblems({
      openPrice: '14905',
      highPrice: '14900',
      lowPrice: '14750',
      closePrice: '14745',
    });
    expect(problems.openPrice?.message).toBe('开盘价 14905 高于最高价 14900');
    expect(problems.closePrice?.message).toBe('收盘价 14745 低于最低价 14750');
  });
});

const QUOTE_HEADER = [
  '品种月份',
  '昨结算',
  '今开盘',
  '最高价',
  '最低价',
  '今收盘',
  '今结算',
  '涨跌1',
  '涨跌2',
  '成交量(手)',
  '持仓量',
  '增减量',
  '成交额(万元)',
  '交割结算价',
];

describe('the exchange’s daily quote file (郑州商品交易所期货每日行情表)', () => {
  const title = ['郑州商品交易所期货每日行情表(2026-11-20)'];
  const row = (month: string, ...prices: string[]) => [month, ...prices];

  test('reads the day from the title and each CF row; other products and totals are passed over', () => {
    const read = readQuoteSheet([
      title,
      QUOTE_HEADER,
      row(
        'CF701',
        '14,800.00',
        '14,805.00',
        '14,900.00',
        '14,750.00',
        '14,860.00',
        '14,845.00',
        '60',
        '45',
        '123,456',
        '654,321',
        '-120',
        '912,345.67',
        '0.00',
      ),
      row(
        'CF703',
        '14,900.00',
        '0.00',
        '0.00',
        '0.00',
        '0.00',
        '14,910.00',
        '0',
        '10',
        '0',
        '12',
        '0',
        '0.00',
        '0.00',
      ),
      row('CF小计', '', '', '', '', '', '', '', '', '123,456', '654,333'),
      row('SR701', '5,800.00', '5,810.00', '5,830.00', '5,790.00', '5,820.00', '5,815.00'),
      row('总计', '', '', '', '', '', '', '', '', '999,999'),
    ]);
    expect(read).toEqual({
      tradeDate: '2026-11-20',
      skipped: 1,
      problems: [],
      rows: [
        {
          line: 3,
          tradeDate: '2026-11-20',
          futuresMonth: 'CF2701',
          lastPrice: '14860.00',
          settlementPrice: '14845.00',
          openPrice: '14805.00',
          highPrice: '14900.00',
          lowPrice: '14750.00',
          closePrice: '14860.00',
          volume: 123456,
          openInterest: 654321,
        },
        {
          // Not traded that day: no open, high, low or close; its last price is the settlement.
          line: 4,
          tradeDate: '2026-11-20',
          futuresMonth: 'CF2703',
          lastPrice: '14910.00',
          settlementPrice: '14910.00',
          openPrice: null,
          highPrice: null,
          lowPrice: null,
          closePrice: null,
          volume: 0,
          openInterest: 12,
        },
      ],
    });
  });

  test('a file without a dated title takes the day chosen; without either it has no day', () => {
    const sheet = [QUOTE_HEADER, row('CF2705', '', '', '', '', '', '14,900', '', '', '0', '0')];
    expect(readQuoteSheet(sheet, '2026-11-19')?.rows[0]).toMatchObject({
      tradeDate: '2026-11-19',
      futuresMonth: 'CF2705',
    });
    expect(readQuoteSheet(sheet)?.tradeDate).toBeUndefined();
    expect(readQuoteSheet([['交易日期', '合约', '最新价']])).toBeUndefined();
  });

  test('names each bad row with its line: month, number, settlement, high below low, a month twice', () => {
    const read = readQuoteSheet([
      title,
      QUOTE_HEADER,
      row('CF704', '', '14800', '14900', '14750', '14860', '14845', '', '', '10', '10'),
      row('CF705', '', '14800', '14900', 'abc', '14860', '14845', '', '', '10', '10'),
      row('CF707', '', '14800', '14900', '14750', '14860', '', '', '', '10', '10'),
      row('CF709', '', '14800', '14700', '14750', '14720', '14745', '', '', '10', '10'),
      row('CF711', '', '14800', '14900', '14750', '14860', '14845', '', '', '1.5', '10'),
      row('CF2701', '', '14800', '14900', '14750', '14860', '14845', '', '', '10', '10'),
      row('CF701', '', '14800', '14900', '14750', '14860', '14845', '', '', '10', '10'),
    ])!;
    expect(read.rows.map((r) => r.line)).toEqual([8]);
    expect(read.problems.map((p) => p.line)).toEqual([3, 4, 5, 6, 7, 9]);
    const said = read.problems.map((p) => p.message);
    expect(said[0]).toBe('第 3 行：合约月份“CF704”应如 CF605 或 CF2605');
    expect(said[1]).toBe('第 4 行：最低价“abc”不是价格');
    expect(said[2]).toContain('第 5 行：今结算为空');
    expect(said[3]).toBe('第 6 行：最高价 14700 低于最低价 14750');
    expect(said[4]).toBe('第 7 行：成交量“1.5”不是手数');
    expect(said[5]).toBe('第 9 行：CF2701 在 2026-11-20 的行情与第 8 行重复');
  });
});
