// What each batch cost the house on a day (domain-money.md §6.1), from the records that exist: its purchase
// contract line (the newest in force naming it with a price), the freight of its movements under way or
// arrived, the storage, insurance and supervision fees naming it (confirmed: estimated; settled: the
// warehouse's bill, actual), and interest on the purchase money from the contract's signing to the day at
// the internal funding rate. The rule is src/domain/batchCost.ts; this reads its inputs.
// A fee matched to a received invoice (OtherInvoice, the capital area) takes the invoice's amount and rate
// as its actual. Not yet read: invoices that turn a movement's freight into an actual, fees naming no batch
// (a warehouse's whole bill, to spread by tonne-days). The hedge P&L is the hedge book's realised P&L linked
// to the batch's purchase contract (hedgePnl.ts), shared by the contract's batches by tonnes.
import Decimal from 'decimal.js';
import type {
  BatchCostDetail,
  BatchCostQuery,
  BatchCostRow,
  BatchCostTotals,
} from '../../../src/areas/costing/api.ts';
import { STOCK_STATES } from '../../../src/areas/warehouse/index.ts';
import {
  allocatedHedgePnl,
  type BatchCost,
  batchCost,
  COST_COMPONENTS,
  type CostComponent,
  type CostLine,
  excludingVat,
  fundedDays,
  fundingInterest,
  hedgeBase,
  purchaseAmount,
  toFen,
} from '../../../src/domain/index.ts';
import type { DayCount } from '../../../src/domain/marginInterest.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { settingOn } from '../../platform/settings.ts';
import { type ContractHedge, contractHedges } from './hedgePnl.ts';

/** Contracts whose lines say what the house paid for a batch. */
const PURCHASE_IN_FORCE = ['approved', 'executing', 'completed'];
const FEE_COMPONENTS: Readonly<Record<string, CostComponent>> = {
  storage: 'storage',
  insurance: 'insurance',
  supervision: 'supervision',
};

interface StoredLine {
  source: string;
  amount: string;
  vatPercent: string | null;
  settled?: boolean;
  kind?: string;
  /** The amount and rate of the invoice matched to the fee (OtherInvoice), once matched. */
  actual?: string | null;
  actualVatPercent?: string | null;
}

interface BatchInputs {
  batchNo: string;
  warehouseName: string | null;
  status: string;
  cropYear: string | null;
  tonnes: string;
  contractNo: string | null;
  signDate: string | null;
  price: string | null;
  taxRate: string | null;
  /** Σ of the purchase contract's batch lines, tonnes: the hedge is shared by them. */
  contractTonnes: string | null;
  freight: unknown;
  fees: unknown;
}

/** json_agg as the driver gives it: parsed already (PostgreSQL) or as text (PGlite). */
const storedLines = (value: unknown): StoredLine[] =>
  (typeof value === 'string' ? JSON.parse(value) : (value ?? [])) as StoredLine[];

export interface CostedBatch {
  inputs: BatchInputs;
  lines: CostLine[];
  cost: BatchCost | null;
  funding: BatchCostDetail['funding'];
  /** The hedge linked to the batch's purchase contract and what the batch's share divides by. */
  hedge: (ContractHedge & { base: string }) | null;
}

interface Filters {
  scope?: 'stock' | 'all';
  batchNo?: string;
  batchNos?: readonly string[];
  warehouseId?: string;
}

async function readInputs(db: Queryable, filters: Filters): Promise<BatchInputs[]> {
  const params: unknown[] = [PURCHASE_IN_FORCE];
  const where = ['b.conditioned_weight is not null', `(b.owner_kind = 'own' or p.contract_no is not null)`];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if ((filters.scope ?? 'stock') === 'stock')
    where.push(`b.status = any(${param([...STOCK_STATES])}::text[])`);
  if (filters.batchNo) where.push(`b.batch_no ilike ${param(`%${filters.batchNo}%`)}`);
  if (filters.batchNos) where.push(`b.batch_no = any(${param(filters.batchNos)}::text[])`);
  if (filters.warehouseId) where.push(`b.warehouse_id = ${param(filters.warehouseId)}::bigint`);
  return db.query<BatchInputs>(
    `select b.batch_no as "batchNo", w.name as "warehouseName", b.status, b.crop_year as "cropYear",
            b.conditioned_weight::text as tonnes, p.contract_no as "contractNo", p.sign_date::text as "signDate",
            p.price::text as price, p.tax_rate::text as "taxRate", p.contract_tonnes::text as "contractTonnes",
            (select json_agg(json_build_object('source', m.movement_no, 'amount', m.freight::text,
                                               'vatPercent', m.freight_vat_rate::text) order by m.id)
               from movements m where m.batch_no = b.batch_no and m.freight is not null
                and m.status in ('inTransit', 'arrived')) as freight,
            (select json_agg(json_build_object('source', f.fee_no, 'kind', f.kind, 'amount', f.amount::text,
                                               'vatPercent', f.tax_rate::text, 'settled', f.status = 'settled',
                                               'actual', f.actual_amount::text,
                                               'actualVatPercent', f.actual_tax_rate::text)
                             order by f.id)
               from warehouse_fees f where f.batch_no = b.batch_no and f.amount is not null
                and f.kind in ('storage', 'insurance', 'supervision') and f.status in ('confirmed', 'settled')) as fees
       from batches b
       left join warehouses w on w.id = b.warehouse_id
       left join lateral (
         select c.contract_no, c.sign_date, coalesce(l.unit_price, c.unit_price) as price, coalesce(c.tax_rate, 0) as tax_rate,
                (select sum(x.conditioned_weight) from transaction_contract_lines x where x.contract_id = c.id) as contract_tonnes
           from transaction_contract_lines l join transaction_contracts c on c.id = l.contract_id
          where l.batch_no = b.batch_no and c.side = 'purchase' and c.status = any($1::text[])
            and coalesce(l.unit_price, c.unit_price) is not null
          order by c.sign_date desc, l.id desc limit 1) p on true
      where ${where.join(' and ')}
      order by b.batch_no`,
    params,
  );
}

/** The funding terms in force on the day (versioned settings). */
async function fundingTermsOn(db: Queryable, day: string) {
  return {
    ratePercent: await settingOn(db, 'internalFundingRatePercent', day),
    dayCount: (await settingOn(db, 'internalFundingDayCount', day)) as DayCount,
  };
}

function costOf(
  inputs: BatchInputs,
  day: string,
  terms: { ratePercent: string; dayCount: DayCount },
  freightVat: string,
  hedges: ReadonlyMap<string, ContractHedge>,
): CostedBatch {
  if (inputs.price === null || inputs.contractNo === null)
    return { inputs, lines: [], cost: null, funding: null, hedge: null };
  const linked = hedges.get(inputs.contractNo);
  const hedge = linked
    ? { ...linked, base: hedgeBase(linked.tonnes, inputs.contractTonnes ?? inputs.tonnes) }
    : null;
  const purchase = purchaseAmount(inputs.tonnes, inputs.price);
  const days = fundedDays(inputs.signDate!, day);
  const lines: CostLine[] = [
    {
      component: 'purchase',
      source: inputs.contractNo,
      estimated: { included: purchase, vatPercent: inputs.taxRate ?? '0' },
    },
    ...storedLines(inputs.freight).map(
      (line): CostLine => ({
        component: 'freight',
        source: line.source,
        estimated: { included: line.amount, vatPercent: line.vatPercent ?? freightVat },
      }),
    ),
    ...storedLines(inputs.fees).map((line): CostLine => {
      const amount = { included: line.amount, vatPercent: line.vatPercent ?? '0' };
      // The invoice matched to the fee is its actual; without one, a settled fee's own amount.
      const invoiced = line.actual
        ? { included: line.actual, vatPercent: line.actualVatPercent ?? '0' }
        : null;
      return {
        component: FEE_COMPONENTS[line.kind!]!,
        source: line.source,
        estimated: amount,
        ...(invoiced ? { actual: invoiced } : line.settled ? { actual: amount } : {}),
      };
    }),
    {
      component: 'interest',
      source: inputs.contractNo,
      estimated: {
        included: fundingInterest({ principal: purchase, ...terms, days }),
        vatPercent: null,
      },
    },
  ];
  return {
    inputs,
    lines,
    cost: batchCost({
      tonnes: inputs.tonnes,
      lines,
      hedgePnl: hedge ? allocatedHedgePnl(hedge.pnl, inputs.tonnes, hedge.base) : null,
    }),
    funding: { principal: purchase, from: inputs.signDate!, days, ...terms },
    hedge,
  };
}

/**
 * Every batch the filter names, costed on the day (settings, hedge P&L). A batch sold is funded only up to
 * the day it was sold (`fundedUntil`, when given and earlier).
 */
export async function costBatches(
  db: Queryable,
  day: string,
  filters: Filters,
  fundedUntil?: ReadonlyMap<string, string>,
): Promise<CostedBatch[]> {
  const terms = await fundingTermsOn(db, day);
  const freightVat = await settingOn(db, 'vatFreightPercent', day);
  const inputs = await readInputs(db, filters);
  const hedges = await contractHedges(
    db,
    day,
    inputs.flatMap((batch) => (batch.contractNo ? [batch.contractNo] : [])),
  );
  return inputs.map((batch) => {
    const until = fundedUntil?.get(batch.batchNo);
    return costOf(batch, until && until < day ? until : day, terms, freightVat, hedges);
  });
}

/** The unit cost excl. VAT of each batch named (exact), null where it has none: the stock's MTM reads it. */
export async function unitCostsOn(
  db: Queryable,
  day: string,
  batchNos: readonly string[],
): Promise<Map<string, string | null>> {
  const costed = await costBatches(db, day, { scope: 'all', batchNos });
  return new Map(costed.map((batch) => [batch.inputs.batchNo, batch.cost?.unitCost ?? null]));
}

export function rowOf({ inputs, cost }: CostedBatch): BatchCostRow {
  const components = cost
    ? (Object.fromEntries(
        cost.components.map((c) => [c.component, { estimated: c.estimated, actual: c.actual, cost: c.cost }]),
      ) as BatchCostRow['components'])
    : null;
  return {
    batchNo: inputs.batchNo,
    warehouseName: inputs.warehouseName,
    status: inputs.status,
    cropYear: inputs.cropYear,
    tonnes: new Decimal(inputs.tonnes).toFixed(4),
    purchaseContractNo: inputs.contractNo,
    components,
    costBeforeHedge: cost?.costBeforeHedge ?? null,
    hedgePnl: cost?.hedgePnl ?? null,
    cost: cost?.cost ?? null,
    unitCost: cost ? toFen(cost.unitCost) : null,
    estimatedTotal: cost
      ? cost.components.reduce((sum, c) => sum.plus(c.estimated), new Decimal(0)).toFixed(2)
      : null,
    allActual: cost?.allActual ?? false,
  };
}

const add = (a: string, b: string | null | undefined) => (b ? new Decimal(a).plus(b).toFixed(2) : a);

/** Sums of the rows, each column the sum of its cells (blank cells add nothing). */
export function totalsOf(rows: readonly BatchCostRow[]): BatchCostTotals {
  const zero = '0.00';
  const totals: BatchCostTotals = {
    tonnes: '0.0000',
    costedTonnes: '0.0000',
    components: Object.fromEntries(COST_COMPONENTS.map((c) => [c, zero])) as Record<CostComponent, string>,
    costBeforeHedge: zero,
    hedgePnl: zero,
    cost: zero,
  };
  for (const row of rows) {
    totals.tonnes = new Decimal(totals.tonnes).plus(row.tonnes).toFixed(4);
    if (!row.components) continue;
    totals.costedTonnes = new Decimal(totals.costedTonnes).plus(row.tonnes).toFixed(4);
    for (const c of COST_COMPONENTS) totals.components[c] = add(totals.components[c], row.components[c].cost);
    totals.costBeforeHedge = add(totals.costBeforeHedge, row.costBeforeHedge);
    totals.hedgePnl = add(totals.hedgePnl, row.hedgePnl);
    totals.cost = add(totals.cost, row.cost);
  }
  return totals;
}

/** The lines of one batch's cost as the drill-down shows them. */
export const lineRows = (lines: readonly CostLine[]): BatchCostDetail['lines'] =>
  lines.map((line) => ({
    component: line.component,
    source: line.source,
    estimatedIncluded: line.estimated.included,
    estimatedVatPercent: line.estimated.vatPercent,
    estimatedExcluded: excludingVat(line.estimated),
    actualIncluded: line.actual?.included ?? null,
    actualExcluded: line.actual ? excludingVat(line.actual) : null,
  }));

export type { BatchCostQuery };
