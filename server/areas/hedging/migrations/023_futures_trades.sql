-- Futures accounts and trades (domain.md §1, §5): an account at a broker in one book (hedge or speculation)
-- of a team; a trade on it of one CF month (market writing CF2605), buy/sell, open/close, whole lots at a
-- price on the tick. The book's lot limit per month and the close-out (FIFO) are checked by the save.
create table futures_accounts (
  id bigint generated always as identity primary key,
  account_no text not null unique,
  broker_id bigint not null references partners (id),
  team text,
  book text not null check (book in ('hedge', 'speculation')),
  remark text
);

create table futures_trades (
  id bigint generated always as identity primary key,
  trade_no text unique,
  account_id bigint not null references futures_accounts (id),
  book text not null check (book in ('hedge', 'speculation')),
  futures_month text not null check (futures_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  side text not null check (side in ('buy', 'sell')),
  effect text not null check (effect in ('open', 'close')),
  lots integer not null check (lots > 0),
  price numeric(12, 2) not null check (price > 0),
  fee numeric(12, 2) not null default 0 check (fee >= 0),
  traded_at timestamptz not null,
  -- The fixing the trade hedges, when it was booked for one (a hedge order's fill names its fixings).
  fixing_id bigint references contract_fixings (id),
  remark text,
  created_by bigint references users (id),
  created_at timestamptz not null default now()
);
-- The positions of a book and month are read in trade order.
create index futures_trades_by_book_month on futures_trades (book, futures_month, traded_at, id);

-- The fixing's hedging trade (the contracts area keeps the column; the link is enforced here).
alter table contract_fixings
  add constraint contract_fixings_futures_trade foreign key (futures_trade_id) references futures_trades (id);
