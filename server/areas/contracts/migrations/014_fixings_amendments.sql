-- Fixings (点价) of contracts priced later, and the versions of a contract: supplementary agreements,
-- rolls to another month and voids, each with who, when and what changed.
create table contract_fixings (
  id bigint generated always as identity primary key,
  contract_id bigint not null references transaction_contracts (id),
  tonnage numeric(16, 4) not null check (tonnage > 0),
  futures_month text not null,
  futures_price numeric(16, 2) not null check (futures_price > 0),
  unit_price numeric(16, 2) not null,
  amount numeric(16, 2) not null,
  hedge_direction text not null check (hedge_direction in ('buy', 'sell')),
  hedge_lots integer not null check (hedge_lots >= 0),
  hedge_tail numeric(16, 4) not null,
  forced boolean not null default false,
  -- The client price order it filled, and the futures trade that hedges it (filled by the hedging area).
  client_order_id bigint,
  futures_trade_id bigint,
  fixed_by bigint not null references users (id),
  fixed_at timestamptz not null
);
create index contract_fixings_contract on contract_fixings (contract_id, id);

create table contract_amendments (
  id bigint generated always as identity primary key,
  contract_id bigint not null references transaction_contracts (id),
  version integer not null,
  kind text not null check (kind in ('supplement', 'roll', 'void')),
  agreed_on date not null,
  summary text not null,
  changes jsonb not null,
  created_by bigint not null references users (id),
  created_at timestamptz not null,
  unique (contract_id, version)
);
