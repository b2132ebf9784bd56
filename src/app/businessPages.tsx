// The chunk every business route loads: the shared screens and what areas add to them. It holds no area's
// declarations: the route's area loads with its page (./areas.ts), and an area's screen components load
// under the area's chunk name when first shown, so one area's screen never downloads another's.

import { type ComponentType, lazy, Suspense } from 'react';
import type { ResourceDecl } from '../framework/resource/index.ts';
import { BusinessRoutePage } from '../framework/screens/BusinessRoutePage.tsx';
import { extendResourceScreens, type ResourceExtensions } from '../framework/screens/extensions.ts';
import type { ResourceRecord } from '../framework/screens/index.ts';
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

type Slot = keyof ResourceExtensions;

/** What an area adds to a resource's screens, each part fetched the first time it renders. */
function areaExtensions(load: () => Promise<ResourceExtensions>, slots: readonly Slot[]): ResourceExtensions {
  // biome-ignore lint/suspicious/noExplicitAny: each slot's own props pass through unchanged
  const part = (slot: Slot) => areaPart<any>(() => load().then((added) => added[slot]!));
  return Object.fromEntries(slots.map((slot) => [slot, part(slot)]));
}

const DETAIL_AND_FORM: readonly Slot[] = ['detailParts', 'formParts'];
const saleCredit = areaExtensions(() => payments().then((m) => m.saleCredit), DETAIL_AND_FORM);
const contractParts = areaExtensions(
  () => contracts().then((m) => ({ detailParts: m.ContractParts })),
  ['detailParts'],
);
const contractAllocations = areaExtensions(
  () => allocations().then((m) => ({ detailParts: m.ContractAllocations })),
  ['detailParts'],
);

const SaleCreditDetail = saleCredit.detailParts!;
const ContractParts = contractParts.detailParts!;
const ContractAllocations = contractAllocations.detailParts!;

/** Under a contract: a sale's client credit, its fixings and versions, the trades allocated to it by hand. */
function ContractDetailParts(props: { decl: ResourceDecl; record: ResourceRecord }) {
  return (
    <>
      <SaleCreditDetail {...props} />
      <ContractParts {...props} />
      <ContractAllocations {...props} />
    </>
  );
}

extendResourceScreens(
  'role',
  areaExtensions(
    () => access().then((m) => ({ linesInput: m.RoleGrantsInput, linesView: m.RoleGrantsView })),
    ['linesInput', 'linesView'],
  ),
);
extendResourceScreens(
  'batch',
  areaExtensions(
    () => warehouse().then((m) => ({ listToolbar: m.BaleImportButton, detailParts: m.BatchBales })),
    ['listToolbar', 'detailParts'],
  ),
);
extendResourceScreens(
  'client',
  areaExtensions(() => sales().then((m) => ({ detailParts: m.ClientDataLink })), ['detailParts']),
);
extendResourceScreens('transactionContract', {
  detailParts: ContractDetailParts,
  formParts: saleCredit.formParts,
});
extendResourceScreens(
  'clientReservation',
  areaExtensions(() => payments().then((m) => m.reservationCredit), DETAIL_AND_FORM),
);
const releaseCredit = areaExtensions(() => payments().then((m) => m.releaseCredit), DETAIL_AND_FORM);
extendResourceScreens('outboundAppointment', releaseCredit);
extendResourceScreens('clientPayment', releaseCredit);
extendResourceScreens(
  'futuresPosition',
  areaExtensions(() => positions().then((m) => ({ listToolbar: m.PositionsPanel })), ['listToolbar']),
);
extendResourceScreens(
  'futuresPrice',
  areaExtensions(() => pricing().then((m) => ({ listToolbar: m.PriceImportButton })), ['listToolbar']),
);
extendResourceScreens(
  'futuresStatement',
  areaExtensions(() => statements().then((m) => ({ listToolbar: m.StatementImportButton })), ['listToolbar']),
);
extendResourceScreens(
  'futuresTrade',
  areaExtensions(() => allocations().then((m) => ({ detailParts: m.TradeParts })), ['detailParts']),
);
extendResourceScreens(
  'teamPosition',
  areaExtensions(() => statements().then((m) => ({ detailParts: m.TeamTrades })), ['detailParts']),
);

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
