// The screens of clients' payments: the list of payments (ClientPaymentApply) and one payment's detail.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('ClientPaymentApply', '/sales/ClientPaymentApply', 'list', 'clientPayment'),
  shell('ClientPaymentApplyDetail', '/sales/ClientPaymentApply/:id/:name', 'detail', 'clientPayment'),
];
