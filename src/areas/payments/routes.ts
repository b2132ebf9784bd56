// The screens of clients' payments: the list of payments (ClientPaymentApply) and one payment's detail, and
// the approval queue of the submitted ones (ClientPayCheck) with the payment under approval.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

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
];
