-- Interval warnings (domain.md §4, IntervalWarn): risk staff keep price bands per CF month — a lower and an
-- upper line (either may be absent) and the people to tell. Every price entered or imported is read against
-- the month's bands: leaving a band raises one warning (not again while the price stays outside on that
-- side, again after it came back and left once more), sent live to the band's people, who acknowledge it with
-- a comment. The band keeps the last price it saw (and its day), which is what the next one is compared with.
-- The migration also carries the screens' grants.
create table price_bands (
  id bigint generated always as identity primary key,
  futures_month text not null check (futures_month ~ '^CF[0-9]{2}(0[13579]|11)$'),
  lower_price numeric(12, 2) check (lower_price > 0),
  upper_price numeric(12, 2) check (upper_price > 0),
  enabled boolean not null default true,
  remark text,
  last_price numeric(12, 2),
  last_trade_date date,
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  updated_by bigint references users (id),
  updated_at timestamptz not null default now(),
  check (lower_price is not null or upper_price is not null),
  check (lower_price is null or upper_price is null or lower_price < upper_price)
);
create index price_bands_by_month on price_bands (futures_month) where enabled;

-- The people a band tells when it is crossed.
create table price_band_recipients (
  band_id bigint not null references price_bands (id) on delete cascade,
  user_id bigint not null references users (id),
  primary key (band_id, user_id)
);

create table price_band_warnings (
  id bigint generated always as identity primary key,
  warning_no text unique,
  band_id bigint not null references price_bands (id),
  futures_month text not null,
  trade_date date not null,
  price numeric(12, 2) not null check (price > 0),
  previous_price numeric(12, 2),
  side text not null check (side in ('below', 'above')),
  -- The band's lines when it was crossed (the band may be changed later).
  lower_price numeric(12, 2),
  upper_price numeric(12, 2),
  source text not null check (source in ('entered', 'imported')),
  raised_by bigint references users (id),
  raised_at timestamptz not null,
  status text not null default 'open' check (status in ('open', 'acknowledged')),
  acknowledged_by bigint references users (id),
  acknowledged_at timestamptz,
  acknowledge_comment text,
  check (status = 'open' or (acknowledged_by is not null and acknowledged_at is not null
                             and coalesce(acknowledge_comment, '') <> ''))
);
create index price_band_warnings_by_band on price_band_warnings (band_id, id desc);
create index price_band_warnings_open on price_band_warnings (status, raised_at desc);
