// How a route of the spec's map is written: its record, and the helpers the areas and the map of planned
// routes write them with.

import type { Label, UrlPrefix } from '../../framework/resource/types.ts';
import type { RouteRecord } from './catalogue.ts';

/** Which shared page renders the route. */
export type PageKind = 'list' | 'detail' | 'approval' | 'report' | 'print' | 'page';

export interface BusinessRoute extends RouteRecord {
  /**
   * The URL prefix (first path segment of the shell routes); the server seeds menus per prefix. Absent for a
   * bare page outside the spec's prefixes (the large data screen).
   */
  prefix?: UrlPrefix;
  kind: PageKind;
  /**
   * The business area declaring a built route, set where the areas are composed: its title lives in that
   * area's i18next namespace (`<area>:route.<key>`); a route no area builds yet keeps its title in the shell's.
   */
  namespace?: string;
  /** Key of the resource declaration rendering it; absent while its business area is not built. */
  resource?: string;
  /**
   * Field values that narrow the resource to this screen (e.g. registered receipts only): applied to its
   * list and report, preset and fixed in its create form.
   */
  scope?: Readonly<Record<string, string>>;
  /** A print page: the document it prints and where its templates are kept. */
  print?: PrintRoute;
  /**
   * The detail route (key) a list's rows open, where its resource has several; absent: the resource's
   * detail route in the same area, if any.
   */
  detail?: string;
  /** Views records kept on other screens: whatever its grant says, it gives view and export only. */
  readOnly?: boolean;
}

export interface PrintRoute {
  /**
   * The document (a value of the contractDocument / billDocument dictionaries). Routes printing the same
   * document are variants of it: the tenant config's printVariants names the one its users get.
   */
  document: string;
  templates: 'contractTemplate' | 'billTemplate';
  /** The parties, in the order they sign: the tenant itself or a partner field of the record, by role. */
  parties: readonly PrintParty[];
  /** The amount the document states under its lines, in figures and in Chinese capitals. */
  amount?: string;
}

export interface PrintParty {
  role: Label;
  /** `tenant`, or the key of the record's partner field naming the party. */
  party: string;
}

/** The i18n key of a route's title: in the namespace of the area declaring it, else the shell's. */
export const routeTitleKey = (route: { key: string; namespace?: string }): string =>
  route.namespace ? `${route.namespace}:route.${route.key}` : `route.${route.key}`;

/** The reports whose figures must be recomputed each time their tab is shown (spec 2.11). */
export const UNCACHED_ROUTE_KEYS: ReadonlySet<string> = new Set([
  'VisualChart',
  'UnSaleProfitStatement',
  'ProfitReturn',
]);

const prefixOf = (path: string) => path.split('/')[1] as UrlPrefix;

/** The URL prefixes in header-menu order (spec 2.4–2.12). */
export const URL_PREFIXES: readonly UrlPrefix[] = [
  'pri',
  'pur',
  'pending',
  'speculation',
  'capital',
  'furRiskManage',
  'sales',
  'salesManage',
  'Pcm',
  'SpotReport',
  'FinSett',
  'PurchaseReports',
  'SalesReport',
  'BusiReport',
  'PayInvoice',
  'platformManagement',
];

export function shell(
  key: string,
  path: string,
  kind: PageKind,
  resource?: string,
  scope?: Readonly<Record<string, string>>,
): BusinessRoute {
  return {
    key,
    path,
    layout: 'shell',
    auth: true,
    cache: !UNCACHED_ROUTE_KEYS.has(key),
    // Detail pages are opened from their list, never from a menu.
    hidden: kind === 'detail',
    prefix: prefixOf(path),
    kind,
    // Only a built page is offered in a menu, under its area; the server also drops what it does not serve.
    ...(resource ? { resource, ...(kind === 'detail' ? {} : { menuGroup: prefixOf(path) }) } : {}),
    ...(scope ? { scope } : {}),
  };
}

/**
 * A read-only list of records kept on other screens (batches, receipts, movements, fees), narrowed by
 * `scope`, whose rows open `detail` (a route key).
 */
export function inventoryView(
  key: string,
  path: string,
  resource: string,
  { scope, detail }: { scope?: Readonly<Record<string, string>>; detail?: string } = {},
): BusinessRoute {
  return { ...shell(key, path, 'list', resource, scope), readOnly: true, ...(detail ? { detail } : {}) };
}

export function bare(key: string, path: string, kind: PageKind, prefix: UrlPrefix): BusinessRoute {
  return { key, path, layout: 'bare', auth: false, cache: false, hidden: true, prefix, kind };
}

/** A bare page that shows no resource, its component given by its area (spec 2.2: the large data screen). */
export function page(key: string, path: string): BusinessRoute {
  return { key, path, layout: 'bare', auth: false, cache: false, hidden: true, kind: 'page' };
}

/** A print page (spec 2.2) of a built document: `?id=` names the record, `scope` the records it fits. */
export function printPage(
  key: string,
  path: string,
  print: PrintRoute & { resource: string; scope?: Readonly<Record<string, string>> },
): BusinessRoute {
  const { resource, scope, ...route } = print;
  return { ...bare(key, path, 'print', 'pending'), resource, print: route, ...(scope ? { scope } : {}) };
}
