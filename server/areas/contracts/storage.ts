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
      // The priced part's amount rounded once: Σ Fᵢ·qᵢ (exact) + fixed × (B + QA) (issue 21: fixed × the unit
      // price to the fen showed 1,812,999.60 for fixings worth 1,813,000.00).
      pricedAmount: {
        read: `case when t.fixed_tonnage > 0
                    then round(t.fixed_futures_amount + t.fixed_tonnage * (coalesce(t.basis, 0) + coalesce(t.quality_premium, 0)), 2)
               end`,
      },
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
    clientScope: ofContract('partner_id'),
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
    clientScope: ofContract('partner_id'),
    columns: { contractId: { read: 't.contract_id' }, partnerId: ofContract('partner_id') },
  },
};
