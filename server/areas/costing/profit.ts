// Realised profit (domain-money.md §6.2, §6.4) from the confirmed sale settlements, read only: each settled
// batch's revenue excl. VAT (its goods line, and the settlement's charges and claims spread over its batches by
// weight, to the fen by the largest remainder; an adjustment's lines go to the batch they name or spread over
// the settlement they adjust), less its batch cost (batchCosts.ts, funded until the day it was settled, its
// hedge P&L included). Grouped by contract, batch, salesperson or month; a group is the sum of its batches and
// a total the sum of the groups. A user bound to their own clients reads only their clients' sales.
import Decimal from 'decimal.js';
import type {
  ProfitFigures,
  ProfitGrouping,
  ProfitLine,
  ProfitQuery,
  ProfitRow,
  ProfitTotals,
} from '../../../src/areas/costing/profitApi.ts';
import {
  fiscalYearOfDay,
  grossProfit,
  perTonne,
  profitOnCollection,
  spreadByWeight,
  toFen,
} from '../../../src/domain/index.ts';
import { clientsOfUser } from '../../platform/access/clients.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { costBatches } from './batchCosts.ts';

interface SettledLine {
  settlementId: string;
  settlementNo: string;
  kind: 'final' | 'adjustment';
  adjustsId: string | null;
  settleDate: string;
  contractId: string;
  contractNo: string;
  partnerId: string;
  partnerName: string;
  salespersonId: string | null;
  salespersonName: string | null;
  team: string | null;
  cropYear: string | null;
  lineKind: string;
  batchNo: string | null;
  weight: string | null;
  amount: string;
  amountExcl: string;
  collected: string;
  settlementTotal: string;
}

export type ProfitFilters = Omit<ProfitQuery, 'report' | 'page_no' | 'size'> & { clientsOf?: string };

async function settledLines(db: Queryable, filters: ProfitFilters): Promise<SettledLine[]> {
  const params: unknown[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  const where = [`s.side = 'sale'`, `s.status = 'confirmed'`];
  if (filters.from) where.push(`s.settle_date >= ${param(filters.from)}::date`);
  if (filters.to) where.push(`s.settle_date <= ${param(filters.to)}::date`);
  if (filters.fiscalYear)
    where.push(
      `s.settle_date between ${param(`${filters.fiscalYear - 1}-10-01`)}::date and ${param(`${filters.fiscalYear}-09-30`)}::date`,
    );
  if (filters.partnerId) where.push(`c.partner_id = ${param(filters.partnerId)}::bigint`);
  if (filters.salespersonId) where.push(`c.salesperson_id = ${param(filters.salespersonId)}::bigint`);
  if (filters.contractNo) where.push(`c.contract_no ilike ${param(`%${filters.contractNo}%`)}`);
  if (filters.clientsOf !== undefined)
    where.push(`c.partner_id in (${clientsOfUser(param(filters.clientsOf))})`);
  return db.query<SettledLine>(
    `select s.id::text as "settlementId", coalesce(s.settlement_no, s.id::text) as "settlementNo", s.kind,
            s.adjusts_id::text as "adjustsId", s.settle_date::text as "settleDate",
            c.id::text as "contractId", c.contract_no as "contractNo", c.partner_id::text as "partnerId",
            p.name as "partnerName", c.salesperson_id::text as "salespersonId", u.rel_name as "salespersonName",
            d.name as team, c.crop_year as "cropYear", l.line_kind as "lineKind", l.batch_no as "batchNo",
            l.weight::text as weight, l.amount::text as amount, l.amount_excl::text as "amountExcl",
            s.paid_amount::text as collected, s.total_amount::text as "settlementTotal"
       from settlement_lines l
       join settlements s on s.id = l.settlement_id
       join transaction_contracts c on c.id = s.contract_id
       join partners p on p.id = c.partner_id
       left join users u on u.id = c.salesperson_id
       left join departments d on d.id = u.department_id
      where ${where.join(' and ')}
      order by s.settle_date, s.id, l.sort, l.id`,
    params,
  );
}

interface BatchSale {
  first: SettledLine;
  settlementNos: Set<string>;
  tonnes: Decimal;
  revenueExcl: Decimal;
  settled: Decimal;
}

/** Each settled batch's revenue (goods + its share of charges and claims), from the settlements' lines. */
function batchSales(lines: readonly SettledLine[]): Map<string, BatchSale> {
  const sales = new Map<string, BatchSale>();
  const goodsOf = new Map<string, SettledLine[]>();
  for (const line of lines)
    if (line.lineKind === 'goods' && line.kind === 'final')
      goodsOf.set(line.settlementId, [...(goodsOf.get(line.settlementId) ?? []), line]);
  const saleOf = (line: SettledLine, batchNo: string) => {
    let sale = sales.get(batchNo);
    if (!sale) {
      sale = {
        first: line,
        settlementNos: new Set(),
        tonnes: new Decimal(0),
        revenueExcl: new Decimal(0),
        settled: new Decimal(0),
      };
      sales.set(batchNo, sale);
    }
    sale.settlementNos.add(line.settlementNo);
    return sale;
  };
  for (const line of lines) {
    if (line.batchNo) {
      const sale = saleOf(line, line.batchNo);
      if (line.lineKind === 'goods' && line.kind === 'final') sale.tonnes = sale.tonnes.plus(line.weight!);
      sale.revenueExcl = sale.revenueExcl.plus(line.amountExcl);
      sale.settled = sale.settled.plus(line.amount);
      continue;
    }
    // A charge or claim naming no batch: spread over the goods of its settlement (or the one it adjusts).
    const goods = goodsOf.get(line.kind === 'adjustment' ? line.adjustsId! : line.settlementId) ?? [];
    if (goods.length === 0) continue;
    const weights = goods.map((g) => g.weight!);
    const excl = spreadByWeight(line.amountExcl, weights);
    const incl = spreadByWeight(line.amount, weights);
    goods.forEach((g, i) => {
      const sale = saleOf(line, g.batchNo!);
      sale.revenueExcl = sale.revenueExcl.plus(excl[i]!);
      sale.settled = sale.settled.plus(incl[i]!);
    });
  }
  return sales;
}

/** Every settled batch the filters reach, with its revenue, cost and GP. */
export async function profitLines(
  db: Queryable,
  day: string,
  filters: ProfitFilters,
): Promise<{ lines: ProfitLine[]; collected: Map<string, { collected: string; settled: string }> }> {
  const settled = await settledLines(db, filters);
  const sales = batchSales(settled);
  // The client's payments per contract: each settlement's paid amount once.
  const collected = new Map<string, { collected: Decimal; settled: Decimal }>();
  const seen = new Set<string>();
  for (const line of settled) {
    if (seen.has(line.settlementId)) continue;
    seen.add(line.settlementId);
    const sum = collected.get(line.contractId) ?? { collected: new Decimal(0), settled: new Decimal(0) };
    collected.set(line.contractId, {
      collected: sum.collected.plus(line.collected),
      settled: sum.settled.plus(line.settlementTotal),
    });
  }
  const batchNos = [...sales.keys()].filter((no) => !filters.batchNo || no.includes(filters.batchNo));
  const soldOn = new Map(batchNos.map((no) => [no, sales.get(no)!.first.settleDate]));
  const costed = new Map(
    (await costBatches(db, day, { scope: 'all', batchNos }, soldOn)).map((b) => [b.inputs.batchNo, b]),
  );
  const lines = batchNos.map((batchNo): ProfitLine => {
    const sale = sales.get(batchNo)!;
    const cost = costed.get(batchNo)?.cost ?? null;
    const revenueExcl = toFen(sale.revenueExcl);
    const gp = cost ? grossProfit({ revenueExcl, cost: cost.cost }) : '0.00';
    const tonnes = sale.tonnes.toFixed(3);
    const line = sale.first;
    return {
      batchNo,
      settlementNos: [...sale.settlementNos],
      settleDate: line.settleDate,
      contractId: line.contractId,
      contractNo: line.contractNo,
      partnerId: line.partnerId,
      partnerName: line.partnerName,
      salespersonId: line.salespersonId,
      salespersonName: line.salespersonName,
      team: line.team,
      // The batch's own crop year, else the contract's.
      cropYear: costed.get(batchNo)?.inputs.cropYear ?? line.cropYear,
      month: line.settleDate.slice(0, 7),
      fiscalYear: fiscalYearOfDay(line.settleDate),
      tonnes,
      revenueExcl,
      settledAmount: toFen(sale.settled),
      costBeforeHedge: cost?.costBeforeHedge ?? '0.00',
      hedgePnl: cost?.hedgePnl ?? '0.00',
      cost: cost?.cost ?? '0.00',
      grossProfit: gp,
      uncosted: cost ? 0 : 1,
      unitCost: cost ? toFen(cost.unitCost) : null,
      gpPerTonne: cost ? perTonne(gp, tonnes) : null,
    };
  });
  return {
    lines,
    collected: new Map(
      [...collected].map(([id, v]) => [
        id,
        { collected: v.collected.toFixed(2), settled: v.settled.toFixed(2) },
      ]),
    ),
  };
}

const ZERO: ProfitFigures = {
  tonnes: '0.000',
  revenueExcl: '0.00',
  settledAmount: '0.00',
  costBeforeHedge: '0.00',
  hedgePnl: '0.00',
  cost: '0.00',
  grossProfit: '0.00',
  uncosted: 0,
};

const plus = (a: string, b: string, places = 2) => new Decimal(a).plus(b).toFixed(places);

function addFigures(sum: ProfitFigures, add: ProfitFigures): ProfitFigures {
  return {
    tonnes: plus(sum.tonnes, add.tonnes, 3),
    revenueExcl: plus(sum.revenueExcl, add.revenueExcl),
    settledAmount: plus(sum.settledAmount, add.settledAmount),
    costBeforeHedge: plus(sum.costBeforeHedge, add.costBeforeHedge),
    hedgePnl: plus(sum.hedgePnl, add.hedgePnl),
    cost: plus(sum.cost, add.cost),
    grossProfit: plus(sum.grossProfit, add.grossProfit),
    uncosted: sum.uncosted + add.uncosted,
  };
}

/** GP per tonne of a group: its GP over the tonnes of its costed batches. */
const costedTonnes = (lines: readonly ProfitLine[]) =>
  lines.filter((l) => l.uncosted === 0).reduce((s, l) => s.plus(l.tonnes), new Decimal(0));

const keyOf: Record<ProfitGrouping, (line: ProfitLine) => string> = {
  contract: (line) => line.contractId,
  batch: (line) => line.batchNo,
  salesperson: (line) => line.salespersonId ?? '',
  month: (line) => `${line.month}|${line.cropYear ?? ''}`,
};

/** The lines of one group of a grouping. */
export const linesOf = (lines: readonly ProfitLine[], grouping: ProfitGrouping, key: string) =>
  lines.filter((line) => keyOf[grouping](line) === key);

/** The rows of a grouping, each the sum of its lines, in the grouping's order. */
export function groupLines(
  lines: readonly ProfitLine[],
  grouping: ProfitGrouping,
  collected: ReadonlyMap<string, { collected: string; settled: string }>,
): ProfitRow[] {
  const groups = new Map<string, ProfitLine[]>();
  for (const line of lines) {
    const key = keyOf[grouping](line);
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  const rows = [...groups].map(([key, own]): ProfitRow => {
    const figures = own.reduce<ProfitFigures>((sum, line) => addFigures(sum, line), ZERO);
    const first = own[0]!;
    const row: ProfitRow = {
      key,
      label: key,
      batches: own.length,
      ...figures,
      gpPerTonne: perTonne(figures.grossProfit, costedTonnes(own).toString()),
    };
    if (grouping === 'contract') {
      const paid = collected.get(first.contractId) ?? { collected: '0.00', settled: '0.00' };
      Object.assign(row, {
        label: first.contractNo,
        contractNo: first.contractNo,
        partnerName: first.partnerName,
        salespersonName: first.salespersonName,
        settleDate: own
          .map((l) => l.settleDate)
          .sort()
          .at(-1),
        collectedAmount: paid.collected,
        profitCollected: profitOnCollection(figures.grossProfit, paid.collected, paid.settled),
      });
    } else if (grouping === 'batch')
      Object.assign(row, {
        label: first.batchNo,
        contractNo: first.contractNo,
        partnerName: first.partnerName,
        cropYear: first.cropYear,
        settleDate: first.settleDate,
      });
    else if (grouping === 'salesperson')
      Object.assign(row, {
        label: first.salespersonName ?? '',
        salespersonName: first.salespersonName,
        team: first.team,
      });
    else
      Object.assign(row, {
        label: key,
        month: first.month,
        cropYear: first.cropYear,
        fiscalYear: first.fiscalYear,
      });
    return row;
  });
  const order: Record<ProfitGrouping, (a: ProfitRow, b: ProfitRow) => number> = {
    contract: (a, b) =>
      (b.settleDate ?? '').localeCompare(a.settleDate ?? '') || a.label.localeCompare(b.label),
    batch: (a, b) => a.label.localeCompare(b.label),
    salesperson: (a, b) => new Decimal(b.grossProfit).comparedTo(a.grossProfit) || a.key.localeCompare(b.key),
    month: (a, b) => b.key.localeCompare(a.key),
  };
  return rows.sort(order[grouping]);
}

/** The totals of rows (or lines): each figure the sum of theirs. */
export function totalsOf(
  rows: readonly (ProfitFigures & Partial<ProfitRow>)[],
  lines: readonly ProfitLine[],
): ProfitTotals {
  const figures = rows.reduce<ProfitFigures>((sum, row) => addFigures(sum, row), ZERO);
  return {
    ...figures,
    batches: lines.length,
    gpPerTonne: perTonne(figures.grossProfit, costedTonnes(lines).toString()),
    collectedAmount: rows.reduce((s, r) => s.plus(r.collectedAmount ?? '0'), new Decimal(0)).toFixed(2),
    profitCollected: rows.reduce((s, r) => s.plus(r.profitCollected ?? '0'), new Decimal(0)).toFixed(2),
  };
}
