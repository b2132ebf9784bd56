-- Organisation, people and access.
create table departments (
  id bigint generated always as identity primary key,
  parent_id bigint references departments (id),
  name text not null,
  sort integer not null default 0
);

create table roles (
  id bigint generated always as identity primary key,
  code text not null unique,
  name text not null
);

-- scope: '*' (every module), 'group:<menu group>' (every route of that menu group) or a module code
-- (a route key of the catalogue or an API module such as 'partner').
create table role_grants (
  role_id bigint not null references roles (id),
  scope text not null,
  permissions text[] not null,
  primary key (role_id, scope)
);

create table users (
  id bigint generated always as identity primary key,
  login_name text not null unique,
  password_hash text not null,
  rel_name text not null,
  phone text not null,
  department_id bigint references departments (id),
  enabled boolean not null default true,
  created_at timestamptz not null default now(),
  password_changed_at timestamptz
);

create table user_roles (
  user_id bigint not null references users (id),
  role_id bigint not null references roles (id),
  primary key (user_id, role_id)
);

-- Only a hash of the token is kept: a leaked table does not open sessions.
create table sessions (
  token_hash text primary key,
  user_id bigint not null references users (id),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  ended_at timestamptz,
  end_reason text,
  address text
);
create index sessions_open_by_user on sessions (user_id) where ended_at is null;

create table login_failures (
  id bigint generated always as identity primary key,
  login_name text not null,
  address text not null,
  at timestamptz not null
);
create index login_failures_by_name on login_failures (login_name, at);
create index login_failures_by_address on login_failures (address, at);

-- Messages (spec 2.15).
create table message_types (
  code text primary key,
  name text not null,
  sort integer not null default 0
);

create table messages (
  id bigint generated always as identity primary key,
  user_id bigint not null references users (id),
  message_type text not null references message_types (code),
  message text not null,
  read_state smallint not null default 0,
  created_at timestamptz not null,
  created_by bigint references users (id),
  read_at timestamptz
);
create index messages_by_user_type on messages (user_id, message_type, id desc);
create index messages_unread_by_user on messages (user_id) where read_state = 0;

-- Lookups.
create table dictionary_entries (
  code text not null,
  value text not null,
  label text not null,
  sort integer not null default 0,
  primary key (code, value)
);

create table partners (
  id bigint generated always as identity primary key,
  name text not null unique,
  kinds text[] not null,
  credit_limit numeric(16, 2),
  contact_name text,
  contact_phone text,
  created_at timestamptz not null default now()
);

-- Exchange holidays: non-trading weekdays (data, the exchange publishes them yearly).
create table holidays (
  day date primary key,
  name text not null
);

create table instruments (
  symbol text primary key,
  exchange_symbol text not null unique,
  month text not null,
  last_trading_day date not null,
  lot_tonnes numeric(10, 2) not null,
  tick_yuan numeric(10, 2) not null
);

-- Help service and disclaimer.
create table help_articles (
  id text primary key,
  name text not null,
  text text not null,
  version integer not null default 1,
  updated_at timestamptz not null default now()
);

create table disclaimer_versions (
  version integer primary key,
  article_id text not null references help_articles (id),
  published_at timestamptz not null default now()
);

create table disclaimer_acceptances (
  user_id bigint not null references users (id),
  version integer not null references disclaimer_versions (version),
  accepted_at timestamptz not null,
  address text,
  primary key (user_id, version)
);

-- Who changed what, when and from where.
create table operation_records (
  id bigint generated always as identity primary key,
  user_id bigint references users (id),
  login_name text,
  action text not null,
  detail jsonb,
  address text,
  at timestamptz not null
);
create index operation_records_by_time on operation_records (at desc);
