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
  /** Σ exchange fee + broker commission of the book and month's trades, and the realised P&L net of them. */
  costs: string;
  netRealisedPnl: string;
  /**
   * The exchange margin the open lots tie up at the price (both sides), at the month's rate on the day
   * (stepping up near delivery), for cash planning; null without a price.
   */
  exchangeMarginRate: string;
  exchangeMargin: string | null;
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
 * MTM of the stock (domain.md §5): ((S + B_mkt + QA) / (1 + r_VAT) − unit cost excl. VAT) × W per batch, S of
 * the valuation month, B_mkt the basis sheet's open-grade quote at the batch's warehouse, QA its quality
 * premium from the premium table, the unit cost its purchase price, freight and warehouse fees excluding VAT.
 * Batches missing one of them are counted, not valued.
 */
export interface InventoryMark {
  /** The nearest priced CF month not before the day's; null when none is priced. */
  month: string | null;
  price: string | null;
  priceDate: string | null;
  valuedBatches: number;
  valuedTonnes: string;
  unvaluedBatches: number;
  /** Null (blank) when no batch is valued. */
  mtm: string | null;
  /** Each batch in stock: its unit cost excluding VAT and its MTM, null (blank) where it has no cost. */
  batches: { batchNo: string; tonnes: string; unitCost: string | null; mtm: string | null }[];
}

export interface PositionsAnswer {
  day: string;
  positions: BookMonthPosition[];
  exposure: MonthExposure[];
  /** The contracts naming no futures month (spot contracts mostly), priced as signed; null when none. */
  withoutMonth: MonthExposure | null;
  /**
   * The house's own cotton still its property (in the warehouse, on its way, sold but not out): its tonnes
   * are its priced physical long. The months, this line and the stock add up to the total.
   */
  stock: MonthExposure;
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
  /** Σ exchange margin of the hedge book's open positions (cash planning); null when none is priced. */
  hedgeExchangeMargin: string | null;
}
