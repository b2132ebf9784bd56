-- Settlements of physical cotton (domain-money.md §1, SM-1): one per contract and delivery lot, sale or
-- purchase. Its lines are the delivered batches priced per batch (fixings consumed first in, first out,
-- recorded per line) and its charges and claims (signed: + the buyer owes). A batch is settled once per side
-- while its settlement is not voided, only when its contract delivered it; lines change only in draft, and a
-- confirmed settlement's figures never change (a correction is an adjustment settlement referencing it).
create table settlements (
  id bigint generated always as identity primary key,
  settlement_no text unique,
  side text not null check (side in ('sale', 'purchase')),
  kind text not null default 'final' check (kind in ('final', 'adjustment')),
  contract_id bigint not null references transaction_contracts (id),
  partner_id bigint not null references partners (id),
  adjusts_id bigint references settlements (id),
  settle_date date not null,
  weight_basis text not null default 'certificate',
  tonnage numeric(16, 3) not null default 0,
  goods_amount numeric(16, 2) not null default 0,
  charges_amount numeric(16, 2) not null default 0,
  claims_amount numeric(16, 2) not null default 0,
  total_amount numeric(16, 2) not null default 0,
  amount_excl numeric(16, 2) not null default 0,
  vat numeric(16, 2) not null default 0,
  paid_amount numeric(16, 2) not null default 0,
  balance numeric(16, 2) not null default 0,
  tax_rate numeric(8, 4) not null,
  status text not null default 'draft'
    check (status in ('draft', 'submitted', 'approved', 'rejected', 'confirmed', 'voided')),
  confirmed_by_party text,
  confirmed_on date,
  confirmed_by bigint references users (id),
  confirmed_at timestamptz,
  remark text,
  created_by bigint not null references users (id),
  created_at timestamptz not null,
  constraint settlements_adjusts check ((kind = 'adjustment') = (adjusts_id is not null)),
  constraint settlements_confirmed check (status <> 'confirmed' or (confirmed_on is not null and confirmed_by is not null)),
  constraint settlements_total check (total_amount = goods_amount + charges_amount + claims_amount
                                      and balance = total_amount - paid_amount
                                      and amount_excl + vat = total_amount)
);
create index settlements_contract on settlements (contract_id);
create index settlements_partner on settlements (partner_id);
create index settlements_status on settlements (status, side);

create table settlement_lines (
  id bigint generated always as identity primary key,
  settlement_id bigint not null references settlements (id) on delete cascade,
  sort integer not null default 0,
  side text not null check (side in ('sale', 'purchase')),
  contract_id bigint not null references transaction_contracts (id),
  -- goods: a batch; otherwise a charge or claim kind.
  line_kind text not null check (line_kind in ('goods', 'latePaymentInterest', 'lateLiftingStorage', 'freight',
                                                 'shortfall', 'weightClaim', 'qualityClaim', 'other')),
  batch_no text references batches (batch_no),
  weight numeric(16, 3),
  quality_premium numeric(16, 2),
  futures_price numeric(20, 8),
  basis numeric(16, 2),
  unit_price numeric(16, 2),
  amount numeric(16, 2) not null,
  amount_excl numeric(16, 2) not null,
  vat numeric(16, 2) not null,
  tax_rate numeric(8, 4) not null,
  priced_by text check (priced_by in ('fixed', 'fixing', 'tolerance')),
  remark text,
  -- Holds its batch while the settlement is not voided (kept by the area's service, guarded by the index).
  open boolean not null default true,
  constraint settlement_lines_goods check ((line_kind = 'goods') = (batch_no is not null and weight > 0 and priced_by is not null)),
  constraint settlement_lines_vat check (amount_excl + vat = amount)
);
create index settlement_lines_settlement on settlement_lines (settlement_id, sort);
create index settlement_lines_contract on settlement_lines (contract_id);
-- A batch is never settled twice on a side.
create unique index settlement_lines_batch_once on settlement_lines (side, batch_no) where open and line_kind = 'goods';

-- Which fixings (or the tolerance pseudo-fixing) priced each goods line, and how many tonnes of each.
create table settlement_line_fixings (
  id bigint generated always as identity primary key,
  line_id bigint not null references settlement_lines (id) on delete cascade,
  fixing_id bigint references contract_fixings (id),
  source text not null check (source in ('fixing', 'tolerance')),
  tonnage numeric(16, 4) not null check (tonnage > 0),
  futures_price numeric(20, 8) not null,
  constraint settlement_line_fixings_source check ((source = 'fixing') = (fixing_id is not null))
);
create index settlement_line_fixings_fixing on settlement_line_fixings (fixing_id);
create index settlement_line_fixings_line on settlement_line_fixings (line_id);

-- Only what the contract delivered settles (a sale: its batch out or its receipt transferred; a purchase: the
-- house's own), and a line changes only while its settlement is a draft.
create function settlement_line_guard() returns trigger language plpgsql as $$
declare
  state text;
begin
  select s.status into state from settlements s where s.id = coalesce(new.settlement_id, old.settlement_id);
  if tg_op = 'DELETE' then
    if state is not null and state <> 'draft' then
      raise exception 'settlement line of a % settlement cannot change', state using errcode = '23514';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and (new.open is distinct from old.open)
     and row(new.amount, new.weight, new.batch_no) is not distinct from row(old.amount, old.weight, old.batch_no) then
    return new;
  end if;
  if state <> 'draft' then
    raise exception 'settlement line of a % settlement cannot change', state using errcode = '23514';
  end if;
  if new.line_kind = 'goods' and not exists (
       select 1 from transaction_contract_lines l
         join transaction_contracts c on c.id = l.contract_id
         join batches b on b.batch_no = l.batch_no
        where l.contract_id = new.contract_id and l.batch_no = new.batch_no
          and new.weight <= l.conditioned_weight
          and case when c.side = 'sale'
                   then b.status = 'out'
                        or exists (select 1 from warehouse_receipts r where r.batch_no = b.batch_no and r.holder_id is not null)
                   else b.owner_kind = 'own' end) then
    raise exception 'batch % was not delivered under contract %', new.batch_no, new.contract_id using errcode = '23514';
  end if;
  return new;
end $$;

create trigger settlement_line_guard before insert or update or delete on settlement_lines
  for each row execute function settlement_line_guard();

-- A confirmed settlement's figures never change; it may only be closed by the derived flags (not stored).
create function settlement_confirmed_frozen() returns trigger language plpgsql as $$
begin
  if old.status = 'confirmed' and (row(new.contract_id, new.tonnage, new.total_amount, new.paid_amount, new.balance, new.status)
       is distinct from row(old.contract_id, old.tonnage, old.total_amount, old.paid_amount, old.balance, old.status)) then
    raise exception 'confirmed settlement % cannot change', old.settlement_no using errcode = '23514';
  end if;
  return new;
end $$;

create trigger settlement_confirmed_frozen before update on settlements
  for each row execute function settlement_confirmed_frozen();

-- A settlement is with its contract's counterparty at its contract's tax rate: filled from the contract.
create function settlement_from_contract() returns trigger language plpgsql as $$
begin
  select c.partner_id, c.tax_rate into new.partner_id, new.tax_rate
    from transaction_contracts c where c.id = new.contract_id;
  return new;
end $$;

create trigger settlement_from_contract before insert or update of contract_id on settlements
  for each row execute function settlement_from_contract();
