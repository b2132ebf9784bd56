// The sales desk's read-only views (views of migration 029): a client's contracts and orders by futures
// month (packages, each named by its first member and opening its members), and the client's price sheet.
// Every one names its client column: a salesperson bound to their own clients sees only theirs.

import type { LinesStorage, ResourceStorage } from '../../platform/resources/storage.ts';
import { ORDER_STATE } from './clientOrders.ts';

const readOnlyLines = (load: LinesStorage['load']): LinesStorage => ({
  load,
  save: async () => {
    throw new Error('a package is read only');
  },
});

export const saleContractPackageStorage: ResourceStorage = {
  table: 'sale_contract_packages',
  clientScope: 'partner_id',
  lines: readOnlyLines((db, id) =>
    db.query(
      `select c.id::text as "contractId", c.contract_no as "contractIdName",
              to_char(c.sign_date, 'YYYY-MM-DD') as "signDate", c.tonnage::text, c.fixed_tonnage::text as "fixedTonnage",
              c.average_fixed_price::text as "averageFixedPrice", c.unit_price::text as "unitPrice", c.status
         from transaction_contracts first
         join transaction_contracts c on c.partner_id = first.partner_id
          and c.futures_month is not distinct from first.futures_month
        where first.id = $1 and c.side = 'sale' and c.status in ('approved', 'executing', 'completed')
        order by c.sign_date, c.id`,
      [id],
    ),
  ),
};

export const clientOrderPackageStorage: ResourceStorage = {
  table: 'client_order_packages',
  clientScope: 'partner_id',
  lines: readOnlyLines((db, id) =>
    db.query(
      `select t.id::text as "orderId", t.order_no as "orderIdName", t.contract_id::text as "contractId",
              (select contract_no from transaction_contracts c where c.id = t.contract_id) as "contractIdName",
              t.kind, t.tonnage::text, t.limit_price::text as "limitPrice", ${ORDER_STATE} as status,
              t.filled_price::text as "filledPrice"
         from client_price_orders first
         join client_price_orders t on t.partner_id = first.partner_id and t.futures_month = first.futures_month
        where first.id = $1
        order by t.placed_at, t.id`,
      [id],
    ),
  ),
};

export const clientPriceStorage: ResourceStorage = { table: 'client_prices' };
