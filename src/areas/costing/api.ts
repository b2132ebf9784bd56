// The calls of the costing area's screens: the batch cost statement (BatchCostStatement) and one batch's
// cost build-up, computed on the day asked from the records as they are (src/domain/batchCost.ts).
import type { CostComponent } from '../../domain/batchCost.ts';

export const BATCH_COST_PATH = '/api/costing/batchCost';
export const BATCH_COST_DETAIL_PATH = '/api/costing/batchCost/detail';

/** Which batches the statement lists: those in stock now, or every batch the house bought. */
export type BatchCostScope = 'stock' | 'all';

export interface BatchCostQuery {
  page_no?: number;
  size?: number;
  scope?: BatchCostScope;
  batchNo?: string;
  warehouseId?: string;
  /** 'yes': batches with a cost; 'no': batches the house holds without a purchase price (blank cost). */
  costed?: 'yes' | 'no';
}

/** Cost of one component on one batch, excl. VAT: its estimate, its actual (once invoiced), what counts. */
export interface ComponentFigures {
  estimated: string;
  actual: string | null;
  cost: string;
}

export interface BatchCostRow {
  batchNo: string;
  warehouseName: string | null;
  status: string;
  cropYear: string | null;
  tonnes: string;
  purchaseContractNo: string | null;
  /** Null for a batch without a purchase price: it has no cost (blank). */
  components: Record<CostComponent, ComponentFigures> | null;
  costBeforeHedge: string | null;
  hedgePnl: string | null;
  cost: string | null;
  /** CNY/t excl. VAT, to the fen as shown (the stock's MTM reads it exact). */
  unitCost: string | null;
  estimatedTotal: string | null;
  allActual: boolean;
}

/** Sums of every row the filter matches (not only the page): a total is the sum of its rows. */
export interface BatchCostTotals {
  tonnes: string;
  costedTonnes: string;
  components: Record<CostComponent, string>;
  costBeforeHedge: string;
  hedgePnl: string;
  cost: string;
}

export interface BatchCostAnswer {
  day: string;
  records: BatchCostRow[];
  total: number;
  uncosted: number;
  totals: BatchCostTotals;
}

export interface BatchCostLineRow {
  component: CostComponent;
  source: string;
  estimatedIncluded: string;
  estimatedVatPercent: string | null;
  estimatedExcluded: string;
  actualIncluded: string | null;
  actualExcluded: string | null;
}

export interface BatchCostDetail {
  day: string;
  row: BatchCostRow;
  lines: BatchCostLineRow[];
  /** The funding interest's terms: principal, from, days, rate, day count. */
  funding: { principal: string; from: string; days: number; ratePercent: string; dayCount: string } | null;
  /**
   * The hedge trades linked to the batch's purchase contract (their realised P&L, the tonnes of each linked)
   * and the tonnes the contract's P&L is shared by; null without any.
   */
  hedge: {
    pnl: string;
    tonnes: string;
    base: string;
    trades: {
      tradeNo: string;
      futuresMonth: string;
      side: string;
      effect: string;
      lots: number;
      price: string;
      realisedPnl: string;
      tradeTonnes: string;
      linkedTonnes: string;
      via: 'fixing' | 'allocation';
    }[];
  } | null;
}
