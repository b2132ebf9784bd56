// The screens of the receipts area: the spec's routes it renders, each bound to its declaration.
import { type BusinessRoute, printPage, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  printPage('transferConfirmation', '/pending/transferConfirmation', {
    resource: 'warehouseReceipt',
    scope: { status: 'transferred' },
    document: 'transferConfirmation',
    templates: 'billTemplate',
    parties: [
      { role: 'print.transferor', party: 'tenant' },
      { role: 'print.transferee', party: 'transfereeId' },
    ],
  }),
  shell('Cdzx', '/pri/Cdzx', 'list', 'warehouseReceipt'),
  shell('QmCottonContractBatch', '/pri/QmCottonContractBatch', 'list', 'contractBatch'),
  shell('QmCdBatch', '/pri/QmCdBatch', 'list', 'warehouseReceipt'),
  shell('QmZccd', '/pri/QmZccd', 'list', 'warehouseReceipt', { status: 'registered' }),
  shell('QmGhcd', '/pri/QmGhcd', 'list', 'warehouseReceipt', { status: 'transferred' }),
  shell('QmCdzt', '/pri/QmCdzt', 'report', 'warehouseReceipt'),
];
