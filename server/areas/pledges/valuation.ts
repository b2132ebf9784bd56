// The day's value of pledged batches (domain-money.md §3.2 rules 1–2): Px = S + B_mkt + QA, S the settlement
// (else last price) of the nearest priced month on or before the day, B_mkt the market basis of the batch's
// warehouse on the sheet in force, QA its quality premium; under lowerOfCostOrMarket the lower of that and its
// unit cost incl. VAT (the costing area's cost excl. VAT, grossed up at the lint rate). A batch that cannot be
// priced is refused in words, never guessed.
import Decimal from 'decimal.js';
import {
  inventoryValuationMonth,
  lineValue,
  type PledgeValuation,
  pledgePrice,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { settingOn } from '../../platform/settings.ts';
import { unitCostsOn } from '../costing/index.ts';
import { latestPrice, marketBasis } from '../pricing/index.ts';

export interface PricedBatch {
  batchNo: string;
  tonnes: string;
  marketBasis: string;
  qualityPremium: string;
  unitCost: string | null;
  price: string;
  value: string;
}

export interface BatchValuation {
  futuresMonth: string;
  settlement: string;
  batches: PricedBatch[];
}

/** Prices the batches named on `day` (in their order); refuses when one cannot be priced. */
export async function valueBatches(
  db: Queryable,
  day: string,
  batchNos: readonly string[],
  valuation: PledgeValuation,
): Promise<BatchValuation> {
  const priced = await db.query<{ month: string }>(
    'select distinct futures_month as month from futures_prices where trade_date <= $1::date',
    [day],
  );
  const month = inventoryValuationMonth(
    day,
    priced.map((row) => row.month),
  );
  const latest = month ? await latestPrice(db, month, day) : undefined;
  if (!month || !latest) throw badRequest(`${day} 没有可用的期货价格，无法对质押物估值，请先录入行情`);
  const settlement = latest.settlementPrice ?? latest.lastPrice;
  const rows = await db.query<{
    batchNo: string;
    warehouseId: string | null;
    tonnes: string | null;
    qualityPremium: string | null;
  }>(
    `select p.batch_no as "batchNo", p.warehouse_id::text as "warehouseId", p.conditioned_weight::text as tonnes,
            p.quality_premium::text as "qualityPremium"
       from batch_premiums p where p.batch_no = any($1::text[])`,
    [[...batchNos]],
  );
  const byNo = new Map(rows.map((row) => [row.batchNo, row]));
  const costs =
    valuation === 'lowerOfCostOrMarket' ? await unitCostsOn(db, day, batchNos) : new Map<string, null>();
  const vat = await settingOn(db, 'vatLintPercent', day);
  const bases = new Map<string, string | undefined>();
  const batches: PricedBatch[] = [];
  for (const batchNo of batchNos) {
    const row = byNo.get(batchNo);
    if (!row) throw badRequest(`批号 ${batchNo} 不存在`);
    if (row.tonnes === null) throw badRequest(`批号 ${batchNo} 没有公定重量，无法估值`);
    if (row.qualityPremium === null) throw badRequest(`批号 ${batchNo} 的品质等级不在升贴水表中，无法估值`);
    const place = row.warehouseId ?? '';
    if (!bases.has(place))
      bases.set(place, (await marketBasis(db, { month, day, warehouseId: row.warehouseId }))?.basis);
    const basis = bases.get(place);
    if (basis === undefined)
      throw badRequest(`${day} 的基差报价没有 ${month} 适用于批号 ${batchNo} 仓库的基差`);
    const excl = costs.get(batchNo) ?? null;
    const unitCost =
      excl === null ? null : new Decimal(excl).times(new Decimal(vat).dividedBy(100).plus(1)).toString();
    const price = pledgePrice(
      { settlement, marketBasis: basis, qualityPremium: row.qualityPremium, unitCost },
      valuation,
    );
    batches.push({
      batchNo,
      tonnes: new Decimal(row.tonnes).toFixed(4),
      marketBasis: basis,
      qualityPremium: row.qualityPremium,
      unitCost: unitCost === null ? null : new Decimal(unitCost).toFixed(2),
      price: new Decimal(price).toFixed(2),
      value: lineValue(row.tonnes, price),
    });
  }
  return { futuresMonth: month, settlement: new Decimal(settlement).toFixed(2), batches };
}
