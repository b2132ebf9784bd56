// Capital on the server: the journal every money event posts to (client payments as they are received and
// reversed, margin movements as they are written, payments out as they are paid), payments out with their
// two-level approval, and the house's bank accounts with their book balance from the journal.
import path from 'node:path';
import { capitalArea } from '../../../src/areas/capital/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { PAYMENT_CHANGED, type PaymentChanged } from '../payments/index.ts';
import { bankTransactionStorage } from './banks.ts';
import { otherInvoiceStorage } from './costInvoices.ts';
import { capitalDemo } from './demo.ts';
import { postClientPayments } from './journal.ts';
import { outgoingPaymentStorage } from './payments.ts';

export { postEntry, reverseEvent } from './journal.ts';

const on = (scope: string, permissions: string[]): RoleGrant => ({ scope, permissions });
const VIEW = (scope: string) => on(scope, ['view', 'export']);
const KEEP = ['view', 'create', 'edit', 'delete', 'export', 'submit'];

/** A client payment received or reversed is posted (or reversed) in the journal in the same transaction. */
const onPayment = async (hook: HookContext, changed: PaymentChanged) => {
  await postClientPayments(hook, changed.contractId);
  return undefined;
};

/** The book balance: the opening balance and the journal's bank lines of the account. */
const bankAccountStorage: ResourceStorage = {
  table: 'bank_accounts',
  unique: ['accountNo'],
  columns: {
    currency: { read: 't.currency' },
    bookBalance: {
      read: `(t.opening_balance + coalesce((select sum(l.debit) - sum(l.credit) from journal_lines l
               where l.bank_account_id = t.id and l.account = 'bank'), 0))`,
    },
  },
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
};

export const capital = defineServerArea({
  key: 'capital',
  declarations: capitalArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  demo: capitalDemo,
  reactions: { [PAYMENT_CHANGED]: onPayment },
  parts: [
    {
      migration: '140_journal.sql',
      storage: { bankAccount: bankAccountStorage },
      referenceNames: { bankAccount: { table: 'bank_accounts', column: 'account_no' } },
      // Finance keeps the house's bank accounts; risk reads them.
      grants: {
        finance: [on('BankerAccount', ['view', 'create', 'edit', 'export', 'disable', 'enable'])],
        risk: [on('BankerAccount', ['view', 'export'])],
      },
    },
    {
      migration: '141_outgoing_payments.sql',
      storage: { outgoingPayment: outgoingPaymentStorage },
      referenceNames: { outgoingPayment: { table: 'outgoing_payments', column: 'payment_no' } },
      // The trading desk applies for goods money to its suppliers, the warehouse for fees; finance applies,
      // checks, approves finally (never its own nor what it checked) and pays.
      grants: {
        finance: [
          on('PurchasePaymentList', [...KEEP, 'confirm', 'void']),
          on('OtherPay', [...KEEP, 'confirm', 'void']),
          on('PayApplyCheck', ['view', 'export', 'approve']),
          on('PayApplyCheckEnd', ['view', 'export', 'approve']),
        ],
        trader: [on('PurchasePaymentList', KEEP)],
        warehouse: [on('OtherPay', KEEP)],
        risk: [on('PurchasePaymentList', ['view', 'export']), on('OtherPay', ['view', 'export'])],
      },
    },
    {
      migration: '142_pay_doc.sql',
      storage: {},
      // Whoever reads a payment prints its voucher (the page needs only view on outgoingPayment).
      grants: {},
    },
    {
      migration: '143_bank_transactions.sql',
      storage: { bankTransaction: bankTransactionStorage },
      // Finance imports and enters the statements and classifies their lines; the sales desk claims its
      // clients' receipts; risk reads them.
      grants: {
        finance: [on('BankDetail', ['view', 'create', 'edit', 'delete', 'export', 'import', 'confirm'])],
        sales: [on('BankDetail', ['view', 'export', 'confirm'])],
        risk: [on('BankDetail', ['view', 'export'])],
      },
    },
    {
      migration: '144_journal_views.sql',
      storage: {
        partnerAccount: { table: 'partner_accounts', clientScope: 'partner_id' },
        partnerAccountLine: { table: 'partner_account_lines', clientScope: 'partner_id' },
        bankJournalDay: { table: 'bank_journal_days' },
      },
      // Finance and risk read every account; the desks their own clients' (the client scope).
      grants: {
        finance: [VIEW('PartnerAccount'), VIEW('PartnerAccountDetail'), VIEW('BankerRecordDetail')],
        risk: [VIEW('PartnerAccount'), VIEW('PartnerAccountDetail'), VIEW('BankerRecordDetail')],
        sales: [VIEW('PartnerAccount'), VIEW('PartnerAccountDetail')],
        trader: [VIEW('PartnerAccount'), VIEW('PartnerAccountDetail')],
      },
    },
    {
      migration: '231_bank_matches.sql',
      storage: {},
      // Matching is the claim's right (confirm on BankDetail): finance and the sales desk match what they claim.
      grants: {},
    },
    {
      migration: '232_other_invoices.sql',
      storage: {
        otherInvoice: otherInvoiceStorage,
        batchStorageFee: { table: 'storage_fee_batches', clientScope: { names: 'array[t.payee_id]' } },
        packageStorageFee: { table: 'storage_fee_packages' },
      },
      referenceNames: { otherInvoice: { table: 'other_invoices', column: 'invoice_no' } },
      // Finance registers, verifies, matches and deducts cost invoices and pays a package's storage bill;
      // the warehouse desk registers its warehouses' invoices; both read storage per batch and package.
      grants: {
        finance: [
          on('OtherInvoice', ['view', 'create', 'edit', 'delete', 'export', 'confirm']),
          on('OtherInvoiceDetail', ['view', 'create', 'edit', 'delete', 'export', 'confirm']),
          on('ResourcePackageStoragePayment', [...KEEP, 'confirm', 'void']),
          VIEW('ResourceStorageFee'),
          VIEW('PackageRealStoragefee'),
        ],
        warehouse: [
          on('OtherInvoice', ['view', 'create', 'edit', 'export']),
          VIEW('ResourceStorageFee'),
          VIEW('PackageRealStoragefee'),
        ],
        risk: [VIEW('OtherInvoice'), VIEW('ResourceStorageFee'), VIEW('PackageRealStoragefee')],
        trader: [VIEW('ResourceStorageFee'), VIEW('PackageRealStoragefee')],
      },
    },
  ],
});
