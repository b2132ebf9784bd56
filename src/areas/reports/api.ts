// The large data screen's figures (/largeDataScreen?fiscalYear=): one call for a fiscal year. Each part is
// null when the user may not read the whole of what it sums (contracts, stock, prices).
export const LARGE_SCREEN_PATH = '/api/reports/largeScreen';

export interface LargeScreenAnswer {
  fiscalYear: number;
  start: string;
  end: string;
  /** Approved contracts signed in the fiscal year, tonnes by month of signing (YYYY-MM, Oct → Sep). */
  contracts: {
    months: string[];
    purchaseTonnes: string[];
    saleTonnes: string[];
    purchaseTotal: string;
    saleTotal: string;
    count: number;
  } | null;
  /** Cotton in the warehouses now, conditioned tonnes by warehouse, largest first. */
  stock: { warehouses: { name: string; tonnes: string }[]; total: string } | null;
  /** The settlement (else last) price of the latest-traded CF months over the fiscal year. */
  prices: { days: string[]; series: { month: string; prices: (string | null)[] }[] } | null;
}
