// Contracts on the server: purchases and sales, their fixings, rolls, supplementary agreements and voids,
// approvals by rule; upstream orders.
import path from 'node:path';
import { contractsArea } from '../../../src/areas/contracts/index.ts';
import type { RoleGrants, ServerArea } from '../../platform/resources/area.ts';
import { CREDIT_HEADROOM, SALES_BASIS } from './crossings.ts';
import { contractsDemo } from './demo.ts';
import { sepCombStorage } from './sepComb.ts';
import { contractsStorage } from './storage.ts';
import { transferStorage } from './transfers.ts';

export { type DraftContract, draftContract, nextContractNo } from './contracts.ts';
export {
  CONTRACT_OPERATION,
  type ContractOperation,
  CREDIT_HEADROOM,
  type CreditHeadroomQuery,
  SALES_BASIS,
  type SalesBasisQuery,
} from './crossings.ts';
export {
  type ContractRollRequest,
  type ContractRollResult,
  FIXING_MADE,
  type FixingMade,
  type FixRequest,
  type FixResult,
  fixContract,
  forceFixAfterDeadline,
  rollContract,
} from './pricing.ts';

const CONTRACT_WORK = ['submit', 'fix', 'amend', 'void', 'execute', 'complete'];
const READ = ['view', 'export'];
const DOCUMENTS = [
  { scope: 'contractFixing', permissions: READ },
  { scope: 'contractAmendment', permissions: READ },
];

/** Traders buy and the sales desk sells; the desk approves what the rule leaves to it, risk the rest. */
const MODEL_GRANTS: RoleGrants = {
  trader: [
    { scope: 'PointPriceContract', permissions: CONTRACT_WORK },
    { scope: 'SpotContract', permissions: CONTRACT_WORK },
    { scope: 'PurchaseRevocationBatch', permissions: ['view', 'void', 'export'] },
    { scope: 'ImmediateApproval', permissions: ['view', 'approve', 'export'] },
    ...DOCUMENTS,
  ],
  sales: [
    { scope: 'SaleContract', permissions: CONTRACT_WORK },
    { scope: 'SaleRevocationBatch', permissions: ['view', 'void', 'export'] },
    { scope: 'ImmediateApproval', permissions: ['view', 'approve', 'export'] },
    ...DOCUMENTS,
  ],
  risk: [
    { scope: 'purContractApproval', permissions: ['view', 'approve', 'approveRisk', 'export'] },
    { scope: 'SaleContractCheck', permissions: ['view', 'approve', 'approveRisk', 'export'] },
    { scope: 'TransactionContract', permissions: READ },
    ...DOCUMENTS,
  ],
  finance: [{ scope: 'TransactionContract', permissions: READ }, ...DOCUMENTS],
};

/**
 * Splitting and combining is the trading desk's; risk and the sales desk read what was done. Whoever amends
 * a contract asks to move it to another salesperson; risk approves.
 */
const OPERATION_GRANTS: RoleGrants = {
  trader: [
    { scope: 'SepComb', permissions: ['view', 'create', 'export'] },
    { scope: 'TransferCheckList', permissions: READ },
  ],
  // Risk approves a contract's move to another salesperson, as it approves the contracts.
  risk: [
    { scope: 'SepComb', permissions: READ },
    { scope: 'TransferCheckList', permissions: ['view', 'approve', 'export'] },
  ],
  sales: [
    { scope: 'SepComb', permissions: READ },
    { scope: 'TransferCheckList', permissions: READ },
  ],
};

export const contracts: ServerArea = {
  key: 'contracts',
  declarations: contractsArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  storage: { ...contractsStorage, contractSepComb: sepCombStorage, contractTransfer: transferStorage },
  grants: { '013_contract_model.sql': MODEL_GRANTS, '029_contract_operations.sql': OPERATION_GRANTS },
  referenceNames: {
    transactionContract: { table: 'transaction_contracts', column: 'contract_no' },
    contractSepComb: { table: 'contract_sep_combs', column: 'operation_no' },
  },
  seed: async (tx, { pending, tenant }) => {
    // A database made before this version lacks the new words of dictionaries it already has.
    if (!pending.includes('013_contract_model.sql')) return;
    const words: [string, string, string][] = [
      ['contractKind', 'provisional', String(tenant.contractTypeZt)],
      ['permissionCode', 'fix', '点价'],
      ['permissionCode', 'amend', '补充协议'],
      ['permissionCode', 'approveRisk', '风控审批'],
      ['billDocument', 'fixingConfirmation', '点价确认书'],
    ];
    for (const [code, value, label] of words)
      await tx.query(
        `insert into dictionary_entries (code, value, label, sort)
         select $1, $2, $3, coalesce(max(sort), 0) + 1 from dictionary_entries where code = $1
         on conflict do nothing`,
        [code, value, label],
      );
  },
  demo: contractsDemo,
  // A sale's approval routing reads the client's credit and the house's sales basis.
  asks: [CREDIT_HEADROOM, SALES_BASIS],
};
