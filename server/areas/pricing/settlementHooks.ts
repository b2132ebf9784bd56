// The event other areas react to when a day's settlement price of a CF month is saved (entered on the form
// or imported): valuations, margin checks. An area names a reaction to SETTLEMENT_PRICE_SAVED in its
// ServerArea (platform/resources/reactions.ts); pricing emits it inside the transaction that saved the price,
// after its own limit-order fills and forced fixings, so what a reaction writes stands or falls with the
// price. What it answers in words is added to the save's effects and to the import's summary.

/** The event's name. */
export const SETTLEMENT_PRICE_SAVED = 'settlementPriceSaved';

export interface SettlementSaved {
  /** YYYY-MM-DD */
  tradeDate: string;
  /** The market writing (CF2605). */
  futuresMonth: string;
  /** Decimal text. */
  settlementPrice: string;
  /** Entered on the form or imported from the exchange's file. */
  source: 'entered' | 'imported';
  /**
   * An import's preview: the transaction is rolled back afterwards, so what the listener writes there is
   * undone and only what it answers is shown; it must do nothing outside the transaction.
   */
  preview: boolean;
}

/**
 * The event of every price saved, intraday (a last price alone) or with the day's settlement, entered or
 * imported: what watches the market as it moves (the interval warnings) reacts to it. Emitted in the same
 * transaction, before SETTLEMENT_PRICE_SAVED.
 */
export const FUTURES_PRICE_SAVED = 'futuresPriceSaved';

export interface FuturesPriceSaved {
  /** YYYY-MM-DD */
  tradeDate: string;
  /** The market writing (CF2605). */
  futuresMonth: string;
  /** Decimal text. */
  lastPrice: string;
  /** Decimal text, when the row has the day's settlement. */
  settlementPrice: string | null;
  source: 'entered' | 'imported';
  /** As SettlementSaved.preview: rolled back afterwards. */
  preview: boolean;
}
