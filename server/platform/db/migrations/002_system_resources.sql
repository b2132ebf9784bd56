-- System and data settings (spec 2.4): the tables behind the system resource declarations
-- (src/areas/), mapped onto the tables of 001 where those already hold the data.

-- Departments: the department tree gains a code, a leader and contact details.
alter table departments add column code text;
alter table departments add column leader_id bigint references users (id);
alter table departments add column phone text;
alter table departments add column remark text;
update departments set code = 'dept' || id where code is null;
create unique index departments_code on departments (code);

-- Roles can be switched off (their grants stop counting) and carry a remark.
alter table roles add column remark text;
alter table roles add column status text not null default 'enabled';

alter table users add column email text;

-- The menu tree: groups (header items) and leaves (route keys of the catalogue). Users' menus follow it.
create table modules (
  id bigint generated always as identity primary key,
  parent_id bigint references modules (id),
  kind text not null,
  code text not null unique,
  title text not null,
  path text,
  icon text,
  sort integer not null default 0,
  hidden boolean not null default false
);

-- The permission codes a module offers (shown when a role is given rights on it).
create table module_permissions (
  module_id bigint not null references modules (id) on delete cascade,
  code text not null,
  name text not null,
  sort integer not null default 0,
  primary key (module_id, code)
);

create table user_groups (
  id bigint generated always as identity primary key,
  name text not null unique,
  member_ids bigint[] not null default '{}',
  remark text
);

-- One row per dictionary; its entries stay in dictionary_entries (read by query_dictionary).
create table dictionaries (
  id bigint generated always as identity primary key,
  code text not null unique,
  name text not null,
  remark text
);
insert into dictionaries (code, name) select distinct code, code from dictionary_entries;

-- Partners: contacts move to their own rows; partners can be switched off.
alter table partners add column short_name text;
alter table partners add column credit_code text;
alter table partners add column address text;
alter table partners add column status text not null default 'enabled';

create table partner_contacts (
  id bigint generated always as identity primary key,
  partner_id bigint not null references partners (id) on delete cascade,
  name text not null,
  phone text not null,
  position text,
  sort integer not null default 0
);
insert into partner_contacts (partner_id, name, phone)
  select id, contact_name, contact_phone from partners where contact_name is not null and contact_phone is not null;

create table partner_associations (
  id bigint generated always as identity primary key,
  partner_id bigint not null references partners (id),
  related_partner_id bigint not null references partners (id),
  relation text not null,
  remark text,
  unique (partner_id, related_partner_id, relation)
);

-- A client's own margin terms from a date on (domain.md §4).
create table client_margin_sets (
  id bigint generated always as identity primary key,
  partner_id bigint not null references partners (id),
  initial_margin_per_tonne numeric(16, 2) not null,
  call_ratio numeric(8, 4) not null,
  call_deadline_days integer not null,
  effective_from date not null,
  remark text,
  unique (partner_id, effective_from)
);

create table partner_management_accounts (
  id bigint generated always as identity primary key,
  partner_id bigint not null references partners (id),
  account_name text not null,
  bank_name text not null,
  account_no text not null,
  purpose text not null,
  is_default boolean not null default false,
  unique (partner_id, account_no)
);

create table warehouses (
  id bigint generated always as identity primary key,
  code text not null unique,
  name text not null,
  kind text not null,
  operator_id bigint references partners (id),
  region text,
  address text,
  contact_name text,
  contact_phone text,
  storage_fee_per_tonne_day numeric(16, 2),
  status text not null default 'enabled'
);

-- Every [param] of domain.md, versioned by the date a value takes effect; rows are never deleted.
create table system_settings (
  id bigint generated always as identity primary key,
  setting_key text not null,
  value text not null,
  effective_from date not null,
  remark text,
  updated_by bigint references users (id),
  updated_at timestamptz not null default now(),
  unique (setting_key, effective_from)
);

-- Premium or discount per grade against the base grade, CNY/t, one version per crop year.
create table quality_premiums (
  id bigint generated always as identity primary key,
  crop_year text not null,
  indicator text not null,
  grade text not null,
  premium numeric(16, 2) not null,
  unique (crop_year, indicator, grade)
);

create table contract_templates (
  id bigint generated always as identity primary key,
  name text not null,
  document text not null,
  variant text not null,
  content text not null,
  version integer not null default 1,
  status text not null default 'draft',
  updated_at timestamptz not null default now()
);

create table bill_templates (
  id bigint generated always as identity primary key,
  name text not null,
  document text not null,
  variant text not null,
  content text not null,
  version integer not null default 1,
  status text not null default 'draft',
  updated_at timestamptz not null default now()
);

create table upstream_orders (
  id bigint generated always as identity primary key,
  order_no text not null unique,
  supplier_id bigint not null references partners (id),
  crop_year text not null,
  grade_spec text not null,
  tonnage numeric(16, 4) not null,
  futures_month text,
  basis numeric(16, 2),
  unit_price numeric(16, 2),
  warehouse_id bigint references warehouses (id),
  delivery_date date,
  status text not null default 'draft'
);

create table transaction_contracts (
  id bigint generated always as identity primary key,
  contract_no text not null unique,
  side text not null,
  kind text not null,
  partner_id bigint not null references partners (id),
  sign_date date not null,
  tonnage numeric(16, 4) not null,
  tolerance_percent numeric(8, 4),
  futures_month text,
  basis numeric(16, 2),
  fixing_deadline date,
  pricing_party text,
  unit_price numeric(16, 2),
  tax_rate numeric(8, 4) not null,
  status text not null default 'draft'
);

create table transaction_contract_lines (
  id bigint generated always as identity primary key,
  contract_id bigint not null references transaction_contracts (id) on delete cascade,
  batch_no text not null,
  conditioned_weight numeric(16, 4) not null,
  unit_price numeric(16, 2),
  sort integer not null default 0
);

-- Warehouse receipts and their cancellation (Cdzx); the batch is named by its number until batches exist.
create table receipt_cancellations (
  id bigint generated always as identity primary key,
  receipt_no text not null unique,
  batch_no text not null,
  warehouse_id bigint not null references warehouses (id),
  conditioned_weight numeric(16, 4) not null,
  valid_until date not null,
  status text not null default 'preDeclared'
);

-- Every state change of every document: who, when, from, to, with which comment.
create table document_history (
  id bigint generated always as identity primary key,
  resource_key text not null,
  record_id text not null,
  action text not null,
  from_state text,
  to_state text not null,
  user_id bigint references users (id),
  comment text,
  at timestamptz not null
);
create index document_history_by_record on document_history (resource_key, record_id, id);
