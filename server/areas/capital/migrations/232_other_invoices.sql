-- Received invoices for non-cotton costs (OtherInvoice, domain-money.md §2.8 SM-5, §4.6; issue 24): a
-- warehouse's, carrier's or service's invoice is registered, verified, matched to the fee records it bills
-- (one by one, or a resource package's storage at once, spread over its batches by tonne-days) and, when
-- deductible, deducted in a tax period. Matching writes each fee's actual amount and rate beside its estimate
-- (the batch cost reads both); a fee is matched to one invoice only. Who did each step and when is kept.
create table other_invoices (
  id bigint generated always as identity primary key,
  invoice_no text not null check (invoice_no ~ '^[0-9]{8,20}$'),
  seller_id bigint not null references partners (id),
  invoice_kind text not null check (invoice_kind in ('01', '02')),
  cost_kind text not null check (cost_kind in ('freight', 'storage', 'insurance', 'supervision', 'inspection',
    'interest', 'other')),
  issue_date date not null,
  amount numeric(16, 2) not null check (amount > 0 and amount < 10000000000),
  tax_rate numeric(8, 4) not null check (tax_rate >= 0 and tax_rate <= 17),
  -- Set on every save from the amount and rate (src/domain/costInvoices.ts costInvoiceSplit).
  amount_excl numeric(16, 2),
  vat numeric(16, 2),
  deductible boolean not null default false,
  deduction_period text check (deduction_period ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
  status text not null default 'registered'
    check (status in ('registered', 'verified', 'matched', 'deducted', 'rejected')),
  remark text check (length(remark) <= 200),
  verified_by bigint references users (id),
  matched_by bigint references users (id),
  matched_at timestamptz,
  deducted_by bigint references users (id),
  created_by bigint references users (id),
  created_at timestamptz not null,
  unique (seller_id, invoice_no),
  check (amount_excl is null or amount_excl + vat = amount),
  check (status <> 'deducted' or (deductible and deduction_period is not null))
);

-- What the invoice bills: a fee record, or a resource package's fees of the invoice's kind (spread on match).
create table other_invoice_lines (
  id bigint generated always as identity primary key,
  invoice_id bigint not null references other_invoices (id) on delete cascade,
  fee_id bigint references warehouse_fees (id),
  package_id bigint references resource_packages (id),
  amount numeric(16, 2) not null check (amount > 0),
  check ((fee_id is null) <> (package_id is null))
);
create index other_invoice_lines_by_invoice on other_invoice_lines (invoice_id);

alter table warehouse_fees
  add column actual_amount numeric(16, 2),
  add column actual_tax_rate numeric(8, 4),
  add column actual_invoice_id bigint references other_invoices (id),
  add constraint warehouse_fees_actual check ((actual_amount is null) = (actual_invoice_id is null));

-- Payments out may pay a received cost invoice (a package's storage bill): capped by it.
alter table outgoing_payments add column other_invoice_id bigint references other_invoices (id);
create index outgoing_payments_by_invoice on outgoing_payments (other_invoice_id) where other_invoice_id is not null;

-- Storage per batch (ResourceStorageFee): each storage fee naming a batch, its tonne-days, the estimate,
-- the actual from its matched invoice, the difference, and what was paid on it.
create view storage_fee_batches as
select f.id, f.fee_no, f.batch_no, f.warehouse_id, f.period_from, f.period_to, f.tonnage, f.rate,
       case when f.tonnage is not null and f.period_to is not null
            then f.tonnage * (f.period_to - f.period_from + 1) end as tonne_days,
       f.amount as estimated, f.actual_amount as actual, f.actual_amount - f.amount as difference,
       case when f.actual_amount is null then 'estimated' else 'actual' end as cost_state,
       i.invoice_no, f.payee_id, f.status as fee_status,
       (select coalesce(sum(p.amount), 0) from outgoing_payments p where p.fee_id = f.id and p.status = 'paid') as paid
  from warehouse_fees f left join other_invoices i on i.id = f.actual_invoice_id
 where f.kind = 'storage' and f.batch_no is not null;

-- Storage per resource package (PackageRealStoragefee): its batches' storage fees, estimated against actual.
create view storage_fee_packages as
select p.id, p.package_no, p.name, p.status as package_status, p.batch_count, p.tonnes,
       count(f.id) as fees, coalesce(sum(f.estimated), 0) as estimated,
       sum(f.actual) as actual, sum(f.actual) - sum(f.estimated) filter (where f.actual is not null) as difference,
       case when count(f.id) = 0 or count(f.actual) = 0 then 'estimated'
            when count(f.actual) = count(f.id) then 'actual' else 'partlyActual' end as cost_state,
       string_agg(distinct f.invoice_no, '，') as invoices,
       coalesce(sum(f.paid), 0) as paid
  from resource_packages p
  join resource_package_lines l on l.package_id = p.id
  left join storage_fee_batches f on f.batch_no = l.batch_no
 group by p.id;
