// The calls of the profit reports (domain-money.md §6.2, §6.4): realised gross profit of the confirmed sale
// settlements, per settled batch, grouped by sale contract (CostAndProft, SpmProfits, ProfitReturn), batch
// (CostAndProftTwo), salesperson (CostAndProftThree) or month and crop year (CostAndProftFour). Every row
// opens the settled batches it sums (the lines call); every total is the sum of the rows.

export const PROFIT_PATH = '/api/costing/profit';
export const PROFIT_LINES_PATH = '/api/costing/profit/lines';

/** The report screens, each its own route and permission. */
export const PROFIT_REPORTS = {
  CostAndProft: 'contract',
  CostAndProftTwo: 'batch',
  CostAndProftThree: 'salesperson',
  CostAndProftFour: 'month',
  SpmProfits: 'contract',
  ProfitReturn: 'contract',
} as const;
export type ProfitReport = keyof typeof PROFIT_REPORTS;
export type ProfitGrouping = (typeof PROFIT_REPORTS)[ProfitReport];

export interface ProfitQuery {
  report: ProfitReport;
  page_no?: number;
  size?: number;
  /** Settlement dates, both ends included (YYYY-MM-DD). */
  from?: string;
  to?: string;
  /** Fiscal year (from 1 October of the year before). */
  fiscalYear?: number;
  partnerId?: string;
  salespersonId?: string;
  contractNo?: string;
  batchNo?: string;
}

/** The figures every row, line and total carries (CNY excl. VAT, tonnes to the kg). */
export interface ProfitFigures {
  tonnes: string;
  /** Σ excl. VAT of the settlement's lines for the batch: goods, and charges and claims spread by weight. */
  revenueExcl: string;
  /** Incl. VAT, what the settlements charged (V + C). */
  settledAmount: string;
  /** Σ cost of the costed batches (domain-money.md §6.1), before and after the hedge P&L. */
  costBeforeHedge: string;
  hedgePnl: string;
  cost: string;
  /** revenue excl. − cost (costed batches only). */
  grossProfit: string;
  /** Batches sold without a cost (no purchase price): no GP is counted for them. */
  uncosted: number;
}

export interface ProfitLine extends ProfitFigures {
  batchNo: string;
  settlementNos: string[];
  settleDate: string;
  contractId: string;
  contractNo: string;
  partnerId: string;
  partnerName: string;
  salespersonId: string | null;
  salespersonName: string | null;
  team: string | null;
  cropYear: string | null;
  month: string;
  fiscalYear: number;
  unitCost: string | null;
  gpPerTonne: string | null;
}

export interface ProfitRow extends ProfitFigures {
  /** The group: a contract id, a batch number, a salesperson id ('' for none), 'YYYY-MM|crop year'. */
  key: string;
  label: string;
  batches: number;
  gpPerTonne: string | null;
  contractNo?: string;
  partnerName?: string;
  salespersonName?: string | null;
  team?: string | null;
  month?: string;
  cropYear?: string | null;
  fiscalYear?: number;
  settleDate?: string;
  /** ProfitReturn: what the client paid on the contract's settlements and the GP on it. */
  collectedAmount?: string;
  profitCollected?: string;
}

export interface ProfitTotals extends ProfitFigures {
  batches: number;
  gpPerTonne: string | null;
  collectedAmount: string;
  profitCollected: string;
}

export interface ProfitAnswer {
  day: string;
  grouping: ProfitGrouping;
  records: ProfitRow[];
  total: number;
  totals: ProfitTotals;
}

export interface ProfitLinesAnswer {
  day: string;
  key: string;
  lines: ProfitLine[];
  totals: ProfitTotals;
}

/** Unsold stock marked to market (UnSaleProfitStatement), on the excl. footing, not cached. */
export const UNSOLD_PATH = '/api/costing/unsold';

export interface UnsoldQuery {
  page_no?: number;
  size?: number;
  warehouseId?: string;
  batchNo?: string;
}

export interface UnsoldRow {
  batchNo: string;
  warehouseName: string | null;
  cropYear: string | null;
  status: string;
  tonnes: string;
  /** Quality premium against the base grade and the warehouse's market basis, CNY/t; null where unknown. */
  qualityAdjustment: string | null;
  marketBasis: string | null;
  /** S + B_mkt + QA, incl. VAT, and out of VAT at the lint rate. */
  marketIncluded: string | null;
  marketExcluded: string | null;
  /** Unit cost excl. VAT to the fen as shown (its hedge P&L included); null without a purchase price. */
  unitCost: string | null;
  /** (market excl − unit cost) × W; null (blank) when either is unknown. */
  mtm: string | null;
}

export interface UnsoldAnswer {
  day: string;
  month: string | null;
  price: string | null;
  priceDate: string | null;
  vatPercent: string;
  records: UnsoldRow[];
  total: number;
  totals: {
    tonnes: string;
    valuedTonnes: string;
    mtm: string;
    /** Hedge lots allocated to the inventory still open, marked at their month's price. */
    futuresMtm: string;
    /** mtm + futures MTM. */
    result: string;
    unvalued: number;
  };
}

/** 进销存 (TurnoverReport): per warehouse, crop year and owner, opening + in − out = closing over a period. */
export const TURNOVER_PATH = '/api/costing/turnover';

export interface TurnoverQuery {
  /** The period, both ends included (YYYY-MM-DD). */
  from: string;
  to: string;
  warehouseId?: string;
  cropYear?: string;
}

export interface TurnoverFigures {
  openingTonnes: string;
  openingBales: number;
  inTonnes: string;
  inBales: number;
  outTonnes: string;
  outBales: number;
  closingTonnes: string;
  closingBales: number;
}

export interface TurnoverRow extends TurnoverFigures {
  key: string;
  warehouseId: string | null;
  warehouseName: string | null;
  cropYear: string | null;
  ownerKind: string;
  ownerName: string | null;
  stockDays: string | null;
}

export interface TurnoverAnswer {
  from: string;
  to: string;
  records: TurnoverRow[];
  totals: TurnoverFigures & { stockDays: string | null };
}

/** The management charts (VisualChart) of a fiscal year, not cached. */
export const VISUAL_PATH = '/api/costing/visual';

export interface VisualAnswer {
  fiscalYear: number;
  /** The twelve months of the fiscal year, October first (YYYY-MM). */
  months: string[];
  /** Per month: tonnes signed bought and sold (contracts in force or performed). */
  boughtTonnes: string[];
  soldTonnes: string[];
  /** Per month: realised gross profit (the profit report's, by settlement month). */
  grossProfit: string[];
  /** Per month: confirmed settlements charged and paid, sale (receivables) and purchase (payables) side. */
  receivable: string[];
  collected: string[];
  payable: string[];
  paid: string[];
  /** The house's own stock by warehouse now, tonnes. */
  stock: { warehouse: string; tonnes: string }[];
}
