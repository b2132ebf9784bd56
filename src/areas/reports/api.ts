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

// The workbench's desk (/index): one call answering, for the user, only the figures their grants reach.
export const DESK_PATH = '/api/reports/desk';

/** How many records a figure lists under its count. */
export const DESK_LIST_SIZE = 5;

export type DeskSectionKey = 'trading' | 'risk' | 'approvals' | 'warehouse';

export type DeskFigureKey =
  | 'exposure'
  | 'fixingsDue'
  | 'clientOrders'
  | 'hedgeOrders'
  | 'bandWarnings'
  | 'largestExposures'
  | 'approval'
  | 'receiptsExpiring'
  | 'batchesInTransit'
  | 'movementsInTransit';

export interface DeskItem {
  id: string;
  /** The record's number or name (a month for the exposure figures). */
  title: string;
  /** A line that is no record, named in words instead (the exposure's stock line): a key of reports. */
  titleKey?: string;
  /** One figure of the record: tonnes, a date, a price. */
  detail: string | null;
}

export interface DeskFigure {
  key: DeskFigureKey;
  /** Records counted (months for the exposure figures). */
  count: number;
  /** Tonnes summed over them, where the figure has one (decimal text). */
  total: string | null;
  /** The route key of the screen behind the figure, and its path (null: no screen the user may open). */
  route: string | null;
  path: string | null;
  /** The first few records. */
  items: DeskItem[];
}

export interface DeskSection {
  key: DeskSectionKey;
  figures: DeskFigure[];
}

export interface DeskAnswer {
  day: string;
  sections: DeskSection[];
  /** API bases (`<area>/<resource>`) of the records read: a change of any of them refreshes the desk. */
  topics: string[];
}
