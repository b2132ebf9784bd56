// The chunk every business route loads: it registers the declarations of the built areas and renders
// the route's shared screen (or the honest "not available" screen while its area is not built).

import i18next from 'i18next';
import type { ComponentType } from 'react';
import { RoleGrantsInput, RoleGrantsView } from '../areas/access/RoleGrants.tsx';
import { ContractParts } from '../areas/contracts/ContractParts.tsx';
import { ContractAllocations, TradeParts } from '../areas/hedging/Allocations.tsx';
import { PositionsPanel } from '../areas/hedging/PositionsPanel.tsx';
import { StatementImportButton, TeamTrades } from '../areas/hedging/StatementScreens.tsx';
import { ALL_DICTIONARIES, ALL_RESOURCES, AREAS } from '../areas/index.ts';
import { releaseCredit, reservationCredit, saleCredit } from '../areas/payments/CreditParts.tsx';
import { PriceImportButton } from '../areas/pricing/PriceImport.tsx';
import { BaleImportButton, BatchBales } from '../areas/warehouse/BatchScreens.tsx';
import { type ResourceDecl, registerResources } from '../framework/resource/index.ts';
import { BusinessRoutePage } from '../framework/screens/BusinessRoutePage.tsx';
import { registerDictionarySeeds } from '../framework/screens/dictionaryWords.ts';
import { extendResourceScreens } from '../framework/screens/extensions.ts';
import type { ResourceRecord } from '../framework/screens/index.ts';
import { businessRouteByKey } from '../shared/routes/businessRoutes.ts';

registerResources(ALL_RESOURCES);

/** Under a contract: a sale's client credit, its fixings and versions, the trades allocated to it by hand. */
function ContractDetailParts({ decl, record }: { decl: ResourceDecl; record: ResourceRecord }) {
  return (
    <>
      <saleCredit.detailParts decl={decl} record={record} />
      <ContractParts record={record} />
      <ContractAllocations record={record} />
    </>
  );
}

registerDictionarySeeds(ALL_DICTIONARIES);
extendResourceScreens('role', { linesInput: RoleGrantsInput, linesView: RoleGrantsView });
extendResourceScreens('batch', { listToolbar: BaleImportButton, detailParts: BatchBales });
extendResourceScreens('transactionContract', {
  detailParts: ContractDetailParts,
  formParts: saleCredit.formParts,
});
extendResourceScreens('clientReservation', reservationCredit);
extendResourceScreens('outboundAppointment', releaseCredit);
extendResourceScreens('clientPayment', releaseCredit);
extendResourceScreens('futuresPosition', { listToolbar: PositionsPanel });
extendResourceScreens('futuresPrice', { listToolbar: PriceImportButton });
extendResourceScreens('futuresStatement', { listToolbar: StatementImportButton });
extendResourceScreens('futuresTrade', { detailParts: TradeParts });
extendResourceScreens('teamPosition', { detailParts: TeamTrades });

/** The areas' words (their i18next namespaces) load with their pages, never at login. */
export const areaWordsLoaded: Promise<unknown> = i18next.loadNamespaces(AREAS.map((area) => area.key));

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
