// The risk part of the demo company: price bands on two priced months (the contracts' first) — one around the latest price, one
// the latest price has left, with its warning raised and waiting for risk or the desk to acknowledge — and a
// supplier's purchase-contract margin: a payment, an allotment to one of their approved purchase contracts, a
// return, last month's interest accrued, and the desk's application to pay more, waiting for finance.

import Decimal from 'decimal.js';
import { recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { latestPrice } from '../pricing/index.ts';
import { saveAccrualOf } from './purchaseMargin.ts';

const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

async function bandsDemo(
  tx: Queryable,
  today: string,
  now: Date,
  people: { id: string; loginName: string }[],
) {
  const months = await tx.query<{ month: string }>(
    `select p.futures_month as month from futures_prices p where p.trade_date <= $1
      group by p.futures_month
      order by exists (select 1 from transaction_contracts c where c.futures_month = p.futures_month) desc,
               p.futures_month
      limit 2`,
    [today],
  );
  const step = new Decimal(await settingOn(tx, 'intervalWarnStepPerTonne', today));
  for (const [index, { month }] of months.entries()) {
    const latest = await latestPrice(tx, month, today);
    if (!latest) continue;
    const price = new Decimal(latest.settlementPrice ?? latest.lastPrice);
    // The first band holds the price; the second was set below it, so the latest price has crossed its top.
    const [lower, upper] =
      index === 0 ? [price.minus(step), price.plus(step)] : [price.minus(step.times(3)), price.minus(step)];
    const [band] = await tx.query<{ id: string }>(
      `insert into price_bands (futures_month, lower_price, upper_price, last_price, last_trade_date,
                                created_by, created_at, updated_by, updated_at, remark)
       values ($1, $2, $3, $4, $5, $6, $7, $6, $7, $8) returning id::text`,
      [
        month,
        lower.toFixed(2),
        upper.toFixed(2),
        price.toFixed(2),
        latest.tradeDate,
        people[0]!.id,
        now,
        '演示区间',
      ],
    );
    for (const person of people)
      await tx.query('insert into price_band_recipients (band_id, user_id) values ($1, $2)', [
        band!.id,
        person.id,
      ]);
    if (index === 0) continue;
    const [warning] = await tx.query<{ no: string }>(
      `insert into price_band_warnings (band_id, futures_month, trade_date, price, side, lower_price, upper_price,
                                        source, raised_by, raised_at)
       values ($1, $2, $3, $4, 'above', $5, $6, 'entered', $7, $8)
       returning 'YJ' || to_char($3::date, 'YYYYMMDD') || lpad(id::text, 5, '0') as no`,
      [
        band!.id,
        month,
        latest.tradeDate,
        price.toFixed(2),
        lower.toFixed(2),
        upper.toFixed(2),
        people[0]!.id,
        now,
      ],
    );
    await tx.query('update price_band_warnings set warning_no = $2 where band_id = $1', [
      band!.id,
      warning!.no,
    ]);
    for (const person of people)
      await tx.query(
        `insert into messages (user_id, message_type, message, created_at) values ($1, '1000003', $2, $3)`,
        [
          person.id,
          `区间预警 **${warning!.no}**：${month} ${latest.tradeDate} 价格 ${price.toFixed(2)} 突破上限（区间 ${lower.toFixed(2)} – ${upper.toFixed(2)}），请确认`,
          now,
        ],
      );
  }
}

async function marginDemo(hook: HookContext) {
  const { db: tx, today, now } = hook;
  const [contract] = await tx.query<{ id: string; supplierId: string }>(
    `select id::text, partner_id::text as "supplierId" from transaction_contracts
      where side = 'purchase' and status in ('approved', 'executing') order by id limit 1`,
  );
  if (!contract) return;
  const movements: [string, string | null, string, number][] = [
    ['payment', null, '300000', -45],
    ['allot', contract.id, '200000', -40],
    ['return', null, '50000', -20],
  ];
  for (const [kind, contractId, amount, offset] of movements)
    await tx.query(
      `insert into purchase_margin_movements (kind, supplier_id, contract_id, amount, value_date, remark,
                                              created_by, created_at)
       values ($1, $2, $3, $4, $5, '演示', $6, $7)
       returning id`,
      [kind, contract.supplierId, contractId, amount, addDays(today, offset), hook.actor.userId, now],
    );
  await tx.query(
    `update purchase_margin_movements
        set movement_no = 'BZ' || to_char(value_date, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where movement_no is null`,
  );
  // Interest of the first month of the margin, accrued as finance would.
  const from = addDays(today, -45);
  const record = { supplierId: contract.supplierId, periodFrom: from, periodThrough: addDays(from, 29) };
  const [accrual] = await tx.query<{ id: string }>(
    `insert into purchase_margin_interest (supplier_id, period_from, period_through, created_at)
     values ($1, $2, $3, $4) returning id::text`,
    [record.supplierId, record.periodFrom, record.periodThrough, now],
  );
  await saveAccrualOf(hook, accrual!.id, record);
  // The desk applies to pay more margin on the contract: submitted, waiting for finance.
  const [trader] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'trader'`);
  if (!trader) return;
  await tx.query(
    `insert into purchase_margin_applications (apply_no, kind, supplier_id, contract_id, amount, reason, status,
        created_by, created_at)
     values ('BS' || to_char($1::date, 'YYYYMMDD') || '00001', 'payment', $2, $3, '100000.00',
             '合同追加数量，按约定追加保证金', 'submitted', $4, $5)`,
    [today, contract.supplierId, contract.id, trader.id, now],
  );
  await recordHistory(
    tx,
    {
      resourceKey: 'purchaseMarginApplication',
      table: 'purchase_margin_applications',
      keyColumn: 'apply_no',
    },
    [
      {
        no: `BS${today.replaceAll('-', '')}00001`,
        action: 'submit',
        from: 'draft',
        to: 'submitted',
        by: 'trader',
        day: today,
      },
    ],
  );
}

export async function riskDemo(tx: Queryable, { now, today }: DemoContext): Promise<void> {
  const people = await tx.query<{ id: string; loginName: string }>(
    `select id::text, login_name as "loginName" from users where login_name in ('risk', 'trader') order by id`,
  );
  const [finance] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'finance'`);
  if (people.length > 0) await bandsDemo(tx, today, now, people);
  if (finance)
    await marginDemo({
      db: tx,
      actor: { userId: finance.id, loginName: 'finance' },
      now,
      today,
      channel: '',
    });
}
