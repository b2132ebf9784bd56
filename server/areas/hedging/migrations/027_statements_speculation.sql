-- Futures statements, team limits and the speculation desk (domain.md §1, §5).
-- A trade says where it came from (entered, booked from a statement, filled from a speculation order) and,
-- once a statement confirmed it, the statement's trade number: unique per account, so a statement imported
-- twice books nothing twice. A close trade keeps its realised P&L (by the close-out method in effect),
-- refreshed whenever a trade of its book and month is booked.
alter table futures_trades
  add column source text not null default 'manual' check (source in ('manual', 'statement', 'order')),
  add column statement_no text,
  add column statement_id bigint,
  add column realised_pnl numeric(16, 2),
  add constraint futures_trades_statement_no unique (account_id, statement_no);

-- An imported statement: the file, its day, the account, who imported it and when, and its counts.
create table futures_statements (
  id bigint generated always as identity primary key,
  statement_no text unique,
  account_id bigint not null references futures_accounts (id),
  statement_date date not null,
  file_name text not null,
  row_count integer not null check (row_count >= 0),
  matched_count integer not null check (matched_count >= 0),
  booked_count integer not null check (booked_count >= 0),
  missing_count integer not null check (missing_count >= 0),
  differing_count integer not null check (differing_count >= 0),
  imported_by bigint references users (id),
  imported_at timestamptz not null
);
alter table futures_trades
  add constraint futures_trades_statement foreign key (statement_id) references futures_statements (id);

-- What the reconciliation found besides the matched rows: rows booked from the statement, trades missing on
-- it, rows differing from the trade their number names (listed, nothing changed).
create table futures_statement_breaks (
  id bigint generated always as identity primary key,
  statement_id bigint not null references futures_statements (id),
  kind text not null check (kind in ('booked', 'missingOnStatement', 'differing')),
  line integer,
  statement_trade_no text,
  trade_id bigint references futures_trades (id),
  futures_month text,
  side text,
  effect text,
  lots integer,
  price numeric(12, 2),
  fee numeric(12, 2),
  traded_on date,
  detail text
);
create index futures_statement_breaks_by_statement on futures_statement_breaks (statement_id, id);

-- Per-team lot limits per month and book, versioned by the day they take effect (the latest not after the
-- trade's day applies); a team without a row is held by the book's limit only.
create table futures_team_limits (
  id bigint generated always as identity primary key,
  team text not null check (team <> ''),
  book text not null check (book in ('hedge', 'speculation')),
  lot_limit integer not null check (lot_limit >= 0),
  effective_from date not null,
  remark text,
  constraint futures_team_limits_one_per_day unique (team, book, effective_from)
);

-- A speculation order: a trader's limit order on a speculation account; filling it books the trade.
create table speculation_orders (
  id bigint generated always as identity primary key,
  order_no text unique,
  account_id bigint not null references futures_accounts (id),
  futures_month text not null check (futures_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  side text not null check (side in ('buy', 'sell')),
  effect text not null check (effect in ('open', 'close')),
  lots integer not null check (lots > 0),
  limit_price numeric(12, 2) not null check (limit_price > 0),
  status text not null default 'open' check (status in ('open', 'filled', 'cancelled')),
  remark text,
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  trade_id bigint references futures_trades (id),
  filled_price numeric(12, 2),
  filled_at timestamptz,
  check (status <> 'filled' or trade_id is not null)
);

-- The latest price of each month (settlement, else last), as positions are valued.
create view futures_latest_prices as
select distinct on (futures_month) futures_month, coalesce(settlement_price, last_price) as price, trade_date
  from futures_prices
 order by futures_month, trade_date desc;

-- Each team's own book: open lots per book and month of the accounts of a team, and their P&L at the latest
-- price over every trade (Σ side × (S − P) × 5 × lots: realised and open together).
create view futures_team_positions as
select min(t.id) as id, a.team, t.book, t.futures_month,
       (coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'open'), 0)
         - coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'close'), 0))::integer as long_lots,
       (coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'open'), 0)
         - coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'close'), 0))::integer as short_lots,
       sum(t.lots)::integer as traded_lots,
       sum(t.fee) as fees,
       p.price, p.trade_date as price_date,
       sum(case when t.side = 'buy' then 1 else -1 end * (p.price - t.price) * 5 * t.lots) as pnl
  from futures_trades t
  join futures_accounts a on a.id = t.account_id
  left join futures_latest_prices p on p.futures_month = t.futures_month
 where coalesce(a.team, '') <> ''
 group by a.team, t.book, t.futures_month, p.price, p.trade_date;

-- A book's positions per month valued at the latest price: MTM of the open lots = every trade's P&L at the
-- price less the realised P&L of the closes.
create view futures_book_marks as
select min(t.id) as id, t.book, t.futures_month,
       (coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'open'), 0)
         - coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'close'), 0))::integer as long_lots,
       (coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'open'), 0)
         - coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'close'), 0))::integer as short_lots,
       sum(t.lots)::integer as traded_lots,
       sum(t.fee) as fees,
       coalesce(sum(t.realised_pnl), 0) as realised_pnl,
       p.price, p.trade_date as price_date,
       sum(case when t.side = 'buy' then 1 else -1 end * (p.price - t.price) * 5 * t.lots)
         - coalesce(sum(t.realised_pnl), 0) as mtm
  from futures_trades t
  left join futures_latest_prices p on p.futures_month = t.futures_month
 group by t.book, t.futures_month, p.price, p.trade_date;
