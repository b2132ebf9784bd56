-- Client price orders (点价挂单): a client fixes part of a basis or deferred contract at the market or at a
-- limit. Pending until filled (a fixing of the contract), cancelled or rejected (the fixing was refused);
-- expired is read from valid_until, never stored.
create table client_price_orders (
  id bigint generated always as identity primary key,
  order_no text unique,
  contract_id bigint not null references transaction_contracts (id),
  partner_id bigint references partners (id),
  futures_month text check (futures_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  pricing_party text check (pricing_party in ('buyer', 'seller')),
  kind text not null check (kind in ('market', 'limit')),
  tonnage numeric(16, 4) not null check (tonnage > 0),
  limit_price numeric(12, 2) check (limit_price > 0),
  valid_until date not null,
  placed_on date,
  placed_at timestamptz,
  placed_by bigint references users (id),
  status text not null default 'pending' check (status in ('pending', 'filled', 'cancelled', 'rejected')),
  filled_price numeric(12, 2),
  filled_trade_date date,
  filled_at timestamptz,
  fixing_id bigint references contract_fixings (id),
  reason text,
  remark text,
  check (kind = 'market' or limit_price is not null),
  check (status <> 'filled' or (filled_price is not null and fixing_id is not null))
);
-- A price of a month looks for the limit orders waiting on it.
create index client_price_orders_waiting on client_price_orders (futures_month, placed_on)
  where status = 'pending';
create index client_price_orders_by_contract on client_price_orders (contract_id);

-- The fixing an order became names it (the contracts area keeps the column; the link is enforced here).
alter table contract_fixings
  add constraint contract_fixings_client_order foreign key (client_order_id) references client_price_orders (id);
