// The screens of capital: payments out (goods to suppliers in PurchasePayment, other costs in OtherPay), their
// check (PayApplyCheck) and final approval (PayApplyCheckEnd), their voucher (payDoc), and the house's bank
// accounts (BankerAccount) with their book balances from the journal.
import { type BusinessRoute, printPage, shell } from '../../shared/routes/routeRecords.ts';

const PAYMENT = 'outgoingPayment';

export const routes: readonly BusinessRoute[] = [
  shell('PurchasePaymentList', '/pur/PurchasePayment/list', 'list', PAYMENT, { paymentKind: 'purchase' }),
  shell('PurchasePaymentDetails', '/pur/PurchasePaymentDetails/:id/:name', 'detail', PAYMENT, {
    paymentKind: 'purchase',
  }),
  shell('PaymentDetail', '/pur/PaymentDetail/:id/:name', 'detail', PAYMENT),
  shell('OtherPay', '/capital/OtherPay', 'list', PAYMENT, { paymentKind: 'other' }),
  shell('OtherPayDetail', '/capital/OtherPay/:id/:name', 'detail', PAYMENT, { paymentKind: 'other' }),
  shell('PayApplyCheck', '/capital/PayApplyCheck', 'approval', PAYMENT, { status: 'submitted' }),
  shell('PayApplyCheckEnd', '/capital/PayApplyCheckEnd', 'approval', PAYMENT, { status: 'checked' }),
  shell('BankerAccount', '/capital/BankerAccount', 'list', 'bankAccount'),
  shell('BankDetail', '/capital/BankDetail', 'list', 'bankTransaction'),
  shell('BankerRecordDetail', '/capital/BankerRecordDetail', 'list', 'bankJournalDay'),
  shell('PartnerAccount', '/capital/PartnerAccount', 'list', 'partnerAccount'),
  shell('PartnerAccountDetail', '/capital/PartnerAccountDetail', 'list', 'partnerAccountLine'),
  shell('BankDetailDetail', '/capital/BankDetail/:id/:name', 'detail', 'bankTransaction'),
  // Cost invoices matched to the fee records they bill; storage per batch and per package, estimated against
  // actual; a package's storage bill paid through the payments out.
  { ...shell('OtherInvoice', '/capital/OtherInvoice', 'list', 'otherInvoice'), detail: 'OtherInvoiceDetail' },
  shell('OtherInvoiceDetail', '/capital/OtherInvoiceDetail/:id/:name', 'detail', 'otherInvoice'),
  shell('ResourceStorageFee', '/pur/ResourceStorageFee', 'list', 'batchStorageFee'),
  shell('PackageRealStoragefee', '/pur/PackageRealStoragefee', 'list', 'packageStorageFee'),
  shell('ResourcePackageStoragePayment', '/pur/ResourcePackageStoragePayment', 'list', PAYMENT, {
    paymentKind: 'other',
    purpose: 'storage',
  }),
  // The payment application and voucher, with the payee's account, the amount in words and who approved it.
  printPage('payDoc', '/pending/payDoc', {
    resource: PAYMENT,
    document: 'payDoc',
    templates: 'billTemplate',
    parties: [
      { role: 'print.ourParty', party: 'tenant' },
      { role: 'print.counterparty', party: 'payeeId' },
    ],
    amount: 'amount',
  }),
];
