// The dictionaries of the contracts' declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries, stateEntries } from '../../framework/resource/area.ts';
import { decisionWorkflow } from '../../framework/resource/workflows.ts';

export const CONTRACTS_DICTIONARIES: Dictionaries = {
  sepCombOperation: entries([
    ['split', { i18n: 'contracts:sepCombOperation.split' }],
    ['combine', { i18n: 'contracts:sepCombOperation.combine' }],
  ]),
  toleranceTonnesPrice: entries([
    ['averageFixed', { i18n: 'contracts:toleranceTonnesPrice.averageFixed' }],
    ['settlementDayPrice', { i18n: 'contracts:toleranceTonnesPrice.settlementDayPrice' }],
  ]),
  transferState: stateEntries(decisionWorkflow.states),
  sepCombRole: entries([
    ['source', { i18n: 'contracts:sepCombRole.source' }],
    ['result', { i18n: 'contracts:sepCombRole.result' }],
  ]),
};
