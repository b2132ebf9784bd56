// The pricing part of the demo company: a month of daily quotes of every CF month trading today (a walk in
// ticks, always within the daily limit; open, high, low, close, volume and open interest as the exchange's
// imported file gives them), today's intraday last price of the near months as the desk enters it, and the sales basis: a retired sheet, the sheet in use, a draft.

import Decimal from 'decimal.js';
import {
  CF_MONTHS,
  dailyLimitBand,
  type ExchangeCalendar,
  futuresMonth,
  monthNotTradedProblem,
  tradingMonthProblem,
  tradingMonths,
} from '../../../src/domain/index.ts';
import { addDays, DemoRandom, insertRows, recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { exchangeCalendarOn } from '../../platform/exchange.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import { contractLink } from './contractLink.ts';
import { latestPrice } from './latestPrice.ts';

const TICK = 5;
const LIMIT_PERCENT = 4;

/**
 * The six nearest CF months trading on a day: by the exchange's calendar when given (the months listed and
 * not past their last trading day, issue 21), else the delivery month until mid-month and the year after.
 */
export function tradedMonths(day: string, calendar?: ExchangeCalendar): string[] {
  if (calendar) return tradingMonths(day, calendar).slice(0, 6);
  const year = Number(day.slice(0, 4));
  const months: string[] = [];
  for (const y of [year, year + 1])
    for (const m of CF_MONTHS) {
      const month = futuresMonth(`CF${String(y % 100).padStart(2, '0')}${String(m).padStart(2, '0')}`, day)!;
      const delivering = y === year && m === Number(day.slice(5, 7));
      if (monthNotTradedProblem(month, day) || (delivering && Number(day.slice(8, 10)) > 14)) continue;
      months.push(month.code);
    }
  return months.slice(0, 6);
}

async function tradingDays(tx: Queryable, from: string, to: string): Promise<string[]> {
  const holidays = new Set(
    (
      await tx.query<{ day: string }>(
        `select to_char(day, 'YYYY-MM-DD') as day from holidays where day between $1::date and $2::date`,
        [from, to],
      )
    ).map((row) => row.day),
  );
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6 && !holidays.has(day)) days.push(day);
  }
  return days;
}

const onTick = (value: Decimal) => value.dividedBy(TICK).round().times(TICK);

/** A price held within a day's limits. */
const within = (band: { lower: string; upper: string }, value: Decimal) =>
  Decimal.min(band.upper, Decimal.max(band.lower, value));

/** A price near `target`, one step from the previous settlement, clamped to the daily limit and 14000–16000. */
function nextPrice(random: DemoRandom, previous: Decimal, target: number): Decimal {
  const drift = (target - previous.toNumber()) / 10;
  const step = onTick(new Decimal(random.around(drift, 70)));
  const band = dailyLimitBand(previous.toString(), String(LIMIT_PERCENT), String(TICK));
  const bounded = Decimal.min(band.upper, Decimal.max(band.lower, previous.plus(step)));
  return Decimal.min(16000, Decimal.max(14000, bounded));
}

async function futuresPrices(tx: Queryable, today: string) {
  const random = new DemoRandom('pricing-futures');
  const [trader] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'trader'`);
  const days = await tradingDays(tx, addDays(today, -31), addDays(today, -1));
  const tradingToday = (await tradingDays(tx, today, today)).length > 0;
  const rows: Record<string, unknown>[] = [];
  const calendar = await exchangeCalendarOn(tx, today);
  const months = tradedMonths(today, calendar);
  months.forEach((month, index) => {
    // A gentle carry between months: the farther month a little dearer, and the farther the thinner traded.
    const target = 14700 + index * 60;
    const depth = Math.max(0.05, 1 - index * 0.3);
    let settlement = onTick(new Decimal(random.around(target, 150)));
    let openInterest = Math.round(random.around(600_000 * depth, 40_000 * depth, 1000));
    for (const day of days) {
      const traded = futuresMonth(month, day)!;
      if (tradingMonthProblem(traded, day, calendar)) continue;
      const next = nextPrice(random, settlement, target);
      const band = dailyLimitBand(settlement.toString(), String(LIMIT_PERCENT), String(TICK));
      const close = within(band, next.plus(onTick(new Decimal(random.around(0, 25)))));
      const open = within(band, settlement.plus(onTick(new Decimal(random.around(0, 30)))));
      // The day's range holds its open, close and settlement, and stays within the limit.
      const high = within(band, Decimal.max(open, close, next).plus(onTick(new Decimal(random.int(0, 40)))));
      const low = within(band, Decimal.min(open, close, next).minus(onTick(new Decimal(random.int(0, 40)))));
      const volume = Math.round(random.around(220_000 * depth, 30_000 * depth, 0));
      openInterest = Math.max(0, openInterest + Math.round(random.around(0, 4000 * depth)));
      rows.push({
        trade_date: day,
        futures_month: month,
        last_price: close.toFixed(2),
        settlement_price: next.toFixed(2),
        open_price: open.toFixed(2),
        high_price: high.toFixed(2),
        low_price: low.toFixed(2),
        close_price: close.toFixed(2),
        volume,
        open_interest: openInterest,
        // The exchange's daily file, imported after the close.
        source: 'imported',
        updated_at: `${day}T15:30:00+08:00`,
        updated_by: trader?.id ?? null,
      });
      settlement = next;
    }
    // Today, before the close: the desk's intraday last price of the near months, nothing else yet.
    if (tradingToday && index < 2 && !tradingMonthProblem(futuresMonth(month, today)!, today, calendar))
      rows.push({
        trade_date: today,
        futures_month: month,
        last_price: within(
          dailyLimitBand(settlement.toString(), String(LIMIT_PERCENT), String(TICK)),
          settlement.plus(onTick(new Decimal(random.around(0, 40)))),
        ).toFixed(2),
        settlement_price: null,
        open_price: null,
        high_price: null,
        low_price: null,
        close_price: null,
        volume: null,
        open_interest: null,
        source: 'entered',
        updated_at: `${today}T10:30:00+08:00`,
        updated_by: trader?.id ?? null,
      });
  });
  await insertRows(
    tx,
    'futures_prices',
    {
      trade_date: 'date',
      futures_month: 'text',
      last_price: 'numeric',
      settlement_price: 'numeric',
      open_price: 'numeric',
      high_price: 'numeric',
      low_price: 'numeric',
      close_price: 'numeric',
      volume: 'integer',
      open_interest: 'integer',
      source: 'text',
      updated_at: 'timestamptz',
      updated_by: 'bigint',
    },
    rows,
  );
}

interface DemoSheet {
  sheet_no: string;
  effective_from: string;
  status: 'draft' | 'active' | 'retired';
  remark: string;
  /** Basis of the open-grade line of the near month; the other lines follow from it. */
  base: number;
}

async function salesBasisSheets(tx: Queryable, today: string) {
  const [admin] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'trader'`);
  const warehouses = await tx.query<{ id: string }>(
    `select id::text from warehouses where kind = 'delivery' order by code limit 2`,
  );
  const months = tradedMonths(today, await exchangeCalendarOn(tx, today)).slice(0, 3);
  const stamp = (day: string) => day.replaceAll('-', '');
  const sheets: DemoSheet[] = [
    {
      sheet_no: `JC${stamp(addDays(today, -45))}`,
      effective_from: addDays(today, -45),
      status: 'retired',
      remark: '上月基差报价',
      base: 950,
    },
    {
      sheet_no: `JC${stamp(addDays(today, -10))}`,
      effective_from: addDays(today, -10),
      status: 'active',
      remark: '本期基差报价',
      base: 900,
    },
    {
      sheet_no: `JC${stamp(addDays(today, 5))}`,
      effective_from: addDays(today, 5),
      status: 'draft',
      remark: '下期基差报价（草稿）',
      base: 850,
    },
  ];
  const inserted = await insertRows<{ id: string }>(
    tx,
    'sales_basis_sheets',
    {
      sheet_no: 'text',
      effective_from: 'date',
      status: 'text',
      remark: 'text',
      published_by: 'bigint',
      published_at: 'timestamptz',
      updated_at: 'timestamptz',
    },
    sheets.map((sheet) => ({
      sheet_no: sheet.sheet_no,
      effective_from: sheet.effective_from,
      status: sheet.status,
      remark: sheet.remark,
      published_by: sheet.status === 'draft' ? null : admin?.id,
      published_at: sheet.status === 'draft' ? null : `${addDays(sheet.effective_from, -1)}T17:00:00+08:00`,
      updated_at: `${addDays(sheet.effective_from, -1)}T17:00:00+08:00`,
    })),
  );
  const lines: Record<string, unknown>[] = [];
  sheets.forEach((sheet, index) => {
    let sort = 0;
    const add = (line: Record<string, unknown>) =>
      lines.push({ sheet_id: inserted[index]!.id, sort: sort++, ...line });
    months.forEach((month, m) => {
      const base = sheet.base + m * 30;
      add({ futures_month: month, basis: base, remark: '各等级通用' });
      add({ futures_month: month, colour_grade: '21', basis: base + 300 });
      add({ futures_month: month, colour_grade: '31', length_grade: 29, basis: base + 250 });
      add({ futures_month: month, colour_grade: '41', basis: base - 400 });
      if (warehouses[0])
        add({ futures_month: month, warehouse_id: warehouses[0].id, basis: base + 100, remark: '该库交货' });
    });
  });
  await insertRows(
    tx,
    'sales_basis_lines',
    {
      sheet_id: 'bigint',
      sort: 'integer',
      futures_month: 'text',
      warehouse_id: 'bigint',
      colour_grade: 'text',
      length_grade: 'integer',
      basis: 'numeric',
      remark: 'text',
    },
    lines,
  );
  await recordHistory(tx, { resourceKey: 'salesBasis', table: 'sales_basis_sheets', keyColumn: 'sheet_no' }, [
    {
      no: sheets[0]!.sheet_no,
      action: 'publish',
      from: 'draft',
      to: 'active',
      by: 'trader',
      day: addDays(sheets[0]!.effective_from, -1),
    },
    {
      no: sheets[1]!.sheet_no,
      action: 'publish',
      from: 'draft',
      to: 'active',
      by: 'trader',
      day: addDays(sheets[1]!.effective_from, -1),
    },
    {
      no: sheets[0]!.sheet_no,
      action: 'retire',
      from: 'active',
      to: 'retired',
      by: 'trader',
      day: addDays(sheets[1]!.effective_from, -1),
      comment: `已由基差表 ${sheets[1]!.sheet_no} 取代`,
    },
  ]);
}

/**
 * Client orders on the demo's contracts priced later that are in force and still open: one filled (a fixing
 * of its contract through the contracts area), two waiting at a limit away from the market, one cancelled.
 */
async function clientOrders(tx: Queryable, now: Date, today: string) {
  const desks = await tx.query<{ id: string; loginName: string }>(
    `select id::text, login_name as "loginName" from users where login_name in ('sales', 'trader')`,
  );
  const desk = new Map(desks.map((user) => [user.loginName, user.id]));
  if (!desk.get('sales') || !desk.get('trader')) return;
  const candidates = await tx.query<{ id: string }>(
    `select id::text from transaction_contracts
      where kind in ('basis', 'deferred') and status in ('approved', 'executing') and futures_month is not null
      order by sign_date desc, transaction_contracts.id limit 8`,
  );
  let placedCount = 0;
  for (const { id } of candidates) {
    const contract = await contractLink.contract(tx, id);
    if (!contract?.futuresMonth || contractLink.orderRefusal(contract)) continue;
    const latest = await latestPrice(tx, contract.futuresMonth, today);
    const open = new Decimal(contract.openTonnage);
    if (!latest || open.lessThan(10)) continue;
    const tonnage = Decimal.min(50, open.dividedBy(4).floor()).toString();
    const buyer = contract.pricingParty === 'buyer';
    // Clients' orders come through the sales desk, suppliers' through the trading desk.
    const placer = buyer ? 'sales' : 'trader';
    const hook = { db: tx, actor: { userId: desk.get(placer)!, loginName: placer }, now, today, channel: '' };
    const away = new Decimal(latest.lastPrice).plus(buyer ? -200 : 200).toFixed(2);
    const order = (fields: Record<string, unknown>) =>
      insertRows<{ id: string }>(
        tx,
        'client_price_orders',
        {
          contract_id: 'bigint',
          partner_id: 'bigint',
          futures_month: 'text',
          pricing_party: 'text',
          kind: 'text',
          tonnage: 'numeric',
          limit_price: 'numeric',
          valid_until: 'date',
          placed_on: 'date',
          placed_at: 'timestamptz',
          placed_by: 'bigint',
          status: 'text',
          reason: 'text',
        },
        [
          {
            contract_id: id,
            partner_id: contract.partnerId,
            futures_month: contract.futuresMonth,
            pricing_party: contract.pricingParty,
            tonnage,
            placed_on: today,
            placed_at: now.toISOString(),
            placed_by: desk.get(placer),
            status: 'pending',
            ...fields,
          },
        ],
      );
    // Two orders a contract at most, four in all: a market order filled at once, limits waiting, one cancelled.
    for (const step of [placedCount, placedCount + 1]) {
      if (step === 0) {
        const [filled] = await order({ kind: 'market', valid_until: today });
        const fixingId = await contractLink.fix(hook, {
          contractId: id,
          tonnage,
          futuresPrice: latest.lastPrice,
          clientOrderId: filled!.id,
          tradeDate: latest.tradeDate,
        });
        await tx.query(
          `update client_price_orders set status = 'filled', filled_price = $2, filled_trade_date = $3,
                  filled_at = $4, fixing_id = $5 where id = $1`,
          [filled!.id, latest.lastPrice, latest.tradeDate, now, fixingId],
        );
        await tx.query(
          `update futures_prices set fixings_made = fixings_made + 1
            where trade_date = $1::date and futures_month = $2`,
          [latest.tradeDate, contract.futuresMonth],
        );
      } else if (step <= 2)
        await order({ kind: 'limit', limit_price: away, valid_until: addDays(today, 14) });
      else if (step === 3)
        await order({
          kind: 'limit',
          limit_price: away,
          valid_until: addDays(today, 7),
          status: 'cancelled',
          reason: '客户撤单',
        });
    }
    placedCount += 2;
    if (placedCount >= 4) break;
  }
  await managerQueues(tx, now, today);
  await tx.query(
    `update client_price_orders set order_no = 'GD' || to_char(placed_on, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where order_no is null`,
  );
}

/**
 * The sales manager's queues: beside a waiting limit order, the same client's order at a limit 8% from the
 * market waits for approval (SpecOrderCheck), and the client asks to cancel the waiting one
 * (ClientOrderRevocation).
 */
async function managerQueues(tx: Queryable, now: Date, today: string) {
  const [waiting] = await tx.query<{ id: string; partyBuys: boolean; price: string; placedBy: string }>(
    `select o.id::text, o.pricing_party = 'buyer' as "partyBuys", p.last_price::text as price,
            o.placed_by::text as "placedBy"
       from client_price_orders o
       join lateral (select last_price from futures_prices f where f.futures_month = o.futures_month
                      order by trade_date desc limit 1) p on true
      where o.status = 'pending' and o.kind = 'limit' order by o.id limit 1`,
  );
  if (!waiting) return;
  const market = new Decimal(waiting.price);
  // 8% from the market, on the 5-yuan tick.
  const limit = market
    .times(waiting.partyBuys ? '0.92' : '1.08')
    .dividedBy(5)
    .floor()
    .times(5);
  const off = limit.minus(market).abs().dividedBy(market).times(100).toDecimalPlaces(2).toFixed(2);
  await tx.query(
    `insert into client_price_orders (contract_id, partner_id, futures_month, pricing_party, kind, tonnage, limit_price,
        valid_until, placed_on, placed_at, placed_by, status, check_reasons)
     select contract_id, partner_id, futures_month, pricing_party, 'limit', least(tonnage, 20), $2, $3, $4, $5,
            placed_by, 'checking', $6
       from client_price_orders where id = $1`,
    [
      waiting.id,
      limit.toFixed(2),
      addDays(today, 14),
      today,
      now.toISOString(),
      `限价 ${limit.toFixed(2)} 偏离最新价 ${market.toFixed(2)} ${off}%，超过 5%`,
    ],
  );
  await tx.query(
    `insert into client_order_revocations (order_id, partner_id, reason, status, requested_by, requested_at)
     select id, partner_id, '客户改在下月合约点价，申请撤销本挂单', 'submitted', placed_by, $2
       from client_price_orders where id = $1`,
    [waiting.id, now.toISOString()],
  );
}

export async function pricingDemo(tx: Queryable, { today, now }: DemoContext): Promise<void> {
  await futuresPrices(tx, today);
  await salesBasisSheets(tx, today);
  await clientOrders(tx, now, today);
}
