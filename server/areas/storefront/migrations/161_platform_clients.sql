-- The B2B storefront's clients (domain-money.md §7.4): client staff log in as platform users bound to a client
-- partner (SM-15), hold packages in a cart at a snapshot price, and send purchase requests (SM-14) that become a
-- reservation and a draft sale contract of the B2B channel.

-- Their role: it reads the storefront only (grants seeded with this migration); every staff record is refused.
insert into roles (code, name) select 'platformClient', '平台客户'
 where not exists (select 1 from roles where code = 'platformClient');

create table platform_users (
  id bigint generated always as identity primary key,
  user_id bigint not null unique references users (id),
  partner_id bigint not null references partners (id),
  status text not null default 'registered' check (status in ('registered', 'active', 'disabled')),
  remark text,
  created_by bigint references users (id),
  created_at timestamptz not null default now()
);
create index platform_users_by_partner on platform_users (partner_id);

-- A cart line: the price when it was added, held for the holder until hold_until (setting
-- platformCartHoldMinutes; none when it is 0). One line per user and package.
create table platform_cart_lines (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  package_id bigint not null references resource_packages (id) on delete cascade,
  price_kind text not null check (price_kind in ('fixed', 'basis')),
  unit_price numeric(16, 2),
  futures_month text,
  basis numeric(16, 2),
  added_at timestamptz not null,
  hold_until timestamptz,
  unique (user_id, package_id)
);
create index platform_cart_lines_by_package on platform_cart_lines (package_id, hold_until);

create table platform_purchase_requests (
  id bigint generated always as identity primary key,
  request_no text unique,
  user_id bigint not null references users (id),
  partner_id bigint not null references partners (id),
  package_id bigint not null references resource_packages (id),
  price_kind text not null check (price_kind in ('fixed', 'basis')),
  unit_price numeric(16, 2),
  futures_month text,
  basis numeric(16, 2),
  tonnes numeric(16, 4) not null,
  amount numeric(16, 2) not null,
  status text not null default 'submitted'
    check (status in ('submitted', 'accepted', 'contracted', 'completed', 'rejected', 'cancelled', 'expired')),
  reservation_id bigint references client_reservations (id),
  contract_id bigint unique references transaction_contracts (id),
  -- The sales channel commissions read (SelfB2BDeductReport): every contract a request drafted is B2B.
  channel text not null default 'b2b' check (channel = 'b2b'),
  created_at timestamptz not null
);
-- One request in force per package: of clients asking at once, one wins.
create unique index platform_purchase_requests_one_open on platform_purchase_requests (package_id)
  where status in ('submitted', 'accepted', 'contracted', 'completed');

-- A contract's sales channel, for the reports that split by it.
create view contract_channels as
select c.id as contract_id, coalesce(r.channel, 'desk') as channel
  from transaction_contracts c left join platform_purchase_requests r on r.contract_id = c.id;

-- What a platform user may read of the packages: the published ones, without who made them or any remark.
create view storefront_listings as
select p.id, p.package_no, p.name, p.price_kind, p.unit_price, p.futures_month, p.basis, p.valid_until,
       p.batch_count, p.bale_count, p.tonnes, p.main_colour, p.colour_shares, p.micronaire_class,
       p.micronaire_shares, p.length_mm, p.micronaire, p.strength, p.uniformity, p.premium, p.crop_years,
       p.warehouse_names
  from resource_packages p
 where p.status = 'published';
