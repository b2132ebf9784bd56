-- Issue 21: realised futures P&L shown net of what the trades cost. Each trade keeps the exchange fee (fee)
-- and now the broker's commission apart; each book and month keeps the sum of both over its trades (costs),
-- written with its realised P&L by the same settlement at commit (migration 033), so the positions screen
-- reads it without summing the trades.
alter table futures_trades add column commission numeric(12, 2) not null default 0 check (commission >= 0);
alter table futures_book_months add column costs numeric(18, 2) not null default 0;

create or replace function futures_settle_book_month(p_book text, p_month text) returns void
language sql as $$
  -- Writers of one book and month settle one after the other (the commands already lock the book's accounts).
  select pg_advisory_xact_lock(hashtext('futures_open_lots ' || p_book || ' ' || p_month));
  delete from futures_open_lots where book = p_book and futures_month = p_month;
  delete from futures_book_months where book = p_book and futures_month = p_month;
  with trades as (
    select id, side, effect, lots, price, traded_at, fee + commission as cost from futures_trades
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
  insert into futures_book_months (book, futures_month, realised_pnl, costs)
  select p_book, p_month,
         coalesce((select sum(case when c.position_side = 'buy' then 5 else -5 end * c.amount) from closed c), 0)
         - coalesce((select sum(case when r.side = 'buy' then 5 else -5 end * r.price * (r.lots - r.still_open))
                       from remaining r), 0),
         (select coalesce(sum(cost), 0) from trades)
   where exists (select 1 from trades);
$$;

select futures_settle_book_month(book, futures_month)
  from (select distinct book, futures_month from futures_trades) g;

-- The trigger settles a book and month again when a trade's costs change.
drop trigger futures_trades_unsettle on futures_trades;
create trigger futures_trades_unsettle
  after insert or delete or update of book, futures_month, side, effect, lots, price, traded_at, fee, commission
  on futures_trades
  for each row execute function futures_trades_unsettle_positions();
drop trigger futures_trades_positions on futures_trades;
create constraint trigger futures_trades_positions
  after insert or delete or update of book, futures_month, side, effect, lots, price, traded_at, fee, commission
  on futures_trades deferrable initially deferred
  for each row execute function futures_trades_settle_positions();
