// What contracts asks the other areas and lets them refuse (platform/resources/crossings.ts): the payments
// area answers a client's credit headroom and the pricing area the house's sales basis, both read when a
// sale is routed for approval; an area holding something open on a contract (a client's waiting price
// order) refuses splitting or combining it.

/** A client's credit headroom before a sale, the sale itself left out; null: no limit set, or no credit kept. */
export const CREDIT_HEADROOM = 'creditHeadroom';

export interface CreditHeadroomQuery {
  partnerId: string;
  day: string;
  /** The contract being decided, left out of what the client already owes. */
  leaving: string;
}

/** The house's sales basis for a sale's month and warehouse on a day; null: the sheet quotes none. */
export const SALES_BASIS = 'salesBasis';

export interface SalesBasisQuery {
  month: string;
  warehouseId: string | null;
  day: string;
}

/** A contract in force about to be split or combined; a guard answers what it holds open on it. */
export const CONTRACT_OPERATION = 'contractOperation';

export interface ContractOperation {
  contractId: string;
}
