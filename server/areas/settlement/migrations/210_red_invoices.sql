-- Red-letter confirmation forms (红字发票信息确认单) and the red invoices they issue (domain-money.md §2.6, SM-4,
-- decision 4): a form names its blue invoice, the reason (01 full, 02 by quantity, 04 by amount) and its lines,
-- negative, each referring to a blue line in the blue's order. While a form is not void its lines count against
-- their blue line: Σ |red| never exceeds the blue line, in money or tonnes (checked under the blue invoice's
-- lock, and by the trigger below last). At most one open form per blue invoice. A form awaiting the other
-- party's confirmation voids (07) once redFormConfirmHours have passed since it was sent; the red invoice is
-- issued (with its number) only from a confirmed form.
create table red_forms (
  id bigint generated always as identity primary key,
  form_no text unique,
  -- out: on an invoice the house issued (the house is the seller); in: on one it received (the buyer).
  direction text not null default 'out' check (direction in ('out', 'in')),
  entered_by text not null check (entered_by in ('seller', 'buyer')),
  blue_invoice_no text not null references issued_invoices (invoice_no),
  partner_id bigint references partners (id),
  reason text not null check (reason in ('01', '02', '03', '04')),
  blue_confirmed_use boolean not null default false,
  form_date date not null,
  quantity numeric(16, 3) not null default 0 check (quantity <= 0),
  amount numeric(16, 2) not null default 0 check (amount <= 0),
  amount_excl numeric(16, 2) not null default 0,
  vat numeric(16, 2) not null default 0,
  status text not null default 'draft'
    check (status in ('draft', 'submitted', 'approved', 'rejected', 'pending', 'confirmed', 'issued', 'void')),
  bureau_state text check (bureau_state ~ '^(0[1-9]|1[0-3])$'),
  sent_at timestamptz,
  deadline timestamptz,
  confirmed_at timestamptz,
  confirmed_by bigint references users (id),
  red_invoice_no text unique check (red_invoice_no ~ '^[0-9]{8,20}$'),
  red_issue_date date,
  issued_by bigint references users (id),
  issued_at timestamptz,
  remark text check (length(remark) <= 200),
  created_by bigint not null references users (id),
  created_at timestamptz not null,
  constraint red_forms_sums check (amount_excl + vat = amount),
  constraint red_forms_issued check (status <> 'issued' or (red_invoice_no is not null and red_issue_date is not null)),
  constraint red_forms_pending check (status <> 'pending' or (sent_at is not null and deadline is not null))
);
create index red_forms_blue on red_forms (blue_invoice_no);
-- One form at a time per blue invoice.
create unique index red_forms_one_open on red_forms (blue_invoice_no)
  where status in ('draft', 'submitted', 'approved', 'rejected', 'pending', 'confirmed');

create table red_form_lines (
  id bigint generated always as identity primary key,
  form_id bigint not null references red_forms (id) on delete cascade,
  line_no integer not null,
  blue_line_id bigint not null references issued_invoice_lines (id),
  blue_line_no integer not null,
  batch_no text,
  quantity numeric(16, 3) not null default 0 check (quantity <= 0),
  unit_price_excl numeric(20, 8),
  amount numeric(16, 2) not null check (amount < 0),
  amount_excl numeric(16, 2) not null,
  vat numeric(16, 2) not null,
  tax_rate numeric(8, 4) not null,
  counts boolean not null default true,
  unique (form_id, line_no),
  constraint red_form_lines_vat check (amount_excl + vat = amount)
);
create index red_form_lines_blue on red_form_lines (blue_line_id) where counts;

-- The last guard: what the red lines that count take from a blue line never exceeds it.
create function red_form_line_within() returns trigger language plpgsql as $$
declare
  over boolean;
begin
  if not new.counts then return new; end if;
  select coalesce(sum(-r.amount), 0) > max(b.amount) or coalesce(sum(-r.quantity), 0) > coalesce(max(b.quantity), 0)
    into over
    from issued_invoice_lines b left join red_form_lines r on r.blue_line_id = b.id and r.counts
   where b.id = new.blue_line_id;
  if over then
    raise exception 'blue invoice line % reversed beyond its amount', new.blue_line_id using errcode = '23514';
  end if;
  return new;
end $$;

create constraint trigger red_form_line_within after insert or update on red_form_lines
  deferrable initially immediate for each row execute function red_form_line_within();

-- A form is with its blue invoice's counterparty: filled from the blue invoice.
create function red_form_partner() returns trigger language plpgsql as $$
begin
  select i.partner_id into new.partner_id from issued_invoices i where i.invoice_no = new.blue_invoice_no;
  return new;
end $$;

create trigger red_form_partner before insert or update of blue_invoice_no on red_forms
  for each row execute function red_form_partner();
