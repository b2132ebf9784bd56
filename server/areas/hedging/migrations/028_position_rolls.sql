-- Rolls (移仓) and transfers (移盘) of futures positions (domain.md §3, §5). A roll moves lots of a position
-- of one month to another on one account (a close and an open, both priced) with the basis contracts of the
-- old month it hedges, rolled price-neutrally (their versions record it); a transfer closes lots on one
-- account and opens them on another (another book or team) at a stated price. Both are entered as a draft
-- and done by one command, which books the trades through the trade booking (limits and close-out checked).
-- The migration also carries the screens' grants (the desk works them, risk reads them).
create table futures_rolls (
  id bigint generated always as identity primary key,
  roll_no text unique,
  account_id bigint not null references futures_accounts (id),
  book text check (book in ('hedge', 'speculation')),
  side text not null check (side in ('buy', 'sell')),
  from_month text not null check (from_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  to_month text not null check (to_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  lots integer not null check (lots > 0),
  from_price numeric(12, 2) not null check (from_price > 0),
  to_price numeric(12, 2) not null check (to_price > 0),
  fee numeric(12, 2) not null default 0 check (fee >= 0),
  traded_at timestamptz not null,
  contract_ids bigint[] not null default '{}',
  status text not null default 'draft' check (status in ('draft', 'done', 'cancelled')),
  close_trade_id bigint references futures_trades (id),
  open_trade_id bigint references futures_trades (id),
  realised_pnl numeric(16, 2),
  contract_outcome text,
  remark text,
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  check (status <> 'done' or (close_trade_id is not null and open_trade_id is not null))
);

create table futures_transfers (
  id bigint generated always as identity primary key,
  transfer_no text unique,
  source_account_id bigint not null references futures_accounts (id),
  target_account_id bigint not null references futures_accounts (id),
  futures_month text not null check (futures_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  side text not null check (side in ('buy', 'sell')),
  lots integer not null check (lots > 0),
  price numeric(12, 2) not null check (price > 0),
  traded_at timestamptz not null,
  status text not null default 'draft' check (status in ('draft', 'done', 'cancelled')),
  close_trade_id bigint references futures_trades (id),
  open_trade_id bigint references futures_trades (id),
  realised_pnl numeric(16, 2),
  remark text,
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  check (status <> 'done' or (close_trade_id is not null and open_trade_id is not null))
);
