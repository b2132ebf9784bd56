// The screens of the pricing area. The futures price table has no route in the spec's map (README: how
// each route name is read): it is FuturesPrice under /pending/, the orders-and-hedging menu.
import { type BusinessRoute, inventoryView, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('FuturesPrice', '/pending/FuturesPrice', 'list', 'futuresPrice'),
  shell('SalesBasis', '/pur/SalesBasis', 'list', 'salesBasis'),
  shell('SalesBasisDetail', '/pur/SalesBasis/:id/:name', 'detail', 'salesBasis'),
  shell('SaleBasisDetail', '/pur/SaleBasisDetail', 'list', 'saleBasisDetail'),
  // Client pending orders: the sales desk places and cancels them; their fills (期货挂单成交).
  shell('pendingClientOrder', '/pending/clientOrder', 'list', 'clientPriceOrder'),
  shell('FurPendingOrderTrade', '/pending/FurPendingOrderTrade', 'list', 'clientPriceOrder', {
    status: 'filled',
  }),
  // The sales desk's views: its clients' contracts and orders by month, and the client's price sheet.
  inventoryView('SaleContractPackages', '/sales/SaleContractPackages', 'saleContractPackage'),
  inventoryView('ClientOrderPackages', '/sales/ClientOrderPackages', 'clientOrderPackage'),
  inventoryView('ClientPrice', '/sales/ClientPrice', 'clientPrice'),
  // The sales manager's queues: orders past the settings' limits, and requests to cancel an order.
  shell('SpecOrderCheck', '/salesManage/SpecOrderCheck', 'approval', 'clientPriceOrder'),
  shell('SpecOrderCheckDetail', '/salesManage/SpecOrderCheck/:id/:name', 'detail', 'clientPriceOrder'),
  shell('ClientOrderRevocation', '/salesManage/ClientOrderRevocation', 'approval', 'clientOrderRevocation'),
  shell(
    'ClientOrderRevocationDetail',
    '/salesManage/ClientOrderRevocation/:id/:name',
    'detail',
    'clientOrderRevocation',
  ),
];
