// Contracts: purchases and sales of every kind, their fixings and versions, and upstream orders.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
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

export const contractsArea = defineArea(area, {
  resources: [
    upstreamOrder,
    transactionContract,
    contractFixing,
    contractAmendment,
    contractSepComb,
    contractTransfer,
  ],
});
