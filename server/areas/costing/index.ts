// Costing on the server: each batch's cost on the day (batchCosts.ts, the rule in src/domain/batchCost.ts),
// served to the batch cost statement (calls.ts) and read by the stock's mark-to-market (unitCostsOn).
import path from 'node:path';
import { costingArea } from '../../../src/areas/costing/index.ts';
import { PROFIT_REPORTS } from '../../../src/areas/costing/profitApi.ts';
import { defineServerArea } from '../../platform/resources/area.ts';
import { batchCostCalls } from './calls.ts';
import { costingDemo } from './demo.ts';
import { profitCalls } from './profitCalls.ts';

export { unitCostsOn } from './batchCosts.ts';

const PROFIT = Object.keys(PROFIT_REPORTS);
const VIEW = [{ scope: 'BatchCostStatement', permissions: ['view', 'export'] }];

export const costing = defineServerArea({
  key: 'costing',
  declarations: costingArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  calls: (app, ctx) => {
    batchCostCalls(app, ctx);
    profitCalls(app, ctx);
  },
  demo: costingDemo,
  parts: [
    {
      migration: '180_costing.sql',
      storage: {},
      // Finance keeps the costs; the trading desk prices against them; risk reads them (it holds BusiReport).
      grants: { finance: VIEW, trader: VIEW },
    },
    {
      migration: '181_contract_statements.sql',
      storage: {
        // A purchase names a supplier: a user bound to their clients reads those naming none of the others.
        purchaseContractStatement: {
          table: 'purchase_contract_statements',
          clientScope: { names: 'array[t.partner_id]' },
        },
        // A salesperson bound to their own clients reads only their clients' contracts.
        saleContractStatement: { table: 'sale_contract_statements', clientScope: 'partner_id' },
      },
      // The purchasing desk and finance hold PurchaseReports, the sales desk and finance SalesReport (seed).
      grants: {},
    },
    {
      migration: '240_profit.sql',
      storage: {},
      // Management (admin) and finance read every profit report; the sales desk its clients' (the server
      // binds a salesperson to their own clients), the trading desk the batch view beside the batch cost.
      grants: {
        finance: [...PROFIT, 'UnSaleProfitStatement', 'TurnoverReport', 'VisualChart'].map((scope) => ({
          scope,
          permissions: ['view', 'export'],
        })),
        sales: ['CostAndProft', 'CostAndProftThree', 'ProfitReturn'].map((scope) => ({
          scope,
          permissions: ['view', 'export'],
        })),
        trader: ['CostAndProftTwo', 'UnSaleProfitStatement', 'TurnoverReport'].map((scope) => ({
          scope,
          permissions: ['view', 'export'],
        })),
        risk: [{ scope: 'UnSaleProfitStatement', permissions: ['view', 'export'] }],
        // The stock's turnover: the trading desk, the warehouse and finance.
        warehouse: [{ scope: 'TurnoverReport', permissions: ['view', 'export'] }],
      },
    },
    {
      migration: '241_reports.sql',
      storage: {
        // A salesperson bound to their own clients reads only their clients' deliveries and invoices.
        deliveryStatement: { table: 'delivery_statements', clientScope: 'partner_id' },
        collectStock: { table: 'collect_stocks' },
        saleInvoicingReport: { table: 'sale_invoicing_reports', clientScope: 'partner_id' },
      },
      // Finance reads them all; the sales desk its deliveries, invoices and the stock it may sell (the
      // SalesReport group it already holds gives the last two).
      grants: {
        finance: ['DeliveryStatement', 'CollectStock', 'InvoicingSellReport'].map((scope) => ({
          scope,
          permissions: ['view', 'export'],
        })),
        sales: ['DeliveryStatement', 'CollectStock'].map((scope) => ({
          scope,
          permissions: ['view', 'export'],
        })),
      },
    },
    {
      migration: '242_purchase_bill.sql',
      storage: { purchaseBill: { table: 'purchase_bills', clientScope: { names: 'array[t.partner_id]' } } },
      // Finance keeps the suppliers' accounts (the purchasing desk holds PurchaseReports by its group).
      grants: { finance: [{ scope: 'PurchaseBill', permissions: ['view', 'export'] }] },
    },
  ],
});
