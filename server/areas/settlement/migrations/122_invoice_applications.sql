-- Invoice applications (开票申请, domain-money.md §2.4, SM-2) on a confirmed sale settlement, and the invoices
-- they issue (§2.5, SM-3), each with its number. Every application line names the settlement line it invoices;
-- while its application is not rejected or cancelled it counts against that line, so Σ applied ≤ the line's
-- amount and tonnes (checked under the settlement's lock; the trigger below says so last).
create table invoice_applications (
  id bigint generated always as identity primary key,
  application_no text unique,
  settlement_id bigint not null references settlements (id),
  partner_id bigint not null references partners (id),
  invoice_kind text not null default '01' check (invoice_kind in ('01', '02')),
  apply_date date not null,
  quantity numeric(16, 3) not null default 0,
  amount numeric(16, 2) not null default 0,
  amount_excl numeric(16, 2) not null default 0,
  vat numeric(16, 2) not null default 0,
  invoice_count integer not null default 0,
  status text not null default 'draft'
    check (status in ('draft', 'submitted', 'approved', 'rejected', 'issued', 'cancelled')),
  remark text check (length(remark) <= 200),
  created_by bigint not null references users (id),
  created_at timestamptz not null,
  constraint invoice_applications_sums check (amount_excl + vat = amount)
);
create index invoice_applications_settlement on invoice_applications (settlement_id);

create table invoice_application_lines (
  id bigint generated always as identity primary key,
  application_id bigint not null references invoice_applications (id) on delete cascade,
  sort integer not null default 0,
  settlement_line_id bigint not null references settlement_lines (id),
  line_kind text not null,
  batch_no text,
  quantity numeric(16, 3),
  amount numeric(16, 2) not null check (amount > 0),
  amount_excl numeric(16, 2) not null,
  vat numeric(16, 2) not null,
  tax_rate numeric(8, 4) not null,
  unit_price_excl numeric(20, 8),
  counts boolean not null default true,
  constraint invoice_application_lines_vat check (amount_excl + vat = amount)
);
create index invoice_application_lines_settlement_line on invoice_application_lines (settlement_line_id) where counts;
create index invoice_application_lines_application on invoice_application_lines (application_id);

-- The last guard: what counts against a settlement line never exceeds it, in money or tonnes.
create function invoice_application_line_within() returns trigger language plpgsql as $$
declare
  over boolean;
begin
  if not new.counts then return new; end if;
  select coalesce(sum(a.amount), 0) > max(l.amount) or coalesce(sum(a.quantity), 0) > coalesce(max(l.weight), 0)
    into over
    from settlement_lines l left join invoice_application_lines a on a.settlement_line_id = l.id and a.counts
   where l.id = new.settlement_line_id;
  if over then
    raise exception 'settlement line % invoiced beyond its amount', new.settlement_line_id using errcode = '23514';
  end if;
  return new;
end $$;

create constraint trigger invoice_application_line_within after insert or update on invoice_application_lines
  deferrable initially immediate for each row execute function invoice_application_line_within();

-- Issued invoices (blue), one or more per application split by invoiceMaxAmount; none without its number.
create table issued_invoices (
  id bigint generated always as identity primary key,
  invoice_no text not null unique check (invoice_no ~ '^[0-9]{8,20}$'),
  application_id bigint not null references invoice_applications (id),
  settlement_id bigint not null references settlements (id),
  partner_id bigint not null references partners (id),
  invoice_kind text not null,
  issue_date date not null,
  quantity numeric(16, 3) not null,
  amount numeric(16, 2) not null,
  amount_excl numeric(16, 2) not null,
  vat numeric(16, 2) not null,
  status text not null default 'issued' check (status in ('issued', 'partly_reversed', 'fully_reversed')),
  issued_by bigint not null references users (id),
  issued_at timestamptz not null,
  constraint issued_invoices_sums check (amount_excl + vat = amount)
);
create index issued_invoices_application on issued_invoices (application_id);

create table issued_invoice_lines (
  id bigint generated always as identity primary key,
  invoice_id bigint not null references issued_invoices (id) on delete cascade,
  line_no integer not null,
  application_line_id bigint not null references invoice_application_lines (id),
  settlement_line_id bigint not null references settlement_lines (id),
  batch_no text,
  quantity numeric(16, 3),
  unit_price_excl numeric(20, 8),
  amount numeric(16, 2) not null,
  amount_excl numeric(16, 2) not null,
  vat numeric(16, 2) not null,
  tax_rate numeric(8, 4) not null,
  unique (invoice_id, line_no),
  constraint issued_invoice_lines_vat check (amount_excl + vat = amount)
);
create index issued_invoice_lines_settlement_line on issued_invoice_lines (settlement_line_id);

-- An application is the settlement's counterparty's: filled from the settlement.
create function invoice_application_partner() returns trigger language plpgsql as $$
begin
  select s.partner_id into new.partner_id from settlements s where s.id = new.settlement_id;
  return new;
end $$;

create trigger invoice_application_partner before insert or update of settlement_id on invoice_applications
  for each row execute function invoice_application_partner();
