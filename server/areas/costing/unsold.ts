// Unsold stock marked to market (domain-money.md §6.3, UnSaleProfitStatement), not cached: each batch of the
// house's own cotton not yet sold, at the nearest priced CF month's price + its warehouse's market basis + its
// quality premium, out of VAT at the lint rate, against its unit cost excl. VAT (batchCosts.ts, its hedge P&L
// included): (market excl − unit cost) × W (src/domain/profit.ts unsoldMark). Beside it, the hedge lots
// allocated to the inventory still open, marked at their month's price. Market and cost never mix footings.
import Decimal from 'decimal.js';
import type { UnsoldRow } from '../../../src/areas/costing/profitApi.ts';
import { UNSOLD_STATES } from '../../../src/areas/warehouse/index.ts';
import { inventoryValuationMonth, positionSign, toFen, unsoldMark } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { settingOn } from '../../platform/settings.ts';
import { BUSINESS_TIME_ZONE } from '../../platform/time.ts';
import { latestPrice, marketBasis } from '../pricing/index.ts';
import { costBatches } from './batchCosts.ts';

const priceOf = async (db: Queryable, month: string, day: string) => {
  const latest = await latestPrice(db, month, day);
  return latest ? { price: latest.settlementPrice ?? latest.lastPrice, day: latest.tradeDate } : undefined;
};

export async function unsoldStock(
  db: Queryable,
  day: string,
  filters: { warehouseId?: string; batchNo?: string },
) {
  const priced = await db.query<{ month: string }>(
    `select distinct futures_month as month from futures_prices where trade_date <= $1::date`,
    [day],
  );
  const month = inventoryValuationMonth(
    day,
    priced.map((row) => row.month),
  );
  const price = month ? await priceOf(db, month, day) : undefined;
  const vatPercent = await settingOn(db, 'vatLintPercent', day);
  const params: unknown[] = [[...UNSOLD_STATES]];
  const where = [`p.status = any($1::text[])`, `p.conditioned_weight is not null`];
  if (filters.warehouseId) {
    params.push(filters.warehouseId);
    where.push(`p.warehouse_id = $${params.length}::bigint`);
  }
  if (filters.batchNo) {
    params.push(`%${filters.batchNo}%`);
    where.push(`p.batch_no ilike $${params.length}`);
  }
  const own = new Set(
    (await db.query<{ id: string }>(`select id::text from batches where owner_kind = 'own'`)).map(
      (r) => r.id,
    ),
  );
  const stock = (
    await db.query<{
      id: string;
      batchNo: string;
      warehouseId: string | null;
      warehouseName: string | null;
      cropYear: string | null;
      status: string;
      tonnes: string;
      qualityAdjustment: string | null;
    }>(
      `select p.id::text, p.batch_no as "batchNo", p.warehouse_id::text as "warehouseId",
              (select w.name from warehouses w where w.id = p.warehouse_id) as "warehouseName",
              p.crop_year as "cropYear", p.status, p.conditioned_weight::text as tonnes,
              p.quality_premium::text as "qualityAdjustment"
         from batch_premiums p where ${where.join(' and ')} order by p.batch_no`,
      params,
    )
  ).filter((row) => own.has(row.id));
  const costs = new Map(
    (await costBatches(db, day, { scope: 'all', batchNos: stock.map((b) => b.batchNo) })).map((b) => [
      b.inputs.batchNo,
      b.cost,
    ]),
  );
  const bases = new Map<string, string | null>();
  if (month)
    for (const warehouseId of new Set(stock.map((b) => b.warehouseId ?? '')))
      bases.set(
        warehouseId,
        (await marketBasis(db, { month, day, warehouseId: warehouseId || null }))?.basis ?? null,
      );
  const rows = stock.map((batch): UnsoldRow => {
    const cost = costs.get(batch.batchNo) ?? null;
    const basis = bases.get(batch.warehouseId ?? '') ?? null;
    const marketIncluded =
      price && basis !== null && batch.qualityAdjustment !== null
        ? new Decimal(price.price).plus(basis).plus(batch.qualityAdjustment).toFixed(2)
        : null;
    const mark =
      marketIncluded && cost
        ? unsoldMark({ marketIncluded, vatPercent, unitCostExcl: cost.unitCost, tonnes: batch.tonnes })
        : null;
    return {
      batchNo: batch.batchNo,
      warehouseName: batch.warehouseName,
      cropYear: batch.cropYear,
      status: batch.status,
      tonnes: new Decimal(batch.tonnes).toFixed(4),
      qualityAdjustment: batch.qualityAdjustment === null ? null : toFen(batch.qualityAdjustment),
      marketBasis: basis === null ? null : toFen(basis),
      marketIncluded,
      marketExcluded: marketIncluded
        ? toFen(new Decimal(marketIncluded).dividedBy(new Decimal(vatPercent).dividedBy(100).plus(1)))
        : null,
      unitCost: cost ? toFen(cost.unitCost) : null,
      mtm: mark?.mtm ?? null,
    };
  });
  return {
    month: month ?? null,
    price: price ?? null,
    vatPercent,
    rows,
    futuresMtm: await openInventoryHedge(db, day),
  };
}

/** The hedge lots allocated to the inventory still open, each marked at its month's latest price. */
async function openInventoryHedge(db: Queryable, day: string): Promise<string> {
  const open = await db.query<{
    month: string;
    side: 'buy' | 'sell';
    lots: number;
    price: string;
    lotTonnes: string;
  }>(
    `select t.futures_month as month, t.side, least(sum(a.lots), max(o.lots))::int as lots, t.price::text,
            setting_on('futuresLotTonnes', (t.traded_at at time zone '${BUSINESS_TIME_ZONE}')::date) as "lotTonnes"
       from futures_allocations a
       join futures_trades t on t.id = a.trade_id and t.book = 'hedge' and t.effect = 'open'
       join futures_open_lots o on o.trade_id = t.id
      where a.target = 'inventory'
      group by t.id, t.futures_month, t.side, t.price, t.traded_at`,
  );
  let mtm = new Decimal(0);
  for (const lot of open) {
    const price = await priceOf(db, lot.month, day);
    if (!price) continue;
    mtm = mtm.plus(
      new Decimal(price.price)
        .minus(lot.price)
        .times(positionSign(lot.side))
        .times(lot.lots)
        .times(lot.lotTonnes),
    );
  }
  return mtm.toFixed(2);
}
