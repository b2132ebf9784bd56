// Pricing on the server: the futures price table and the sales basis sheet, and what other areas read
// from them (the market basis of valuation, a month's latest price and previous settlement).
import path from 'node:path';
import { pricingArea } from '../../../src/areas/pricing/index.ts';
import { BUSINESS_DAY } from '../../platform/db/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import {
  CONTRACT_OPERATION,
  type ContractOperation,
  SALES_BASIS,
  type SalesBasisQuery,
} from '../contracts/index.ts';
import { clientOrderStorage, revocationStorage } from './clientOrders.ts';
import { pricingDemo } from './demo.ts';
import { futuresPriceStorage } from './futuresPrices.ts';
import { clientOrderPackageStorage, clientPriceStorage, saleContractPackageStorage } from './packages.ts';
import { marketBasis, saleBasisDetailStorage, salesBasisStorage } from './salesBasis.ts';

export { fillOrdersAt, priceEntered } from './clientOrders.ts';
export { previousSettlement } from './futuresPrices.ts';
export { latestPrice } from './latestPrice.ts';
export { type MarketBasis, type MarketBasisQuery, marketBasis } from './salesBasis.ts';
export {
  FUTURES_PRICE_SAVED,
  type FuturesPriceSaved,
  SETTLEMENT_PRICE_SAVED,
  type SettlementSaved,
} from './settlementHooks.ts';

const VIEW = ['view', 'export'];

/**
 * A contract with a client's order still waiting (or being checked) is not split or combined: the order
 * would fix a contract that no longer runs.
 */
async function waitingOrder(hook: HookContext, { contractId }: ContractOperation) {
  const [order] = await hook.db.query<{ orderNo: string }>(
    `select order_no as "orderNo" from client_price_orders
      where contract_id = $1 and status in ('pending', 'checking')
        and valid_until >= ${BUSINESS_DAY}
      order by id limit 1`,
    [contractId],
  );
  return order ? `有未成交的点价挂单 ${order.orderNo}，请先撤单` : null;
}
const SALES_VIEWS = ['SaleContractPackages', 'ClientOrderPackages', 'ClientPrice'];
const on = (scope: string, permissions: string[]): RoleGrant => ({ scope, permissions });

export const pricing = defineServerArea({
  key: 'pricing',
  declarations: pricingArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  demo: pricingDemo,
  // The contracts' approval rule compares a sale's basis with the house's: the sheet's quote for its month
  // and warehouse on the signing day (the open-grade line; a contract names no single grade).
  answers: {
    [SALES_BASIS]: async (hook, query: SalesBasisQuery) => (await marketBasis(hook.db, query))?.basis ?? null,
  },
  guards: { [CONTRACT_OPERATION]: waitingOrder },
  parts: [
    {
      migration: '018_futures_prices.sql',
      storage: { futuresPrice: futuresPriceStorage },
      // The desk enters the day's prices; risk corrects a settlement; sales and finance read them.
      grants: {
        trader: [on('FuturesPrice', [...VIEW, 'create', 'edit', 'delete', 'import'])],
        risk: [on('FuturesPrice', [...VIEW, 'create', 'edit'])],
        sales: [on('FuturesPrice', VIEW)],
        finance: [on('FuturesPrice', VIEW)],
      },
    },
    {
      migration: '019_sales_basis.sql',
      storage: { salesBasis: salesBasisStorage, saleBasisDetail: saleBasisDetailStorage },
      // The trading desk sets and publishes the basis; sales quotes it; risk values with it.
      grants: {
        trader: [
          on('SalesBasis', [...VIEW, 'create', 'edit', 'delete', 'publish']),
          on('SaleBasisDetail', VIEW),
        ],
        sales: [on('SalesBasis', VIEW), on('SaleBasisDetail', VIEW)],
        risk: [on('SalesBasis', VIEW), on('SaleBasisDetail', VIEW)],
        finance: [on('SaleBasisDetail', VIEW)],
      },
    },
    {
      migration: '022_client_price_orders.sql',
      storage: { clientPriceOrder: clientOrderStorage },
      // The sales desk places and cancels its clients' orders, the trading desk its suppliers' (a seller
      // fixing a purchase) and watches the fills; risk reads both.
      grants: {
        sales: [on('pendingClientOrder', [...VIEW, 'create', 'cancel']), on('FurPendingOrderTrade', VIEW)],
        trader: [on('pendingClientOrder', [...VIEW, 'create', 'cancel']), on('FurPendingOrderTrade', VIEW)],
        risk: [on('pendingClientOrder', VIEW), on('FurPendingOrderTrade', VIEW)],
      },
    },
    {
      // The whole daily quote (open, high, low, close, volume, open interest) and where a row came from;
      // the screens and rights stay those of 018.
      migration: '026_futures_price_quotes.sql',
      storage: {},
      grants: {},
    },
    {
      // Migration 029 (kept with the contracts area's operations): the orders the sales manager checks and
      // the requests to cancel one. The trading desk, which hedges the fixings, approves both; the sales desk
      // follows its own clients' orders there; risk reads.
      migration: '029_contract_operations.sql',
      // The sales desk's views of its clients' contracts, orders and prices: its own, the trading desk and
      // risk all of them.
      referenceNames: { clientPriceOrder: { table: 'client_price_orders', column: 'order_no' } },
      storage: {
        clientOrderRevocation: revocationStorage,
        saleContractPackage: saleContractPackageStorage,
        clientOrderPackage: clientOrderPackageStorage,
        clientPrice: clientPriceStorage,
      },
      grants: {
        trader: [
          on('SpecOrderCheck', [...VIEW, 'approve']),
          on('ClientOrderRevocation', [...VIEW, 'approve']),
          ...SALES_VIEWS.map((screen) => on(screen, VIEW)),
        ],
        sales: [
          on('SpecOrderCheck', VIEW),
          on('ClientOrderRevocation', VIEW),
          ...SALES_VIEWS.map((screen) => on(screen, VIEW)),
        ],
        risk: [
          on('SpecOrderCheck', VIEW),
          on('ClientOrderRevocation', VIEW),
          ...SALES_VIEWS.map((screen) => on(screen, VIEW)),
        ],
      },
    },
  ],
});
