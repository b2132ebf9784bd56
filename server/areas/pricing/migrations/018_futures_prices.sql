-- Futures prices (domain.md §5): a trading day's last and settlement price of one CF month, entered or
-- imported (nothing fetches them live). One row per day and month; the month in its market writing (CF2605).
-- The exchange's rules (trading day, tick, daily limit) are checked by the save, which says why.
create table futures_prices (
  id bigint generated always as identity primary key,
  trade_date date not null,
  futures_month text not null check (futures_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  last_price numeric(12, 2) not null check (last_price > 0),
  settlement_price numeric(12, 2) check (settlement_price > 0),
  remark text,
  -- Fixings made at these prices (limit orders filled, contracts force-fixed): the prices then stay as they are.
  fixings_made integer not null default 0,
  updated_by bigint references users (id),
  updated_at timestamptz not null default now(),
  constraint futures_prices_one_per_day unique (trade_date, futures_month)
);
-- The previous settlement and the latest price of a month are read backwards from a day.
create index futures_prices_by_month on futures_prices (futures_month, trade_date desc);
