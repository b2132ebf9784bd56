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

export interface PositionsAnswer {
  day: string;
  positions: BookMonthPosition[];
  exposure: MonthExposure[];
  total: MonthExposure;
  inventoryTonnes: string;
}
