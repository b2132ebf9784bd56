// The screens of clients' payments: the list of payments (ClientPaymentApply) and one payment's detail, and
// the approval queue of the submitted ones (ClientPayCheck) with the payment under approval, and the receipt
// printed for a payment received (receiptPrint).
import { type BusinessRoute, printPage, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  {
    ...shell('ClientPaymentApply', '/sales/ClientPaymentApply', 'list', 'clientPayment'),
    detail: 'ClientPaymentApplyDetail',
  },
  shell('ClientPaymentApplyDetail', '/sales/ClientPaymentApply/:id/:name', 'detail', 'clientPayment'),
  {
    ...shell('ClientPayCheck', '/salesManage/ClientPayCheck', 'approval', 'clientPayment'),
    detail: 'ClientPayCheckDetail',
  },
  shell('ClientPayCheckDetail', '/salesManage/ClientPayCheck/:id/:name', 'detail', 'clientPayment'),
  // The receipt (收据) for money received, with the amount in words and the bank reference.
  printPage('receiptPrint', '/pending/receipt', {
    resource: 'clientPayment',
    document: 'receipt',
    templates: 'billTemplate',
    parties: [
      { role: 'print.ourParty', party: 'tenant' },
      { role: 'print.counterparty', party: 'partnerId' },
    ],
    amount: 'amount',
  }),
];
