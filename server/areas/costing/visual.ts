// The management charts (VisualChart, C25) of a fiscal year (from October): tonnes bought and sold per month
// by the contracts signed, realised gross profit per month (the profit report's lines, profit.ts), what the
// confirmed settlements charged and what was paid against them per month on each side, and the house's own
// stock by warehouse now. Read live, not cached.
import Decimal from 'decimal.js';
import type { VisualAnswer } from '../../../src/areas/costing/profitApi.ts';
import { STOCK_STATES } from '../../../src/areas/warehouse/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { profitLines } from './profit.ts';

/** The twelve months of a fiscal year, October of the year before first. */
export function fiscalMonths(fiscalYear: number): string[] {
  return Array.from({ length: 12 }, (_, i) => {
    const month = ((9 + i) % 12) + 1;
    const year = month >= 10 ? fiscalYear - 1 : fiscalYear;
    return `${year}-${String(month).padStart(2, '0')}`;
  });
}

export async function visualCharts(db: Queryable, day: string, fiscalYear: number): Promise<VisualAnswer> {
  const months = fiscalMonths(fiscalYear);
  const from = `${fiscalYear - 1}-10-01`;
  const to = `${fiscalYear}-09-30`;
  const perMonth = (rows: { month: string; value: string }[]) => {
    const by = new Map(rows.map((row) => [row.month, row.value]));
    return months.map((month) => new Decimal(by.get(month) ?? 0).toFixed(2));
  };
  const signed = await db.query<{ side: string; month: string; value: string }>(
    `select side, to_char(sign_date, 'YYYY-MM') as month, sum(tonnage)::text as value
       from transaction_contracts
      where status in ('approved', 'executing', 'completed') and sign_date between $1::date and $2::date
      group by side, to_char(sign_date, 'YYYY-MM')`,
    [from, to],
  );
  const settled = await db.query<{ side: string; month: string; total: string; paid: string }>(
    `select side, to_char(settle_date, 'YYYY-MM') as month, sum(total_amount)::text as total,
            sum(paid_amount)::text as paid
       from settlements
      where status = 'confirmed' and settle_date between $1::date and $2::date
      group by side, to_char(settle_date, 'YYYY-MM')`,
    [from, to],
  );
  const { lines } = await profitLines(db, day, { fiscalYear });
  const gp = new Map<string, Decimal>();
  for (const line of lines) gp.set(line.month, (gp.get(line.month) ?? new Decimal(0)).plus(line.grossProfit));
  const stock = await db.query<{ warehouse: string; tonnes: string }>(
    `select coalesce(w.name, '—') as warehouse, sum(b.conditioned_weight)::numeric(16, 3)::text as tonnes
       from batches b left join warehouses w on w.id = b.warehouse_id
      where b.owner_kind = 'own' and b.status = any($1::text[]) and b.conditioned_weight is not null
      group by w.name order by sum(b.conditioned_weight) desc`,
    [[...STOCK_STATES]],
  );
  const side = (name: string, pick: (row: (typeof settled)[number]) => string) =>
    perMonth(
      settled.filter((row) => row.side === name).map((row) => ({ month: row.month, value: pick(row) })),
    );
  return {
    fiscalYear,
    months,
    boughtTonnes: perMonth(signed.filter((row) => row.side === 'purchase')).map((v) =>
      new Decimal(v).toFixed(3),
    ),
    soldTonnes: perMonth(signed.filter((row) => row.side === 'sale')).map((v) => new Decimal(v).toFixed(3)),
    grossProfit: months.map((month) => (gp.get(month) ?? new Decimal(0)).toFixed(2)),
    receivable: side('sale', (row) => row.total),
    collected: side('sale', (row) => row.paid),
    payable: side('purchase', (row) => row.total),
    paid: side('purchase', (row) => row.paid),
    stock,
  };
}
