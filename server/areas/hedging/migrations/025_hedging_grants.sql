-- The open lots of each book and month as the trades give them (TradeTotal's list): long = bought to open −
-- sold to close, short = sold to open − bought to close. The FIFO averages, MTM and exposure are computed
-- by the positions call. The migration also carries the screen's grants (trader and risk view it).
create view futures_positions as
select min(id) as id, book, futures_month,
       (coalesce(sum(lots) filter (where side = 'buy' and effect = 'open'), 0)
         - coalesce(sum(lots) filter (where side = 'sell' and effect = 'close'), 0))::integer as long_lots,
       (coalesce(sum(lots) filter (where side = 'sell' and effect = 'open'), 0)
         - coalesce(sum(lots) filter (where side = 'buy' and effect = 'close'), 0))::integer as short_lots,
       sum(lots)::integer as traded_lots,
       sum(fee) as fees
  from futures_trades
 group by book, futures_month;
