-- One contract model for purchases and sales of every kind (issue 11): the transaction contracts gain the
-- salesperson, goods, delivery and payment terms, and the pricing figures their fixings keep; a blank number
-- and tax rate are filled from the settings when saved. Existing rows keep their values and are read as
-- unpriced with nothing fixed.
alter table transaction_contracts alter column contract_no drop not null;
alter table transaction_contracts alter column tax_rate drop not null;
alter table transaction_contracts
  add column salesperson_id bigint references users (id),
  add column crop_year text,
  add column quality_spec text,
  add column quality_premium numeric(16, 2),
  add column warehouse_id bigint references warehouses (id),
  add column delivery_from date,
  add column delivery_to date,
  add column payment_terms text,
  -- Only a contract priced later has a pricing state (unpriced → partial → priced).
  add column pricing_state text,
  add column fixed_tonnage numeric(16, 4) not null default 0,
  add column average_fixed_price numeric(16, 2),
  add column approval_level text,
  add column approval_reasons text,
  add column version integer not null default 1;

update transaction_contracts
   set pricing_party = case when kind in ('basis', 'deferred') then case side when 'sale' then 'buyer' else 'seller' end end,
       pricing_state = case when kind in ('basis', 'deferred') then 'unpriced' end;

alter table transaction_contracts
  add constraint transaction_contracts_side check (side in ('purchase', 'sale')),
  add constraint transaction_contracts_kind check (kind in ('spot', 'basis', 'deferred', 'provisional')),
  add constraint transaction_contracts_pricing_state check (pricing_state in ('unpriced', 'partial', 'priced')),
  -- The last guard against over-fixing: what is fixed never exceeds the contract's tonnage.
  add constraint transaction_contracts_fixed_within check (fixed_tonnage >= 0 and fixed_tonnage <= tonnage);

create index transaction_contracts_partner on transaction_contracts (partner_id);
-- The list's default order (newest signed first, then by id), so its first page reads a few index rows.
create index transaction_contracts_sign_date on transaction_contracts (sign_date desc nulls last, id);
create index transaction_contracts_status on transaction_contracts (status);

-- A line names a batch or a grade spec.
alter table transaction_contract_lines alter column batch_no drop not null;
alter table transaction_contract_lines add column grade_spec text;
alter table transaction_contract_lines
  add constraint transaction_contract_lines_batch_or_grade check (batch_no is not null or grade_spec is not null);

-- A batch is never in two open sales: a line of an open sale claims its batch (open_sale), and only one
-- line may claim a batch. Kept by triggers, so no writer can forget it.
alter table transaction_contract_lines add column open_sale boolean not null default false;

create function contract_is_open_sale(side text, status text) returns boolean language sql immutable as
$$ select side = 'sale' and status not in ('voided', 'completed') $$;

create function contract_line_claims_batch() returns trigger language plpgsql as $$
begin
  select contract_is_open_sale(c.side, c.status) and new.batch_no is not null into new.open_sale
    from transaction_contracts c where c.id = new.contract_id;
  return new;
end $$;

create trigger contract_line_claims_batch before insert or update of contract_id, batch_no
  on transaction_contract_lines for each row execute function contract_line_claims_batch();

create function contract_lines_follow_status() returns trigger language plpgsql as $$
begin
  update transaction_contract_lines
     set open_sale = contract_is_open_sale(new.side, new.status) and batch_no is not null
   where contract_id = new.id;
  return new;
end $$;

create trigger contract_lines_follow_status after update of status, side on transaction_contracts
  for each row execute function contract_lines_follow_status();

update transaction_contract_lines l set open_sale = contract_is_open_sale(c.side, c.status) and l.batch_no is not null
  from transaction_contracts c where c.id = l.contract_id;

create unique index transaction_contract_lines_one_open_sale on transaction_contract_lines (batch_no) where open_sale;

-- Document numbers by prefix (a contract's CG202611-0001): one counter row per prefix, taken under its lock.
create table document_counters (
  prefix text primary key,
  last_value integer not null
);
