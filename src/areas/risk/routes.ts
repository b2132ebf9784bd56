// The screens of the risk area. IntervalWarn keeps the price bands; the warnings they raise are listed on
// IntervalWarning (no spec route). The purchase-contract margin ledger is one resource shown on several
// screens: payments (PurchaseContractMargin), allotments (…Allot) and returns (…Return) each entered on their
// own screen, every movement read on PurchaseMarginDetail; the balances per contract and per supplier and
// the interest accruals with their pieces are read where the spec's map names them.
import { type BusinessRoute, inventoryView, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('IntervalWarn', '/furRiskManage/IntervalWarn', 'list', 'priceBand'),
  shell('RiskControlReport', '/furRiskManage/RiskControlReport', 'report', 'riskControlRow'),
  shell('IntervalWarning', '/furRiskManage/IntervalWarning', 'list', 'priceWarning'),
  shell('PurchaseContractMargin', '/Pcm/PurchaseContractMargin', 'list', 'purchaseMarginMovement', {
    kind: 'payment',
  }),
  shell('PurchaseContractMarginAllot', '/Pcm/PurchaseContractMarginAllot', 'list', 'purchaseMarginMovement', {
    kind: 'allot',
  }),
  shell(
    'PurchaseContractMarginReturn',
    '/Pcm/PurchaseContractMarginReturn',
    'list',
    'purchaseMarginMovement',
    {
      kind: 'return',
    },
  ),
  inventoryView(
    'PurchaseContractMarginDetail',
    '/Pcm/PurchaseContractMarginDetail',
    'purchaseContractMargin',
  ),
  inventoryView('PurchaseMarginDetail', '/capital/PurchaseMarginDetail', 'purchaseMarginMovement'),
  inventoryView('PurchaseMarginBalance', '/capital/PurchaseMarginBalance', 'purchaseMarginBalance', {
    detail: 'PurchaseMarginBalanceDetail',
  }),
  shell(
    'PurchaseMarginBalanceDetail',
    '/capital/PurchaseMarginBalance/:id/:name',
    'detail',
    'purchaseMarginBalance',
  ),
  shell(
    'PurchaseMarginBalanceApply',
    '/capital/PurchaseMarginBalanceApply',
    'list',
    'purchaseMarginApplication',
  ),
  shell('PurchaseMarginInterest', '/capital/PurchaseMarginInterest', 'list', 'purchaseMarginInterest'),
  inventoryView(
    'PurchaseMarginInterestDetail',
    '/capital/PurchaseMarginInterestDetail',
    'purchaseMarginInterestPiece',
  ),
];
