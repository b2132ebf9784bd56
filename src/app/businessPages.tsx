// The chunk every business route loads: the shared screens and what areas add to them. It holds no area's
// declarations: the route's area loads with its page (./areas.ts), and an area's screen components load
// under the area's chunk name when first shown, so one area's screen never downloads another's.

import { type ComponentType, lazy, Suspense } from 'react';
import { BusinessRoutePage } from '../framework/screens/BusinessRoutePage.tsx';
import { extendResourceScreens, type ResourceExtensions } from '../framework/screens/extensions.ts';
import { businessRouteByKey } from '../shared/routes/businessRoutes.ts';
import { loadRouteDeclarations } from './areas.ts';

/** An area's screen component, fetched the first time it renders (nothing shows until it has). */
function areaPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per part at module load, so its type is stable
  const Shown = (props: P) => (
    <Suspense fallback={null}>
      <Part {...props} />
    </Suspense>
  );
  return Shown;
}

const access = () => import(/* webpackChunkName: "area-access" */ '../areas/access/RoleGrants.tsx');
const contracts = () =>
  import(/* webpackChunkName: "area-contracts" */ '../areas/contracts/ContractParts.tsx');
const allocations = () => import(/* webpackChunkName: "area-hedging" */ '../areas/hedging/Allocations.tsx');
const positions = () => import(/* webpackChunkName: "area-hedging" */ '../areas/hedging/PositionsPanel.tsx');
const statements = () =>
  import(/* webpackChunkName: "area-hedging" */ '../areas/hedging/StatementScreens.tsx');
const payments = () => import(/* webpackChunkName: "area-payments" */ '../areas/payments/CreditParts.tsx');
const pricing = () => import(/* webpackChunkName: "area-pricing" */ '../areas/pricing/PriceImport.tsx');
const sales = () => import(/* webpackChunkName: "area-sales" */ '../areas/sales/ClientScreens.tsx');
const warehouse = () =>
  import(/* webpackChunkName: "area-warehouse" */ '../areas/warehouse/BatchScreens.tsx');

type Loader<T> = () => Promise<T>;

/**
 * What areas add to a resource's screens, as the loaders of the components: several parts of one slot (a
 * contract's detail shows its credit, fixings and allocations, from three areas) render in order.
 */
type PartLoaders = {
  [Slot in keyof ResourceExtensions]?: Loader<ResourceExtensions[Slot]> | Loader<ResourceExtensions[Slot]>[];
};

/** Several parts shown as one, in order. */
function inOrder(parts: ComponentType<object>[]): ComponentType<object> {
  // biome-ignore lint/correctness/noComponentHookFactories: made once per slot at module load, so its type is stable
  const Parts = (props: object) => parts.map((Part, index) => <Part key={String(index)} {...props} />);
  return Parts;
}

const lazyParts = (loaders: PartLoaders): ResourceExtensions =>
  Object.fromEntries(
    Object.entries(loaders).map(([slot, load]) => {
      // Each part's own props pass through unchanged.
      const parts = [load].flat().map((one) => areaPart(one as Loader<ComponentType<object>>));
      return [slot, parts.length === 1 ? parts[0] : inOrder(parts)];
    }),
  );

const releaseCredit: PartLoaders = {
  detailParts: () => payments().then((m) => m.releaseCredit.detailParts),
  formParts: () => payments().then((m) => m.releaseCredit.formParts),
};

/** Resource key → what areas add to its screens. */
export const AREA_PARTS: Readonly<Record<string, PartLoaders>> = {
  role: {
    linesInput: () => access().then((m) => m.RoleGrantsInput),
    linesView: () => access().then((m) => m.RoleGrantsView),
  },
  batch: {
    listToolbar: () => warehouse().then((m) => m.BaleImportButton),
    detailParts: () => warehouse().then((m) => m.BatchBales),
  },
  client: { detailParts: () => sales().then((m) => m.ClientDataLink) },
  transactionContract: {
    detailParts: [
      () => payments().then((m) => m.saleCredit.detailParts),
      () => contracts().then((m) => m.ContractParts),
      () => allocations().then((m) => m.ContractAllocations),
    ],
    formParts: () => payments().then((m) => m.saleCredit.formParts),
  },
  clientReservation: {
    detailParts: () => payments().then((m) => m.reservationCredit.detailParts),
    formParts: () => payments().then((m) => m.reservationCredit.formParts),
  },
  outboundAppointment: releaseCredit,
  clientPayment: releaseCredit,
  futuresPosition: { listToolbar: () => positions().then((m) => m.PositionsPanel) },
  futuresPrice: { listToolbar: () => pricing().then((m) => m.PriceImportButton) },
  futuresStatement: { listToolbar: () => statements().then((m) => m.StatementImportButton) },
  futuresTrade: { detailParts: () => allocations().then((m) => m.TradeParts) },
  teamPosition: { detailParts: () => statements().then((m) => m.TeamTrades) },
};

for (const [key, loaders] of Object.entries(AREA_PARTS)) extendResourceScreens(key, lazyParts(loaders));

const pages = new Map<string, ComponentType>();

/** The page component of a business route key, the same one every time (kept-alive tabs rely on it). */
export function businessPage(key: string): ComponentType {
  let page = pages.get(key);
  if (!page) {
    const route = businessRouteByKey.get(key);
    if (!route) throw new Error(`Cannot find module for route '${key}'`);
    // biome-ignore lint/correctness/noComponentHookFactories: made once per route key and cached, so a kept-alive tab keeps the same component type
    const Page = () => <BusinessRoutePage route={route} />;
    Page.displayName = `BusinessPage(${key})`;
    page = Page;
    pages.set(key, page);
  }
  return page;
}

/** A business route's page once the declarations it renders are registered. */
export async function loadBusinessPage(key: string): Promise<{ default: ComponentType }> {
  const route = businessRouteByKey.get(key);
  if (route) await loadRouteDeclarations(route);
  return { default: businessPage(key) };
}
