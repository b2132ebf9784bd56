-- The sales desk (issue 11): clients as the desk sees them, the salesperson serving each client, stock
-- reserved for a client until a date, and clients' bookings.

-- A client is a partner of kind client; the desk reads and writes them through this view (a new one is
-- written with kinds {client}; the check option refuses a row that would not be a client).
create view clients as
  select id, name, short_name, kinds, credit_code, credit_limit, address, status
    from partners where 'client' = any (kinds)
  with local check option;

-- What the desk holds of a client: licence, credit report, framework agreement…, valid until a date.
create table client_documents (
  id bigint generated always as identity primary key,
  partner_id bigint not null references partners (id) on delete cascade,
  kind text not null,
  document_no text not null,
  valid_until date,
  remark text,
  sort integer not null default 0
);
create index client_documents_by_partner on client_documents (partner_id, sort);

-- One salesperson serves a client at a time (from a date): a salesperson bound to their own clients sees
-- only the records of the clients related to them here.
create table client_relations (
  id bigint generated always as identity primary key,
  client_id bigint not null unique references partners (id),
  salesperson_id bigint not null references users (id),
  from_date date not null,
  remark text
);
create index client_relations_by_salesperson on client_relations (salesperson_id, client_id);

create table client_reservations (
  id bigint generated always as identity primary key,
  reservation_no text not null unique,
  client_id bigint not null references partners (id),
  expires_on date not null,
  remark text,
  status text not null default 'draft'
    check (status in ('draft', 'reserved', 'released', 'cancelled', 'expired')),
  created_at timestamptz not null default now()
);
create index client_reservations_by_client on client_reservations (client_id);
create index client_reservations_expiring on client_reservations (expires_on) where status = 'reserved';

-- A reserved batch is held by one reservation: its state (moved by the warehouse's batch mover) refuses a
-- second, and a batch named twice in one reservation is refused here.
create table client_reservation_lines (
  id bigint generated always as identity primary key,
  reservation_id bigint not null references client_reservations (id) on delete cascade,
  batch_no text not null references batches (batch_no),
  remark text,
  sort integer not null default 0,
  unique (reservation_id, batch_no)
);
create index client_reservation_lines_by_batch on client_reservation_lines (batch_no);

create table client_bookings (
  id bigint generated always as identity primary key,
  booking_no text not null unique,
  client_id bigint not null references partners (id),
  tonnage numeric(16, 4) not null check (tonnage > 0),
  crop_year text not null,
  grade_spec text not null,
  futures_month text not null,
  basis numeric(16, 2) not null,
  warehouse_id bigint references warehouses (id),
  delivery_from date not null,
  delivery_to date not null,
  remark text,
  status text not null default 'draft' check (status in ('draft', 'submitted', 'approved', 'rejected')),
  created_at timestamptz not null default now(),
  check (delivery_to >= delivery_from)
);
create index client_bookings_by_client on client_bookings (client_id);
create index client_bookings_by_status on client_bookings (status);
