-- Transport (domain.md §7 movement): dispatch stations, rail and road routes with their freight rates,
-- and movements of batches. A movement's batch changes state and warehouse only through moveBatch.
create table dispatch_stations (
  id bigint generated always as identity primary key,
  name text not null unique,
  code text,
  kind text not null,
  railway_bureau text,
  province text,
  city text,
  address text,
  contact_name text,
  contact_phone text,
  status text not null default 'enabled'
);

create table transport_routes (
  id bigint generated always as identity primary key,
  name text not null default '',
  mode text not null,
  from_station_id bigint not null references dispatch_stations (id),
  to_station_id bigint not null references dispatch_stations (id),
  distance_km integer,
  freight_rate numeric(16, 2) not null,
  transit_days integer,
  status text not null default 'enabled',
  -- Checked with a clear message after the row is written; the constraint guards against a race.
  unique (mode, from_station_id, to_station_id) deferrable initially deferred
);

create table movements (
  id bigint generated always as identity primary key,
  movement_no text not null unique,
  mode text not null,
  batch_no text not null references batches (batch_no),
  from_warehouse_id bigint not null references warehouses (id),
  to_warehouse_id bigint references warehouses (id),
  destination text,
  route_id bigint references transport_routes (id),
  carrier_id bigint references partners (id),
  waybill_no text,
  vehicle_no text,
  departure_date date,
  arrival_date date,
  conditioned_weight numeric(16, 4) not null,
  freight numeric(16, 2),
  status text not null default 'planned'
);

create index movements_batch_no on movements (batch_no);
