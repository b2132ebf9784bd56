// The storefront's calls, shared by its page and the server: what a platform user (a client's staff) reads
// and does. Nothing here carries a batch's owner, its cost or another client.

const BASE = '/api/platformManagement/storefront';

export const STOREFRONT_PATHS = {
  search: `${BASE}/search`,
  cart: `${BASE}/cart`,
  addToCart: `${BASE}/cart/add`,
  removeFromCart: `${BASE}/cart/remove`,
  request: `${BASE}/request`,
  requests: `${BASE}/requests`,
  help: `${BASE}/help`,
} as const;

/** A published help article as a platform user reads it (markdown). */
export interface HelpArticle {
  id: string;
  title: string;
  body: string;
}

/** The quality indicators a client searches by ranges (`<name>.from`, `<name>.to`). */
export const RANGE_FILTERS = [
  'lengthMm',
  'micronaire',
  'strength',
  'uniformity',
  'premium',
  'tonnes',
  'price',
] as const;
export type RangeFilter = (typeof RANGE_FILTERS)[number];

export const STOREFRONT_SORTS = ['premium', 'price', 'lengthMm', 'strength', 'validUntil'] as const;
export type StorefrontSort = (typeof STOREFRONT_SORTS)[number];

/** A published package as a client sees it. */
export interface Listing {
  id: string;
  packageNo: string;
  name: string;
  priceKind: 'fixed' | 'basis';
  unitPrice: string | null;
  futuresMonth: string | null;
  basis: string | null;
  /** Fixed: the price; basis: the month's latest settlement + basis (null without a settlement). */
  indicativePrice: string | null;
  validUntil: string;
  batchCount: number;
  baleCount: number;
  tonnes: string;
  mainColour: string | null;
  colourShares: string | null;
  micronaireClass: string | null;
  micronaireShares: string | null;
  lengthMm: string | null;
  micronaire: string | null;
  strength: string | null;
  uniformity: string | null;
  premium: string | null;
  cropYears: string | null;
  warehouseNames: string | null;
  /** Held in a cart: by this user until the time given, or by another client (then it cannot be requested). */
  heldByMe: string | null;
  heldByOther: boolean;
}

export interface ListingPage {
  records: Listing[];
  total: number;
  pages: number;
  size: number;
  /** Read by staff checking what clients see: no cart, request or help of their own. */
  preview?: boolean;
}

export interface CartLine {
  packageId: string;
  packageNo: string;
  name: string;
  status: string;
  priceKind: 'fixed' | 'basis';
  unitPrice: string | null;
  futuresMonth: string | null;
  basis: string | null;
  tonnes: string;
  addedAt: string;
  holdUntil: string | null;
}

export interface PurchaseRequest {
  id: string;
  requestNo: string;
  packageNo: string;
  name: string;
  tonnes: string;
  amount: string;
  status: string;
  contractNo: string | null;
  createdAt: string;
  /** Why the desk rejected it, or why it expired. */
  reason: string | null;
  decidedAt: string | null;
}

/** Links opened without login: made by the house (or a client) and read by anyone holding them. */
export const LINK_PATHS = {
  packageLink: `${BASE}/packageLink`,
  batchLink: `${BASE}/batchLink`,
  sharedPackage: `${BASE}/shared/package`,
  sharedBatch: `${BASE}/shared/batch`,
} as const;

/** A package as its share link shows it: prices only where the house shows them to guests. */
export type SharedPackage = Omit<
  Listing,
  'id' | 'indicativePrice' | 'heldByMe' | 'heldByOther' | 'mainColour'
>;

/** A batch's public quality sheet: quality only. */
export interface SharedBatch {
  batchNo: string;
  cropYear: string | null;
  baleCount: number | null;
  colourGrade: string | null;
  colourShares: string | null;
  lengthMm: string | null;
  lengthGrade: string | null;
  micronaire: string | null;
  micronaireClass: string | null;
  strength: string | null;
  strengthGrade: string | null;
  uniformity: string | null;
  uniformityGrade: string | null;
  trashPercent: string | null;
  moistureRegainPercent: string | null;
}
