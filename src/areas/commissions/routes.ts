// The screens of commissions: the commission run (RoyaltyAccounting), the line views of purchasers,
// salespeople and managers, the commission reports (each a scope of the lines), and the targets of the sales
// and purchase desks (SaleTarget, PurTarget), one resource with the side as the screen's scope.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

const LINE = 'commissionLine';

export const routes: readonly BusinessRoute[] = [
  shell('RoyaltyAccounting', '/FinSett/RoyaltyAccounting', 'list', 'commissionRun'),
  shell('PurRoyaltyAccounting', '/FinSett/PurRoyaltyAccounting', 'list', LINE, { role: 'purchaser' }),
  shell('SaleRoyaltyAccounting', '/FinSett/SaleRoyaltyAccounting', 'list', LINE, { role: 'salesperson' }),
  shell('ManageRoyaltyAccounting', '/FinSett/ManageRoyaltyAccounting', 'list', LINE, { role: 'manager' }),
  shell('SelfPurchaseDeductReport', '/FinSett/SelfPurchaseDeductReport', 'report', LINE, {
    role: 'purchaser',
    channel: 'self',
  }),
  shell('SelfSaleDeductReport', '/FinSett/SelfSaleDeductReport', 'report', LINE, {
    role: 'salesperson',
    channel: 'self',
  }),
  shell('SelfB2BDeductReport', '/FinSett/SelfB2BDeductReport', 'report', LINE, {
    role: 'salesperson',
    channel: 'b2b',
  }),
  shell('CommissionSumReport', '/FinSett/CommissionSumReport', 'report', LINE),
  shell('FinancialCommission', '/FinSett/FinancialCommission', 'report', LINE, { role: 'financier' }),
  shell('SaleTarget', '/pur/SaleTarget', 'list', 'commissionTarget', { side: 'sale' }),
  shell('PurTarget', '/pur/PurTarget', 'list', 'commissionTarget', { side: 'purchase' }),
];
