-- Positions kept current (issue 12, speed): the lots of each opening trade still open and the realised P&L
-- of each book and month, both by FIFO as the positions screen (TradeTotal) reads them, rewritten for a book
-- and month when a trade of it is booked, changed or deleted — at the commit of that same transaction (a
-- deferred trigger, once per book and month however many trades the transaction wrote), so the screen
-- sums a few open lots instead of re-matching every trade.
--
-- FIFO in aggregates: the closes of a position take its oldest lots first, so an opening trade keeps
-- least(lots, lots opened up to and including it − lots closed of its side), never below 0; and the realised
-- P&L of the position is side × 5 × (Σ close price × lots − Σ open price × lots closed of each opening trade),
-- the same sum as the close-outs matched one by one (src/domain/positions.ts matchFifo).
create table futures_open_lots (
  trade_id bigint primary key references futures_trades (id) on delete cascade,
  book text not null check (book in ('hedge', 'speculation')),
  futures_month text not null,
  side text not null check (side in ('buy', 'sell')),
  lots integer not null check (lots > 0),
  price numeric(12, 2) not null
);
create index futures_open_lots_by_book_month on futures_open_lots (book, futures_month);

-- One row per book and month that has trades: its realised P&L by FIFO.
create table futures_book_months (
  book text not null check (book in ('hedge', 'speculation')),
  futures_month text not null,
  realised_pnl numeric(18, 2) not null,
  primary key (book, futures_month)
);

create function futures_settle_book_month(p_book text, p_month text) returns void
language sql as $$
  -- Writers of one book and month settle one after the other (the commands already lock the book's accounts).
  select pg_advisory_xact_lock(hashtext('futures_open_lots ' || p_book || ' ' || p_month));
  delete from futures_open_lots where book = p_book and futures_month = p_month;
  delete from futures_book_months where book = p_book and futures_month = p_month;
  with trades as (
    select id, side, effect, lots, price, traded_at from futures_trades
     where book = p_book and futures_month = p_month
  ),
  closed as (
    -- A sell closes longs (opened by buying), a buy closes shorts.
    select case when side = 'sell' then 'buy' else 'sell' end as position_side, sum(lots) as lots,
           sum(price * lots) as amount
      from trades where effect = 'close' group by 1
  ),
  opened as (
    select o.id, o.side, o.lots, o.price, coalesce(c.lots, 0) as closed_lots,
           sum(o.lots) over (partition by o.side order by o.traded_at, o.id) as upto
      from trades o left join closed c on c.position_side = o.side
     where o.effect = 'open'
  ),
  remaining as (
    select id, side, lots, price, greatest(0, least(lots, upto - closed_lots))::integer as still_open
      from opened
  ),
  kept as (
    insert into futures_open_lots (trade_id, book, futures_month, side, lots, price)
    select id, p_book, p_month, side, still_open, price from remaining where still_open > 0
  )
  insert into futures_book_months (book, futures_month, realised_pnl)
  select p_book, p_month,
         coalesce((select sum(case when c.position_side = 'buy' then 5 else -5 end * c.amount) from closed c), 0)
         - coalesce((select sum(case when r.side = 'buy' then 5 else -5 end * r.price * (r.lots - r.still_open))
                       from remaining r), 0)
   where exists (select 1 from trades);
$$;

-- Each book and month a transaction wrote is settled once, at its commit (the groups done are kept in a
-- setting local to the transaction).
create function futures_trades_settle_positions() returns trigger
language plpgsql as $$
declare
  done text := coalesce(current_setting('futures.settled_groups', true), '');
  grp text;
  groups text[] := array[]::text[];
begin
  if tg_op <> 'INSERT' then groups := groups || (old.book || ' ' || old.futures_month); end if;
  if tg_op <> 'DELETE' then groups := groups || (new.book || ' ' || new.futures_month); end if;
  foreach grp in array groups loop
    if position('|' || grp || '|' in done) = 0 then
      perform futures_settle_book_month(split_part(grp, ' ', 1), split_part(grp, ' ', 2));
      done := done || '|' || grp || '|';
      perform set_config('futures.settled_groups', done, true);
    end if;
  end loop;
  return null;
end;
$$;

-- A trade written after its book and month were settled in the transaction (constraints set immediate
-- midway) takes the group off the settled list, so the commit settles it again.
create function futures_trades_unsettle_positions() returns trigger
language plpgsql as $$
declare
  done text := coalesce(current_setting('futures.settled_groups', true), '');
  grp text;
  groups text[] := array[]::text[];
begin
  if done = '' then return null; end if;
  if tg_op <> 'INSERT' then groups := groups || (old.book || ' ' || old.futures_month); end if;
  if tg_op <> 'DELETE' then groups := groups || (new.book || ' ' || new.futures_month); end if;
  foreach grp in array groups loop
    if position('|' || grp || '|' in done) > 0 then
      done := replace(done, '|' || grp || '|', '');
      perform set_config('futures.settled_groups', done, true);
    end if;
  end loop;
  return null;
end;
$$;

create trigger futures_trades_unsettle
  after insert or delete or update of book, futures_month, side, effect, lots, price, traded_at
  on futures_trades
  for each row execute function futures_trades_unsettle_positions();

create constraint trigger futures_trades_positions
  after insert or delete or update of book, futures_month, side, effect, lots, price, traded_at
  on futures_trades deferrable initially deferred
  for each row execute function futures_trades_settle_positions();

-- The books and months already traded.
select futures_settle_book_month(book, futures_month)
  from (select distinct book, futures_month from futures_trades) g;

-- Manual allocation (issue 12): lots of a trade not booked for a fixing (no hedge order's fill) set against a
-- contract or against the inventory, by a person; never more lots than the trade has (checked by the save
-- under a lock of the trade), kept with who and when.
create table futures_allocations (
  id bigint generated always as identity primary key,
  trade_id bigint not null references futures_trades (id),
  target text not null check (target in ('contract', 'inventory')),
  contract_id bigint references transaction_contracts (id),
  lots integer not null check (lots > 0),
  remark text,
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  check ((target = 'contract') = (contract_id is not null))
);
create index futures_allocations_by_trade on futures_allocations (trade_id);
create index futures_allocations_by_contract on futures_allocations (contract_id);
