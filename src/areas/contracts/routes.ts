// The screens of the contracts area: the spec's routes it renders, each bound to its declaration.
import { type BusinessRoute, printPage, shell } from '../../shared/routes/routeRecords.ts';

const purchaseContract = {
  resource: 'transactionContract',
  scope: { side: 'purchase' },
  document: 'purchase',
  templates: 'contractTemplate',
  parties: [
    { role: { term: 'buyer' }, party: 'tenant' },
    { role: { term: 'seller' }, party: 'partnerId' },
  ],
  amount: 'contractAmount',
} as const;
const salesContract = {
  ...purchaseContract,
  scope: { side: 'sale' },
  document: 'market',
  parties: [
    { role: { term: 'seller' }, party: 'tenant' },
    { role: { term: 'buyer' }, party: 'partnerId' },
  ],
} as const;

const CONTRACT = 'transactionContract';
const PURCHASES = { side: 'purchase' } as const;
const SALES = { side: 'sale' } as const;

export const routes: readonly BusinessRoute[] = [
  printPage('purchasePrint', '/pending/purchasePrint', purchaseContract),
  printPage('purchasePrintSpm', '/pending/purchasePrintSpm', purchaseContract),
  printPage('marketPrint', '/pending/marketPrint', salesContract),
  printPage('marketPrintSpm', '/pending/marketPrintSpm', salesContract),
  printPage('transactionConfirmation', '/pending/transactionConfirmation', {
    resource: 'transactionContract',
    document: 'transactionConfirmation',
    templates: 'billTemplate',
    parties: [
      { role: 'print.ourParty', party: 'tenant' },
      { role: 'print.counterparty', party: 'partnerId' },
    ],
    amount: 'contractAmount',
  }),
  printPage('voidAgreementPrint', '/pending/voidAgreementPrint', {
    resource: 'transactionContract',
    scope: { status: 'voided' },
    document: 'voidAgreement',
    templates: 'contractTemplate',
    parties: [
      { role: 'print.ourParty', party: 'tenant' },
      { role: 'print.counterparty', party: 'partnerId' },
    ],
  }),
  printPage('suppleAgreementPrint', '/pending/suppleAgreementPrint', {
    resource: 'contractAmendment',
    document: 'suppleAgreement',
    templates: 'contractTemplate',
    parties: [
      { role: 'print.ourParty', party: 'tenant' },
      { role: 'print.counterparty', party: 'partnerId' },
    ],
  }),
  printPage('confirmationPrint', '/pending/confirmationPrint', {
    resource: 'contractFixing',
    document: 'fixingConfirmation',
    templates: 'billTemplate',
    parties: [
      { role: 'print.ourParty', party: 'tenant' },
      { role: 'print.counterparty', party: 'partnerId' },
    ],
    amount: 'amount',
  }),
  shell('UpstreamOrder', '/pri/UpstreamOrder', 'list', 'upstreamOrder'),
  shell('TransactionContract', '/pri/TransactionContract', 'list', 'transactionContract'),
  // Purchases (spec 2.5): on basis, at a fixed price, their approvals and voids.
  shell('PointPriceContract', '/pur/PointPriceContract', 'list', CONTRACT, {
    side: 'purchase',
    kind: 'basis',
  }),
  // A detail route opens the records of its scope: a sale never opens on a purchase's detail.
  shell('Contractdetails', '/pur/Contractdetails/:id/:flag/:sp/:name', 'detail', CONTRACT, PURCHASES),
  shell('SpotContract', '/pur/SpotContract', 'list', CONTRACT, { side: 'purchase', kind: 'spot' }),
  shell('SpotContractDetails', '/pur/SpotContractDetails/:id/:name', 'detail', CONTRACT, PURCHASES),
  shell('purContractApproval', '/pur/purContractApproval', 'approval', CONTRACT, { side: 'purchase' }),
  shell('contractApproval', '/pur/purContractApproval/contractApproval/:id', 'detail', CONTRACT, PURCHASES),
  shell(
    'contractApprovalFlag',
    '/pur/purContractApproval/contractApproval/:id/:flag',
    'detail',
    CONTRACT,
    PURCHASES,
  ),
  // Contracts the routing rule leaves to the desk: nothing over the limits, approved at once.
  shell('ImmediateApproval', '/pur/ImmediateApproval', 'approval', CONTRACT, { approvalLevel: 'desk' }),
  shell('PurchaseRevocationBatch', '/pur/PurchaseRevocationBatch', 'list', CONTRACT, {
    side: 'purchase',
    status: 'approved',
  }),
  // Splits and combinations of contracts in force: the operations, each opening its sources and results.
  shell('SepComb', '/pur/SepComb', 'list', 'contractSepComb'),
  shell('SepCombDetail', '/pur/SepCombDetail/:id/:name', 'detail', 'contractSepComb'),
  // Requests to move a contract to another salesperson, approved by risk.
  shell('TransferCheckList', '/pur/TransferCheck/list', 'approval', 'contractTransfer'),
  // Sales (spec 2.9) and their approvals.
  shell('SaleContract', '/sales/SaleContract', 'list', CONTRACT, { side: 'sale' }),
  shell('SaleContractDetail', '/sales/SaleContract/:id/:name', 'detail', CONTRACT, SALES),
  shell('SaleContractCheck', '/salesManage/SaleContractCheck', 'approval', CONTRACT, { side: 'sale' }),
  shell('SaleContractCheckDetail', '/salesManage/SaleContractCheck/:id/:name', 'detail', CONTRACT, SALES),
  shell('SaleRevocationBatch', '/salesManage/SaleRevocationBatch', 'list', CONTRACT, {
    side: 'sale',
    status: 'approved',
  }),
];
