// The positions and exposure call of the hedging area (TradeTotal): what the server answers, as the page
// reads it. Amounts are decimal text.

export const POSITIONS_PATH = '/api/hedging/positions';

export interface BookMonthPosition {
  book: 'hedge' | 'speculation';
  month: string;
  longLots: number;
  shortLots: number;
  longAveragePrice: string | null;
  shortAveragePrice: string | null;
  /** The settlement (else last) price the position is valued at, and its day; null without a price. */
  price: string | null;
  priceDate: string | null;
  /** Σ side × (S − P_open) × 5 × lots over the open lots; null without a price. */
  mtm: string | null;
  /** Realised P&L of the lots closed (FIFO). */
  realisedPnl: string;
}

export interface MonthExposure {
  /** A CF month, or '' for inventory (no month) and the total. */
  month: string;
  unpricedSales: string;
  unpricedPurchases: string;
  pricedPhysicalLong: string;
  futuresNetTonnes: string;
  netExposure: string;
  hedgeRatio: string | null;
  /** MTM of the month's unpriced contracts (B − B_mkt) and of its hedge book's futures. */
  unpricedMtm: string | null;
  futuresMtm: string | null;
}

/** The exposure figures of a crop year or a team (domain.md §5), the hedge book's futures only. */
export interface GroupExposure {
  /** The crop year (2026/27) or team; '' for what names none. */
  group: string;
  unpricedSales: string;
  unpricedPurchases: string;
  pricedPhysicalLong: string;
  futuresNetTonnes: string;
  netExposure: string;
  hedgeRatio: string | null;
}

/**
 * MTM of the stock (domain.md §5): (S + B_mkt + QA − unit cost) × W per batch, S of the valuation month, B_mkt
 * the basis sheet's open-grade quote at the batch's warehouse, QA its quality premium from the premium table,
 * unit cost its purchase contract line's price. Batches missing one of them are counted, not valued.
 */
export interface InventoryMark {
  /** The nearest priced CF month not before the day's; null when none is priced. */
  month: string | null;
  price: string | null;
  priceDate: string | null;
  valuedBatches: number;
  valuedTonnes: string;
  unvaluedBatches: number;
  mtm: string | null;
}

export interface PositionsAnswer {
  day: string;
  positions: BookMonthPosition[];
  exposure: MonthExposure[];
  total: MonthExposure;
  inventoryTonnes: string;
  /**
   * By crop year: the contracts' crop year, the stock batches' crop year and the futures by their month's
   * crop year (1 September to 31 August: CF2609 and CF2705 are of 2026/27).
   */
  byCropYear: GroupExposure[];
  /**
   * By team: the contracts by their salesperson's department, the futures by their account's team; the
   * inventory names no team (its row is '').
   */
  byTeam: GroupExposure[];
  inventoryMark: InventoryMark;
}
