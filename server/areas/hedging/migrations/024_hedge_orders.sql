-- Hedge orders (domain.md §3): every fixing of a contract is taken into the hedge once (hedge_fixings); its
-- tonnes join the pool of its month and direction (a sale fixing → buy, a purchase fixing → sell) and each
-- whole lot the pool makes becomes a hedge order covering the fixings pooled into it. A fill books the
-- trade and links the fixings to it (contract_fixings.futures_trade_id).
create table hedge_orders (
  id bigint generated always as identity primary key,
  order_no text unique,
  futures_month text not null check (futures_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  side text not null check (side in ('buy', 'sell')),
  lots integer not null check (lots > 0),
  tonnage numeric(16, 4) not null,
  status text not null default 'open' check (status in ('open', 'filled', 'cancelled')),
  created_by bigint references users (id),
  created_at timestamptz not null,
  trade_id bigint references futures_trades (id),
  filled_price numeric(12, 2),
  filled_at timestamptz,
  check (status <> 'filled' or trade_id is not null)
);

create table hedge_fixings (
  fixing_id bigint primary key references contract_fixings (id),
  futures_month text not null,
  direction text not null check (direction in ('buy', 'sell')),
  tonnage numeric(16, 4) not null,
  -- The order whose lots these tonnes went into; null while they wait in the pool as a tail.
  order_id bigint references hedge_orders (id),
  taken_at timestamptz not null
);
create index hedge_fixings_pool on hedge_fixings (futures_month, direction) where order_id is null;
create index hedge_fixings_by_order on hedge_fixings (order_id);
