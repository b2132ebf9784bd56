-- Commissions (提成, domain-money.md §5, SM-11): a commission run covers a month and the settings in force on
-- a chosen day (its scheme version), whose rates it keeps; its lines are computed from the sale settlements
-- confirmed by the month's end that no run has commissioned yet, per batch and role (purchaser, salesperson,
-- manager), plus the change in what is payable on lines of earlier runs as their settlements are collected.
-- A run is submitted, approved by someone else, confirmed and paid; its lines change only while it is
-- computed, and a confirmed run's figures never change: a later change is a new line in a later run.
create table commission_runs (
  id bigint generated always as identity primary key,
  run_no text unique,
  period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  period_to date,
  settings_on date,
  scheme text check (scheme in ('perTonne', 'profitShare')),
  rate_purchase numeric(16, 2),
  rate_sale numeric(16, 2),
  rate_b2b numeric(16, 2),
  share_percent numeric(8, 4),
  purchase_share_percent numeric(8, 4),
  management_percent numeric(8, 4),
  payable_on text check (payable_on in ('settlement', 'collection')),
  line_count integer not null default 0,
  tonnage numeric(16, 3) not null default 0,
  gross_amount numeric(16, 2) not null default 0,
  deducted_amount numeric(16, 2) not null default 0,
  net_amount numeric(16, 2) not null default 0,
  payable_amount numeric(16, 2) not null default 0,
  uncosted_count integer not null default 0,
  status text not null default 'computed'
    check (status in ('computed', 'submitted', 'approved', 'rejected', 'confirmed', 'paid')),
  computed_at timestamptz,
  confirmed_by bigint references users (id),
  confirmed_at timestamptz,
  remark text,
  created_by bigint not null references users (id),
  created_at timestamptz not null,
  constraint commission_runs_confirmed check (status not in ('confirmed', 'paid') or confirmed_at is not null)
);
-- One run in progress at a time: its sources are not claimed twice.
create unique index commission_runs_one_open on commission_runs ((true))
  where status in ('computed', 'submitted', 'approved', 'rejected');

create table commission_lines (
  id bigint generated always as identity primary key,
  run_id bigint not null references commission_runs (id) on delete cascade,
  sort integer not null default 0,
  person_id bigint not null references users (id),
  role text not null check (role in ('purchaser', 'salesperson', 'manager', 'financier')),
  channel text not null check (channel in ('self', 'b2b')),
  -- commission: earned on its source; collection: the change in what is payable on an earlier run's line.
  line_kind text not null check (line_kind in ('commission', 'collection')),
  source text not null default 'settlement' check (source in ('settlement')),
  settlement_id bigint not null references settlements (id),
  settlement_line_id bigint not null references settlement_lines (id),
  settlement_no text,
  contract_no text,
  client_name text,
  batch_no text,
  basis text not null check (basis in ('tonnes', 'grossProfit')),
  tonnage numeric(16, 3) not null default 0,
  revenue_excl numeric(16, 2),
  cost_excl numeric(16, 2),
  gross_profit numeric(16, 2),
  rate numeric(16, 4) not null default 0,
  gross numeric(16, 2) not null default 0,
  deducted numeric(16, 2) not null default 0,
  net numeric(16, 2) not null default 0,
  collected_share numeric(10, 6) not null default 0,
  payable numeric(16, 2) not null default 0,
  settle_date date,
  constraint commission_lines_net check (net >= 0 or line_kind = 'collection')
);
create index commission_lines_run on commission_lines (run_id, sort);
create index commission_lines_person on commission_lines (person_id);
-- A source earns one role's commission once per run; the runs that commissioned a source are found by it.
create unique index commission_lines_once on commission_lines (settlement_line_id, role, line_kind, run_id);

-- Lines change only while their run is computed (recomputed); a run's figures and rates never change once
-- confirmed.
create function commission_line_guard() returns trigger language plpgsql as $$
declare
  state text;
begin
  select r.status into state
    from commission_runs r
   where r.status <> 'computed'
     and r.id in (select run_id from changed_lines)
   limit 1;
  if state is not null then
    raise exception 'commission line of a % run cannot change', state using errcode = '23514';
  end if;
  return null;
end $$;

-- Checked once per statement (a run writes thousands of lines at once), over the rows it changed.
create trigger commission_line_guard_insert after insert on commission_lines
  referencing new table as changed_lines for each statement execute function commission_line_guard();
create trigger commission_line_guard_update after update on commission_lines
  referencing old table as changed_lines for each statement execute function commission_line_guard();
create trigger commission_line_guard_delete after delete on commission_lines
  referencing old table as changed_lines for each statement execute function commission_line_guard();

create function commission_run_frozen() returns trigger language plpgsql as $$
begin
  if tg_op = 'DELETE' then
    if old.status <> 'computed' then
      raise exception 'commission run % is % and cannot be deleted', old.run_no, old.status using errcode = '23514';
    end if;
    return old;
  end if;
  if old.status in ('confirmed', 'paid') and row(new.period, new.settings_on, new.scheme, new.line_count,
       new.gross_amount, new.deducted_amount, new.net_amount, new.payable_amount, new.confirmed_by, new.confirmed_at)
       is distinct from row(old.period, old.settings_on, old.scheme, old.line_count, old.gross_amount,
       old.deducted_amount, old.net_amount, old.payable_amount, old.confirmed_by, old.confirmed_at) then
    raise exception 'confirmed commission run % cannot change', old.run_no using errcode = '23514';
  end if;
  if old.status <> 'computed' and new.status = old.status
     and row(new.period, new.settings_on, new.line_count, new.payable_amount)
         is distinct from row(old.period, old.settings_on, old.line_count, old.payable_amount) then
    raise exception 'commission run % is % and cannot change', old.run_no, old.status using errcode = '23514';
  end if;
  return new;
end $$;

create trigger commission_run_frozen before update or delete on commission_runs
  for each row execute function commission_run_frozen();

-- Lines as the line views and reports read them: with their run's period and state.
create view commission_line_rows as
select l.*, r.run_no, r.period, r.status as run_status
  from commission_lines l join commission_runs r on r.id = l.run_id;

-- Targets (domain-money.md §6.4, SM-12): per person or team, per month, a target in tonnes, revenue or GP,
-- for sales or purchases; the actual is read live from confirmed settlements (the targetBasis setting).
create table commission_targets (
  id bigint generated always as identity primary key,
  side text not null check (side in ('sale', 'purchase')),
  period text not null check (period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  person_id bigint references users (id),
  department_id bigint references departments (id),
  metric text not null check (metric in ('tonnes', 'revenue', 'grossProfit')),
  target_value numeric(18, 3) not null check (target_value > 0),
  status text not null default 'draft' check (status in ('draft', 'active', 'closed')),
  remark text,
  created_by bigint references users (id),
  created_at timestamptz,
  constraint commission_targets_whom check ((person_id is null) <> (department_id is null))
);
create unique index commission_targets_once on commission_targets
  (side, period, metric, coalesce(person_id, 0), coalesce(department_id, 0));
