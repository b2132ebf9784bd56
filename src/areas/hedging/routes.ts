// The screens of the hedging area, as each route name of the spec's /pending/ menu reads (README):
// OrderTrade (委托成交) is where trades are captured, TradeDetail (成交明细) the book of trades read-only,
// list and hedge the hedge orders (all / open ones to work), TradeTotal the positions and exposure.
// Futures accounts have no route in the spec's map: FuturesAccount under /pending/.
import { type BusinessRoute, inventoryView, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('FuturesAccount', '/pending/FuturesAccount', 'list', 'futuresAccount'),
  shell('OrderTrade', '/pending/OrderTrade', 'list', 'futuresTrade'),
  shell('OrderTradeDetail', '/pending/OrderTrade/detail/:id/:name', 'detail', 'futuresTrade'),
  inventoryView('TradeDetail', '/pending/TradeDetail', 'futuresTrade', { detail: 'OrderTradeDetail' }),
  shell('pendingList', '/pending/list', 'list', 'hedgeOrder'),
  shell('hedge', '/pending/hedge', 'list', 'hedgeOrder', { status: 'open' }),
  shell('hedgeDetail', '/pending/hedge/detail/:id/:name', 'detail', 'hedgeOrder'),
  inventoryView('TradeTotal', '/pending/TradeTotal', 'futuresPosition'),
  shell('moveWarehouse', '/pending/moveWarehouse', 'list', 'futuresRoll'),
  shell('moveWarehouseDetail', '/pending/moveWarehouse/detail/:id/:name', 'detail', 'futuresRoll'),
  shell('movePan', '/pending/movePan', 'list', 'futuresTransfer'),
  shell('movePanDetail', '/pending/movePan/detail/:id/:name', 'detail', 'futuresTransfer'),
  // Statements of the futures companies reconciled with the book, and the teams' lot limits (no spec route).
  shell('FuturesStatement', '/pending/FuturesStatement', 'list', 'futuresStatement'),
  shell('FuturesStatementDetail', '/pending/FuturesStatement/detail/:id/:name', 'detail', 'futuresStatement'),
  shell('FuturesTeamLimit', '/pending/FuturesTeamLimit', 'list', 'futuresTeamLimit'),
  // Trades allocated by hand to contracts or the inventory (no spec route).
  shell('TradeAllocation', '/pending/TradeAllocation', 'list', 'futuresAllocation'),
  // Each team's own hedge book.
  inventoryView('teamHedge', '/pending/teamHedge', 'teamPosition', {
    scope: { book: 'hedge' },
    detail: 'teamHedgeDetail',
  }),
  shell('teamHedgeDetail', '/pending/teamHedge/detail/:id/:name', 'detail', 'teamPosition'),
  // The speculation desk: its trades entered, its orders, its fills with realised P&L, its positions.
  shell('speculationTransaction', '/speculation/transaction', 'list', 'futuresTrade', {
    book: 'speculation',
  }),
  shell('speculationEntrust', '/speculation/entrust', 'list', 'speculationOrder'),
  inventoryView('speculationDeal', '/speculation/deal', 'futuresTrade', {
    scope: { book: 'speculation' },
    detail: 'OrderTradeDetail',
  }),
  inventoryView('yaSpeculation', '/pur/yaSpeculation', 'bookMark', {
    scope: { book: 'speculation' },
    detail: 'yaSpeculationDetail',
  }),
  shell('yaSpeculationDetail', '/pur/yaSpeculation/detail/:id/:name', 'detail', 'bookMark'),
];
