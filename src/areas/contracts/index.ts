// Contracts: purchases and sales of every kind, their fixings and versions, and upstream orders.
import { defineArea } from '../../framework/resource/area.ts';
import { CONTRACTS_DICTIONARIES } from './dictionaries.ts';
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
  dictionaries: CONTRACTS_DICTIONARIES,
});
