-- Resource packages (资源包, domain-money.md §7.3, SM-13): the house's own batches grouped to be published to
-- its clients, with the quality summary their bales give (stored for the storefront's searches).
create table resource_packages (
  id bigint generated always as identity primary key,
  package_no text unique,
  name text not null,
  price_kind text not null check (price_kind in ('fixed', 'basis')),
  unit_price numeric(16, 2),
  futures_month text,
  basis numeric(16, 2),
  valid_until date not null,
  status text not null default 'draft'
    check (status in ('draft', 'published', 'reserved', 'sold', 'withdrawn', 'expired')),
  remark text,
  -- The summary of its batches (src/domain/packages.ts), written on every save.
  batch_count integer not null default 0,
  bale_count integer not null default 0,
  tonnes numeric(16, 4) not null default 0,
  main_colour text,
  colour_shares text,
  micronaire_class text,
  micronaire_shares text,
  length_mm numeric(5, 1),
  micronaire numeric(4, 1),
  strength numeric(5, 1),
  uniformity numeric(5, 1),
  -- Exchange premium against 3128B, weighted by tonnes over its batches.
  premium numeric(16, 2),
  crop_years text,
  warehouse_names text,
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  -- A fixed package names its price, a basis package its month and basis.
  constraint resource_packages_priced check (
    (price_kind = 'fixed' and unit_price is not null and unit_price > 0)
    or (price_kind = 'basis' and futures_month is not null and basis is not null))
);
create index resource_packages_by_status on resource_packages (status, valid_until);

-- A batch is in at most one live (published or reserved) package, and only the house's own available stock
-- goes live: never a pledged or reserved batch, another's goods, or one in an open sale. Kept by triggers,
-- so no writer can forget it.
create table resource_package_lines (
  id bigint generated always as identity primary key,
  package_id bigint not null references resource_packages (id) on delete cascade,
  batch_no text not null references batches (batch_no),
  sort integer not null default 0,
  live boolean not null default false,
  unique (package_id, batch_no)
);
create unique index resource_package_lines_one_live on resource_package_lines (batch_no) where live;

create function resource_package_is_live(status text) returns boolean language sql immutable as
$$ select status in ('published', 'reserved') $$;

create function resource_package_line_goes_live() returns trigger language plpgsql as $$
declare
  batch record;
begin
  select resource_package_is_live(p.status) into new.live from resource_packages p where p.id = new.package_id;
  if new.live and (tg_op = 'INSERT' or not old.live or old.batch_no <> new.batch_no) then
    select b.status, b.owner_kind into batch from batches b where b.batch_no = new.batch_no;
    if batch.owner_kind <> 'own' or batch.status not in ('stock', 'receipted') then
      raise exception 'batch % is not the house''s available stock (%)', new.batch_no, batch.status
        using errcode = '23514', constraint = 'resource_package_lines_available';
    end if;
    if exists (select 1 from transaction_contract_lines l where l.batch_no = new.batch_no and l.open_sale) then
      raise exception 'batch % is in an open sale', new.batch_no
        using errcode = '23514', constraint = 'resource_package_lines_not_sold';
    end if;
  end if;
  return new;
end $$;

create trigger resource_package_line_goes_live before insert or update on resource_package_lines
  for each row execute function resource_package_line_goes_live();

create function resource_package_lines_follow_status() returns trigger language plpgsql as $$
begin
  update resource_package_lines set live = resource_package_is_live(new.status) where package_id = new.id;
  return new;
end $$;

create trigger resource_package_lines_follow_status after update of status on resource_packages
  for each row execute function resource_package_lines_follow_status();

-- And the other way: a batch in a published package is not pledged or reserved by another document (a package
-- accepted for a client is reserved first, then its batches).
create function batch_held_by_published_package() returns trigger language plpgsql as $$
begin
  if new.status in ('pledged', 'reserved') and exists (
       select 1 from resource_package_lines l join resource_packages p on p.id = l.package_id
        where l.batch_no = new.batch_no and l.live and p.status = 'published') then
    raise exception 'batch % is published in a resource package', new.batch_no
      using errcode = '23514', constraint = 'resource_package_lines_published';
  end if;
  return new;
end $$;

create trigger batch_held_by_published_package before update of status on batches
  for each row when (new.status is distinct from old.status)
  execute function batch_held_by_published_package();
