-- The whole daily quote of a CF month (domain.md §5): open, high, low and close prices, volume and open
-- interest in lots, as the exchange's daily quote file gives them, and whether the row was entered by hand or
-- imported. A trader's intraday entry still needs only the last price: every new column may stay empty, and
-- the rows stored before keep their meaning (entered).
alter table futures_prices
  add column open_price numeric(12, 2) check (open_price > 0),
  add column high_price numeric(12, 2) check (high_price > 0),
  add column low_price numeric(12, 2) check (low_price > 0),
  add column close_price numeric(12, 2) check (close_price > 0),
  add column volume integer check (volume >= 0),
  add column open_interest integer check (open_interest >= 0),
  add column source text not null default 'entered' check (source in ('entered', 'imported')),
  add constraint futures_prices_high_not_below_low check (high_price >= low_price);
