// Contracts: purchases and sales of every kind, their fixings and versions, and upstream orders.
import { defineArea, entries } from '../../framework/resource/area.ts';
import {
  contractAmendment,
  contractFixing,
  contractSepComb,
  contractTransfer,
  transactionContract,
  upstreamOrder,
} from './resources.ts';

export {
  contractAmendment,
  contractFixing,
  contractSepComb,
  contractTransfer,
  transactionContract,
  upstreamOrder,
};

export const contractsArea = defineArea('contracts', {
  resources: [
    upstreamOrder,
    transactionContract,
    contractFixing,
    contractAmendment,
    contractSepComb,
    contractTransfer,
  ],
  dictionaries: {
    sepCombOperation: entries([
      ['split', { i18n: 'contracts:sepCombOperation.split' }],
      ['combine', { i18n: 'contracts:sepCombOperation.combine' }],
    ]),
    transferState: entries([
      ['submitted', { i18n: 'state.submitted' }],
      ['approved', { i18n: 'state.approved' }],
      ['rejected', { i18n: 'state.rejected' }],
    ]),
    sepCombRole: entries([
      ['source', { i18n: 'contracts:sepCombRole.source' }],
      ['result', { i18n: 'contracts:sepCombRole.result' }],
    ]),
  },
});
