-- Warehouse services (domain.md §5, §6, §7): the fees a warehouse charges and the outbound appointments
-- through which a batch leaves it.

-- One fee of one kind (supervision, insurance, storage, sundry); amount is tax included, computed by the
-- save from basis, rate and tonnage or insured value.
create table warehouse_fees (
  id bigint generated always as identity primary key,
  fee_no text not null unique,
  kind text not null,
  warehouse_id bigint not null references warehouses (id),
  batch_no text references batches (batch_no) on update cascade,
  period_from date not null,
  period_to date,
  basis text not null,
  rate numeric(20, 10),
  tonnage numeric(16, 4),
  insured_value numeric(16, 2),
  amount numeric(16, 2),
  tax_rate numeric(8, 4) not null,
  payee_id bigint references partners (id),
  remark text,
  status text not null default 'draft',
  check (period_to is null or period_to >= period_from)
);
create index warehouse_fees_by_kind on warehouse_fees (kind, period_from);

create table outbound_appointments (
  id bigint generated always as identity primary key,
  appointment_no text not null unique,
  batch_no text not null references batches (batch_no) on update cascade,
  warehouse_id bigint not null references warehouses (id),
  partner_id bigint not null references partners (id),
  planned_date date not null,
  vehicle_no text not null,
  driver_name text not null,
  driver_phone text not null,
  conditioned_weight numeric(16, 4) not null,
  remark text,
  status text not null default 'booked'
);
-- One open (booked) appointment per batch is checked by the save under a lock of the batch row.
create index outbound_appointments_by_batch on outbound_appointments (batch_no, status);
