// Storage of the contracts area: upstream orders, contracts with their lines, their fixings and versions.

import { childLines } from '../../platform/resources/lines.ts';
import type { ResourceStorage } from '../../platform/resources/storage.ts';
import { contractStorage } from './contracts.ts';
import { amendCommand, fixCommand, rollCommand } from './pricing.ts';
import { requestTransferCommand } from './transfers.ts';

/** A column of the fixing's or version's contract (read only). */
const ofContract = (column: string) => ({
  read: `(select c.${column} from transaction_contracts c where c.id = t.contract_id)`,
});

export const contractsStorage: Readonly<Record<string, ResourceStorage>> = {
  upstreamOrder: { table: 'upstream_orders', unique: ['orderNo'] },
  transactionContract: {
    table: 'transaction_contracts',
    unique: ['contractNo'],
    clientScope: 'partner_id',
    lines: childLines('transaction_contract_lines', 'contract_id', {
      batchNo: 'batch_no',
      gradeSpec: 'grade_spec',
      conditionedWeight: 'conditioned_weight',
      unitPrice: 'unit_price',
    }),
    columns: {
      pricingParty: { read: 't.pricing_party' },
      pricingState: { read: 't.pricing_state' },
      fixedTonnage: { read: 't.fixed_tonnage' },
      averageFixedPrice: { read: 't.average_fixed_price' },
      approvalLevel: { read: 't.approval_level' },
      approvalReasons: { read: 't.approval_reasons' },
      version: { read: 't.version' },
    },
    ...(contractStorage as Partial<ResourceStorage>),
    commands: {
      fix: fixCommand,
      roll: rollCommand,
      amend: amendCommand,
      requestTransfer: requestTransferCommand,
    } as ResourceStorage['commands'],
  },
  contractFixing: {
    table: 'contract_fixings',
    columns: {
      contractId: { read: 't.contract_id' },
      partnerId: ofContract('partner_id'),
      side: ofContract('side'),
      basis: ofContract('basis'),
      fixedBy: { read: 't.fixed_by' },
      fixedAt: { read: 't.fixed_at' },
    },
  },
  contractAmendment: {
    table: 'contract_amendments',
    columns: { contractId: { read: 't.contract_id' }, partnerId: ofContract('partner_id') },
  },
};
