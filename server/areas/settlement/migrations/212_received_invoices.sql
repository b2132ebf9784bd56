-- Invoices received from suppliers (进项, domain-money.md §2.8, SM-5) on purchases (SpotInvoice): registered as
-- the fapiao reads, verified (查验), matched line by line to the purchase settlement's lines of their batches
-- (within invoiceLineAmountTolerance, never beyond what is settled and not yet invoiced to the house), then
-- marked for deduction (勾选) in a tax period. A line counts against its settlement line while its invoice is not
-- rejected.
create table received_invoices (
  id bigint generated always as identity primary key,
  invoice_no text not null unique check (invoice_no ~ '^[0-9]{8,20}$'),
  invoice_kind text not null default '01' check (invoice_kind in ('01', '02')),
  contract_id bigint not null references transaction_contracts (id),
  partner_id bigint references partners (id),
  issue_date date not null,
  seller_tax_no text check (length(seller_tax_no) <= 20),
  quantity numeric(16, 3) not null default 0,
  amount numeric(16, 2) not null default 0,
  amount_excl numeric(16, 2) not null default 0,
  vat numeric(16, 2) not null default 0,
  status text not null default 'registered'
    check (status in ('registered', 'verified', 'matched', 'deducted', 'rejected')),
  verified_on date,
  verified_by bigint references users (id),
  matched_at timestamptz,
  tax_period text check (tax_period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  deducted_on date,
  deducted_by bigint references users (id),
  remark text check (length(remark) <= 200),
  created_by bigint not null references users (id),
  created_at timestamptz not null,
  constraint received_invoices_sums check (amount_excl + vat = amount),
  constraint received_invoices_deducted check (status <> 'deducted' or (tax_period is not null and deducted_on is not null))
);
create index received_invoices_contract on received_invoices (contract_id);

create table received_invoice_lines (
  id bigint generated always as identity primary key,
  invoice_id bigint not null references received_invoices (id) on delete cascade,
  line_no integer not null,
  batch_no text not null,
  quantity numeric(16, 3) not null check (quantity > 0),
  amount numeric(16, 2) not null check (amount > 0),
  amount_excl numeric(16, 2) not null,
  vat numeric(16, 2) not null,
  tax_rate numeric(8, 4),
  settlement_line_id bigint references settlement_lines (id),
  counts boolean not null default true,
  unique (invoice_id, line_no),
  constraint received_invoice_lines_vat check (amount_excl + vat = amount)
);
create index received_invoice_lines_settlement_line on received_invoice_lines (settlement_line_id) where counts;

-- A received invoice is with its purchase's supplier: filled from the contract.
create function received_invoice_partner() returns trigger language plpgsql as $$
begin
  select c.partner_id into new.partner_id from transaction_contracts c where c.id = new.contract_id;
  return new;
end $$;

create trigger received_invoice_partner before insert or update of contract_id on received_invoices
  for each row execute function received_invoice_partner();
