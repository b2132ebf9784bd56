// 进销存 (TurnoverReport, domain-money.md §6.4): per warehouse, crop year and owner, the tonnes and bales held at
// the start of a period, come in and gone out during it, and held at its end: closing = opening + in − out
// (src/domain/profit.ts closingStock). A batch comes in on its first recorded step (its creation) and goes out
// on its step to 'out' (document_history, business days); a batch out with no step recorded left before any
// period. The warehouse is the batch's own (a transfer between warehouses is not split yet).
import Decimal from 'decimal.js';
import type { TurnoverFigures, TurnoverQuery, TurnoverRow } from '../../../src/areas/costing/profitApi.ts';
import { closingStock, stockDays } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { BUSINESS_TIME_ZONE } from '../../platform/time.ts';

interface BatchSpan {
  warehouseId: string | null;
  warehouseName: string | null;
  cropYear: string | null;
  ownerKind: string;
  ownerId: string | null;
  ownerName: string | null;
  tonnes: string;
  bales: number;
  inOn: string | null;
  /** The business day it went out; '' when it went out before any record. */
  outOn: string | null;
}

const ZERO: TurnoverFigures = {
  openingTonnes: '0.000',
  openingBales: 0,
  inTonnes: '0.000',
  inBales: 0,
  outTonnes: '0.000',
  outBales: 0,
  closingTonnes: '0.000',
  closingBales: 0,
};

const add = (a: string, b: string) => new Decimal(a).plus(b).toFixed(3);

function addFigures(sum: TurnoverFigures, part: Omit<TurnoverFigures, 'closingTonnes' | 'closingBales'>) {
  const next = {
    openingTonnes: add(sum.openingTonnes, part.openingTonnes),
    openingBales: sum.openingBales + part.openingBales,
    inTonnes: add(sum.inTonnes, part.inTonnes),
    inBales: sum.inBales + part.inBales,
    outTonnes: add(sum.outTonnes, part.outTonnes),
    outBales: sum.outBales + part.outBales,
  };
  return {
    ...next,
    closingTonnes: closingStock(next.openingTonnes, next.inTonnes, next.outTonnes),
    closingBales: next.openingBales + next.inBales - next.outBales,
  };
}

const daysOf = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

export async function turnover(db: Queryable, query: TurnoverQuery) {
  const params: unknown[] = [];
  const where = ['b.conditioned_weight is not null'];
  if (query.warehouseId) {
    params.push(query.warehouseId);
    where.push(`b.warehouse_id = $${params.length}::bigint`);
  }
  if (query.cropYear) {
    params.push(query.cropYear);
    where.push(`b.crop_year = $${params.length}`);
  }
  const day = (at: string) => `to_char((${at}) at time zone '${BUSINESS_TIME_ZONE}', 'YYYY-MM-DD')`;
  const spans = await db.query<BatchSpan>(
    `select b.warehouse_id::text as "warehouseId", w.name as "warehouseName", b.crop_year as "cropYear",
            b.owner_kind as "ownerKind", b.owner_id::text as "ownerId", p.name as "ownerName",
            b.conditioned_weight::text as tonnes, coalesce(b.bale_count, 0)::int as bales,
            ${day(`(select min(h.at) from document_history h where h.resource_key = 'batch' and h.record_id = b.id::text)`)} as "inOn",
            case when b.status = 'out' then coalesce(${day(
              `(select max(h.at) from document_history h
                 where h.resource_key = 'batch' and h.record_id = b.id::text and h.to_state = 'out')`,
            )}, '') end as "outOn"
       from batches b
       left join warehouses w on w.id = b.warehouse_id
       left join partners p on p.id = b.owner_id
      where ${where.join(' and ')}`,
    params,
  );
  const groups = new Map<
    string,
    { row: Omit<TurnoverRow, keyof TurnoverFigures | 'stockDays'>; figures: TurnoverFigures }
  >();
  for (const span of spans) {
    const came = span.inOn ?? '';
    const left = span.outOn;
    // Held at the start: in before the period and not out before it.
    const opening = came < query.from && (left === null || left >= query.from);
    const cameIn = came >= query.from && came <= query.to;
    const wentOut = left !== null && left !== '' && left >= query.from && left <= query.to;
    if (!opening && !cameIn && !wentOut) continue;
    const key = [span.warehouseId ?? '', span.cropYear ?? '', span.ownerKind, span.ownerId ?? ''].join('|');
    const group = groups.get(key) ?? {
      row: {
        key,
        warehouseId: span.warehouseId,
        warehouseName: span.warehouseName,
        cropYear: span.cropYear,
        ownerKind: span.ownerKind,
        ownerName: span.ownerName,
      },
      figures: ZERO,
    };
    const none = '0';
    group.figures = addFigures(group.figures, {
      openingTonnes: opening ? span.tonnes : none,
      openingBales: opening ? span.bales : 0,
      inTonnes: cameIn ? span.tonnes : none,
      inBales: cameIn ? span.bales : 0,
      outTonnes: wentOut ? span.tonnes : none,
      outBales: wentOut ? span.bales : 0,
    });
    groups.set(key, group);
  }
  const days = daysOf(query.from, query.to);
  const records: TurnoverRow[] = [...groups.values()]
    .map(({ row, figures }) => ({
      ...row,
      ...figures,
      stockDays: stockDays(figures.openingTonnes, figures.closingTonnes, figures.outTonnes, days),
    }))
    .sort((a, b) => a.key.localeCompare(b.key));
  const totals = records.reduce<TurnoverFigures>((sum, row) => addFigures(sum, row), ZERO);
  return {
    records,
    totals: {
      ...totals,
      stockDays: stockDays(totals.openingTonnes, totals.closingTonnes, totals.outTonnes, days),
    },
  };
}
