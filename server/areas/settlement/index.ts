// Settlement on the server: sale and purchase settlements of delivered cotton (domain-money.md §1, SM-1),
// priced per batch by src/domain/settlement.ts, approved by someone other than their submitter, confirmed with
// the counterparty's signed statement, corrected only by adjustment settlements.
import path from 'node:path';
import { settlementArea } from '../../../src/areas/settlement/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import { settlementDemo } from './demo.ts';
import { invoiceWeightRecordStorage } from './invoiceWeightRecords.ts';
import { invoiceApplicationStorage } from './invoicing.ts';
import { receivedInvoiceStorage } from './receivedInvoices.ts';
import { redFormStorage } from './redInvoices.ts';
import { settlementStorage } from './settlements.ts';
import { taxExport, taxImport } from './taxPlatform.ts';

const on = (scope: string, permissions: string[]): RoleGrant => ({ scope, permissions });
const DESK = ['view', 'create', 'edit', 'delete', 'export', 'submit', 'confirm', 'void'];

export const settlement = defineServerArea({
  key: 'settlement',
  declarations: settlementArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  demo: settlementDemo,
  parts: [
    {
      migration: '120_settlements.sql',
      storage: { settlement: settlementStorage },
      referenceNames: { settlement: { table: 'settlements', column: 'settlement_no' } },
      // The sales desk settles its clients' sales, the trading desk the house's purchases; finance checks
      // both (SaleSettlementCheck, and on PurSettInvoice) and reads them; risk reads them.
      grants: {
        sales: [on('SaleSettlement', DESK)],
        trader: [on('PurSettInvoice', DESK)],
        finance: [
          on('SaleSettlement', ['view', 'export', 'confirm']),
          on('SaleSettlementCheck', ['view', 'approve']),
          on('PurSettInvoice', ['view', 'export', 'approve', 'confirm']),
        ],
        risk: [on('SaleSettlement', ['view', 'export']), on('PurSettInvoice', ['view', 'export'])],
      },
    },
    { migration: '121_statement_print.sql', storage: {}, grants: {} },
    {
      migration: '122_invoice_applications.sql',
      // Issued by hand (issue) or from the tax platform's result file (taxExport, then taxImport).
      storage: {
        invoiceApplication: {
          ...invoiceApplicationStorage,
          commands: { ...invoiceApplicationStorage.commands, taxExport, taxImport },
        },
      },
      referenceNames: { invoiceApplication: { table: 'invoice_applications', column: 'application_no' } },
      // The sales desk applies for its clients' invoices; finance checks them (BillApplyCheck) and issues them.
      grants: {
        sales: [on('ClientBillApply', ['view', 'create', 'edit', 'delete', 'export', 'submit', 'void'])],
        finance: [
          on('ClientBillApply', ['view', 'export', 'confirm']),
          on('BillApplyCheck', ['view', 'approve']),
        ],
        risk: [on('ClientBillApply', ['view', 'export'])],
      },
    },
    {
      migration: '210_red_invoices.sql',
      storage: { redForm: redFormStorage },
      referenceNames: { redForm: { table: 'red_forms', column: 'form_no' } },
      // Finance raises, checks (another person of finance approves), sends and confirms red forms and records
      // the red invoices; the sales desk and risk read them.
      grants: {
        finance: [on('RedInvoice', [...DESK, 'approve'])],
        sales: [on('RedInvoice', ['view', 'export'])],
        risk: [on('RedInvoice', ['view', 'export'])],
      },
    },
    {
      migration: '211_invoice_weight_records.sql',
      storage: { invoiceWeightRecord: invoiceWeightRecordStorage },
      // Finance, the sales and trading desks and risk read the ledger.
      grants: Object.fromEntries(
        ['finance', 'sales', 'trader', 'risk'].map((role) => [
          role,
          [on('InvoiceWeightRecord', ['view', 'export'])],
        ]),
      ),
    },
    {
      migration: '212_received_invoices.sql',
      storage: { receivedInvoice: receivedInvoiceStorage },
      referenceNames: { receivedInvoice: { table: 'received_invoices', column: 'invoice_no' } },
      // The trading desk registers the suppliers' invoices; finance verifies, matches and marks them for
      // deduction; risk reads them.
      grants: {
        trader: [on('SpotInvoice', ['view', 'create', 'edit', 'delete', 'export', 'void'])],
        finance: [on('SpotInvoice', ['view', 'create', 'edit', 'export', 'approve', 'confirm', 'void'])],
        risk: [on('SpotInvoice', ['view', 'export'])],
      },
    },
    { migration: '213_receipt_invoice_prints.sql', storage: {}, grants: {} },
    { migration: '214_received_in_weight_ledger.sql', storage: {}, grants: {} },
  ],
});
