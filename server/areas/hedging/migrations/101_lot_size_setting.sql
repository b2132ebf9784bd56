-- Issue 21: the lot size is the exchange's versioned setting `futuresLotTonnes` (settings, migration 100's
-- setting_on), not a literal 5 in the SQL. A trade's lot size is the setting in force on the business day it
-- was done (Asia/Shanghai, as the other migrations count business days); a closed lot's realised P&L uses
-- its closing trade's lot size, as src/domain/positions.ts matchCloseOuts does with the trades the server
-- reads (server/areas/hedging/bookChecks.ts TRADE_LOT_TONNES).

-- The team books and the book marks of migration 027, the literal 5 replaced by each trade's lot size.
create or replace view futures_team_positions as
select min(t.id) as id, a.team, t.book, t.futures_month,
       (coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'open'), 0)
         - coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'close'), 0))::integer as long_lots,
       (coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'open'), 0)
         - coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'close'), 0))::integer as short_lots,
       sum(t.lots)::integer as traded_lots,
       sum(t.fee) as fees,
       p.price, p.trade_date as price_date,
       sum(case when t.side = 'buy' then 1 else -1 end * (p.price - t.price)
           * setting_on('futuresLotTonnes', (t.traded_at at time zone 'Asia/Shanghai')::date)::numeric * t.lots) as pnl
  from futures_trades t
  join futures_accounts a on a.id = t.account_id
  left join futures_latest_prices p on p.futures_month = t.futures_month
 where coalesce(a.team, '') <> ''
 group by a.team, t.book, t.futures_month, p.price, p.trade_date;

create or replace view futures_book_marks as
select min(t.id) as id, t.book, t.futures_month,
       (coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'open'), 0)
         - coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'close'), 0))::integer as long_lots,
       (coalesce(sum(t.lots) filter (where t.side = 'sell' and t.effect = 'open'), 0)
         - coalesce(sum(t.lots) filter (where t.side = 'buy' and t.effect = 'close'), 0))::integer as short_lots,
       sum(t.lots)::integer as traded_lots,
       sum(t.fee) as fees,
       coalesce(sum(t.realised_pnl), 0) as realised_pnl,
       p.price, p.trade_date as price_date,
       sum(case when t.side = 'buy' then 1 else -1 end * (p.price - t.price)
           * setting_on('futuresLotTonnes', (t.traded_at at time zone 'Asia/Shanghai')::date)::numeric * t.lots)
         - coalesce(sum(t.realised_pnl), 0) as mtm
  from futures_trades t
  left join futures_latest_prices p on p.futures_month = t.futures_month
 group by t.book, t.futures_month, p.price, p.trade_date;

-- A book and month settled as futures_settle_book_month (migrations 033, 106) does, the realised P&L paired
-- close by open lot by FIFO so each closed lot takes its closing trade's lot size:
-- Σ side × (close price − open price) × lot tonnes of the close × lots paired. A new function, because
-- migration 106 (applied after this one on a new database) redefines futures_settle_book_month; the
-- settling trigger below calls this one. PL/pgSQL, so the costs columns of 106 are looked up when it runs.
create or replace function futures_settle_book_month_by_lot(p_book text, p_month text) returns void
language plpgsql as $$
begin
  perform pg_advisory_xact_lock(hashtext('futures_open_lots ' || p_book || ' ' || p_month));
  delete from futures_open_lots where book = p_book and futures_month = p_month;
  delete from futures_book_months where book = p_book and futures_month = p_month;
  with trades as (
    select id, side, effect, lots, price, traded_at, fee + commission as cost,
           setting_on('futuresLotTonnes', (traded_at at time zone 'Asia/Shanghai')::date)::numeric as lot_tonnes
      from futures_trades
     where book = p_book and futures_month = p_month
  ),
  closes as (
    -- A sell closes longs (opened by buying), a buy closes shorts; each close's lots in trade order.
    select case when side = 'sell' then 'buy' else 'sell' end as position_side, lots, price, lot_tonnes,
           sum(lots) over (partition by side order by traded_at, id) as upto
      from trades where effect = 'close'
  ),
  closed as (
    select position_side, sum(lots) as lots from closes group by 1
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
  ),
  pairs as (
    -- The lots a close and an open share: the overlap of their ranges in the running lots of the side.
    select case when c.position_side = 'buy' then 1 else -1 end * (c.price - o.price) * c.lot_tonnes
           * greatest(0, least(o.upto, c.upto) - greatest(o.upto - o.lots, c.upto - c.lots)) as pnl
      from closes c join opened o on o.side = c.position_side
  )
  insert into futures_book_months (book, futures_month, realised_pnl, costs)
  select p_book, p_month, coalesce((select sum(pnl) from pairs), 0), (select coalesce(sum(cost), 0) from trades)
   where exists (select 1 from trades);
end;
$$;

create or replace function futures_trades_settle_positions() returns trigger
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
      perform futures_settle_book_month_by_lot(split_part(grp, ' ', 1), split_part(grp, ' ', 2));
      done := done || '|' || grp || '|';
      perform set_config('futures.settled_groups', done, true);
    end if;
  end loop;
  return null;
end;
$$;

-- The books and months already traded, where the costs columns exist (a database that has not yet run 106
-- is settled by 106 itself, with the lot size of 5 that the setting holds until it is changed).
do $$
begin
  if exists (select 1 from information_schema.columns
              where table_name = 'futures_trades' and column_name = 'commission') then
    perform futures_settle_book_month_by_lot(book, futures_month)
       from (select distinct book, futures_month from futures_trades) g;
  end if;
end;
$$;
