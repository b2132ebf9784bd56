// What the exchange accepts (issue 21, worked by hand from domain.md §1 with the seed parameters: tick 5,
// limit 4 %, months 1/3/5/7/9/11, last trading day the 10th trading day, listed 12 months ahead):
// - 14201 is off the 5 tick (14200 or 14205 are on it); 1420 is on the tick but outside CF2705's band on
//   2026-11-20 after a settlement of 14805: 14805 × 4 % = 592.2 → 14212.8 up to 14215, 15397.2 down to 15395.
// - CF2611's last trading day: November 2026 has no holiday, its trading days 2, 3, 4, 5, 6, 9, 10, 11, 12,
//   13 → 2026-11-13; on 2026-11-20 it trades no more. CF2705 with 3–5 May 2027 holidays: 6, 7, 10, 11, 12,
//   13, 14, 17, 18, 19 → 2027-05-19. CF2801 is 14 months ahead of 2026-11-20: not listed yet.
// - On 2026-11-23 the trading months are CF2701 … CF2711 (six); a roll CF2705 → CF2703 goes backwards.
import {
  contractMonthsOf,
  type ExchangeCalendar,
  exchangePriceProblem,
  fixingDeadlineProblem,
  isTradingMonth,
  lastTradingDay,
  neighbouringTicks,
  onTick,
  rollMonthsProblem,
  tradingMonthProblem,
  tradingMonths,
  withinLimitBand,
} from './exchange.ts';
import { futuresMonth } from './futures.ts';

const calendar: ExchangeCalendar = {
  contractMonths: [1, 3, 5, 7, 9, 11],
  lastTradingDayOrdinal: 10,
  listedMonthsAhead: 12,
  holidays: new Set(['2027-05-03', '2027-05-04', '2027-05-05']),
};
const month = (code: string) => futuresMonth(code, '2026-11-20')!;

describe('prices on the tick and in the band', () => {
  test('14201 is off the tick, 14205 on it; the neighbours are named', () => {
    expect(onTick('14201', '5')).toBe(false);
    expect(onTick('14205.00', '5')).toBe(true);
    expect(neighbouringTicks('14201', '5')).toEqual({ below: '14200', above: '14205' });
  });

  test('the band around 14805 at 4 % is 14215–15395, limits included; without a settlement any price', () => {
    expect(withinLimitBand('14215', '14805', '4', '5')).toBe(true);
    expect(withinLimitBand('15395', '14805', '4', '5')).toBe(true);
    expect(withinLimitBand('14210', '14805', '4', '5')).toBe(false);
    expect(withinLimitBand('1420', '14805', '4', '5')).toBe(false);
    expect(withinLimitBand('1420', undefined, '4', '5')).toBe(true);
  });

  test('a price problem names the rule and what is acceptable', () => {
    const rules = {
      month: 'CF2705',
      day: '2026-11-20',
      tick: '5',
      limitPercent: '4',
      previousSettlement: '14805',
    };
    expect(exchangePriceProblem('14201', rules)).toMatchObject({
      code: 'exchange.offTick',
      message: '不在最小变动价位上：期货价格 14201 不是 5 元/吨的整数倍，可用 14200 或 14205',
    });
    expect(exchangePriceProblem('1420', rules)).toMatchObject({
      code: 'exchange.outsideBand',
      message:
        '超出涨跌停板：期货价格 1420 不在 CF2705 2026-11-20 的 14215–15395 之内（前一交易日结算价 14805 ±4%）',
    });
    expect(exchangePriceProblem('0', rules)?.code).toBe('exchange.notPositive');
    expect(exchangePriceProblem('15395', rules)).toBeUndefined();
  });
});

describe('months listed and still trading', () => {
  test('the last trading day is the 10th trading day of the delivery month, holidays skipped', () => {
    expect(lastTradingDay(month('CF2611'), calendar)).toBe('2026-11-13');
    expect(lastTradingDay(month('CF2705'), calendar)).toBe('2027-05-19');
  });

  test('a month trades up to its last trading day, once listed, and only in the contract months', () => {
    expect(tradingMonthProblem(month('CF2611'), '2026-11-13', calendar)).toBeUndefined();
    expect(tradingMonthProblem(month('CF2611'), '2026-11-20', calendar)).toMatchObject({
      code: 'exchange.monthExpired',
      message: '合约已停止交易：CF2611 的最后交易日是 2026-11-13，2026-11-20 已不交易',
    });
    expect(tradingMonthProblem(month('CF2801'), '2026-11-20', calendar)?.code).toBe(
      'exchange.monthNotListed',
    );
    expect(tradingMonthProblem(month('CF2711'), '2026-11-20', calendar)).toBeUndefined();
    const odd = { ...calendar, contractMonths: [1, 5, 9] };
    expect(tradingMonthProblem(month('CF2703'), '2026-11-20', odd)?.code).toBe('exchange.notContractMonth');
    expect(isTradingMonth('CF705', '2026-11-20', calendar)).toBe(true);
    expect(isTradingMonth('CF2605', '2026-11-20', calendar)).toBe(false);
  });

  test('the trading months of a day, nearest first', () => {
    expect(tradingMonths('2026-11-23', calendar)).toEqual([
      'CF2701',
      'CF2703',
      'CF2705',
      'CF2707',
      'CF2709',
      'CF2711',
    ]);
    expect(tradingMonths('2026-11-13', calendar)[0]).toBe('CF2611');
  });

  test('the contract months are a setting’s text', () => {
    expect(contractMonthsOf('1,3,5,7,9,11')).toEqual([1, 3, 5, 7, 9, 11]);
    expect(contractMonthsOf('11, 1')).toEqual([1, 11]);
    expect(contractMonthsOf('1,13')).toBeUndefined();
    expect(contractMonthsOf('1,1')).toBeUndefined();
    expect(contractMonthsOf('')).toBeUndefined();
  });
});

describe('rolls and deadlines', () => {
  test('a roll goes to a later month', () => {
    expect(rollMonthsProblem(month('CF2705'), month('CF2709'))).toBeUndefined();
    expect(rollMonthsProblem(month('CF2705'), month('CF2703'))?.code).toBe('exchange.rollNotLater');
    expect(rollMonthsProblem(month('CF2705'), month('CF2705'))?.code).toBe('exchange.rollNotLater');
  });

  test('a fixing deadline is on or before the month’s last trading day', () => {
    expect(fixingDeadlineProblem('2027-05-19', month('CF2705'), calendar)).toBeUndefined();
    expect(fixingDeadlineProblem('2027-05-20', month('CF2705'), calendar)).toMatchObject({
      code: 'exchange.deadlineAfterLastTradingDay',
      message: '点价截止日 2027-05-20 晚于 CF2705 的最后交易日 2027-05-19',
    });
  });
});
