// Costing: the batch cost statement (its call in api.ts, its screen BatchCostStatement.tsx). It declares no
// resource: its figures are computed on the day from other areas' records. The contract execution reports
// (contractStatements.ts) are read-only resources over views.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { contractStatementsPart } from './contractStatements.ts';
import { reportsPart } from './reports.ts';

export { BATCH_COST_DETAIL_PATH, BATCH_COST_PATH } from './api.ts';

export { purchaseContractStatement, saleContractStatement } from './contractStatements.ts';

export { collectStock, deliveryStatement, purchaseBill, saleInvoicingReport } from './reports.ts';

export const costingArea = defineArea(area, contractStatementsPart, reportsPart);
