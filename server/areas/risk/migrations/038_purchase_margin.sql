-- Purchase-contract margin (domain.md §4, §7; /Pcm/ and /capital/PurchaseMargin…): margin the company posts
-- to its suppliers on purchase contracts, kept as a ledger, never as an edited balance. A payment goes to a
-- supplier (onto one of their purchase contracts, or unallotted); an allotment moves margin onto a contract
-- (from the unallotted part, or from another contract of the supplier); a return comes back from a contract or
-- from the unallotted part. Balances are sums of the movements (views). Interest on the supplier's balance is
-- accrued by period at the rate and day count convention in force each day (versioned settings
-- purchaseMarginInterestPercent, purchaseMarginDayCount), with its pieces kept. The migration also carries
-- the screens' grants.
create table purchase_margin_movements (
  id bigint generated always as identity primary key,
  movement_no text unique,
  kind text not null check (kind in ('payment', 'allot', 'return')),
  supplier_id bigint not null references partners (id),
  contract_id bigint references transaction_contracts (id),
  from_contract_id bigint references transaction_contracts (id),
  amount numeric(16, 2) not null check (amount > 0),
  value_date date not null,
  remark text,
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  check (kind <> 'allot' or contract_id is not null),
  check (from_contract_id is null or (kind = 'allot' and from_contract_id <> contract_id))
);
create index purchase_margin_movements_by_supplier on purchase_margin_movements (supplier_id, value_date);
create index purchase_margin_movements_by_contract on purchase_margin_movements (contract_id);

-- What each movement does to a supplier's balance, its unallotted part and a contract's part.
create view purchase_margin_effects as
select m.id as movement_id, m.supplier_id, m.contract_id as part_contract_id, m.value_date,
       case m.kind when 'payment' then m.amount when 'return' then -m.amount else 0 end as balance_change,
       case m.kind when 'payment' then m.amount when 'return' then -m.amount else m.amount end as part_change
  from purchase_margin_movements m
union all
-- An allotment takes from where it comes from: another contract or the unallotted part.
select m.id, m.supplier_id, m.from_contract_id, m.value_date, 0, -m.amount
  from purchase_margin_movements m where m.kind = 'allot';

-- An interest accrual of a supplier's margin over a period (both days included), and its pieces (where the
-- balance, the rate or the convention changed). Periods of one supplier never overlap (checked by the save
-- under a lock on the supplier's accruals; the start day is unique besides).
create table purchase_margin_interest (
  id bigint generated always as identity primary key,
  accrual_no text unique,
  supplier_id bigint not null references partners (id),
  period_from date not null,
  period_through date not null,
  interest numeric(16, 2) not null default 0,
  days integer not null default 0,
  remark text,
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  check (period_through >= period_from),
  constraint purchase_margin_interest_one_start unique (supplier_id, period_from)
);

create table purchase_margin_interest_pieces (
  id bigint generated always as identity primary key,
  accrual_id bigint not null references purchase_margin_interest (id) on delete cascade,
  supplier_id bigint not null references partners (id),
  piece_from date not null,
  piece_through date not null,
  days integer not null check (days > 0),
  balance numeric(16, 2) not null,
  rate_percent numeric(8, 4) not null,
  day_count text not null check (day_count in ('ACT/365', 'ACT/360')),
  interest numeric(16, 2) not null
);
create index purchase_margin_interest_pieces_by_accrual on purchase_margin_interest_pieces (accrual_id);

-- Per supplier: paid, returned, balance, allotted to contracts, unallotted, and interest accrued.
create view purchase_margin_balances as
select p.id, p.id as supplier_id,
       coalesce((select sum(amount) from purchase_margin_movements m where m.supplier_id = p.id and m.kind = 'payment'), 0) as paid,
       coalesce((select sum(amount) from purchase_margin_movements m where m.supplier_id = p.id and m.kind = 'return'), 0) as returned,
       coalesce((select sum(balance_change) from purchase_margin_effects e where e.supplier_id = p.id), 0) as balance,
       coalesce((select sum(part_change) from purchase_margin_effects e where e.supplier_id = p.id and e.part_contract_id is not null), 0) as allotted,
       coalesce((select sum(part_change) from purchase_margin_effects e where e.supplier_id = p.id and e.part_contract_id is null), 0) as unallotted,
       coalesce((select sum(interest) from purchase_margin_interest i where i.supplier_id = p.id), 0) as interest_accrued,
       (select max(value_date) from purchase_margin_movements m where m.supplier_id = p.id) as last_value_date
  from partners p
 where exists (select 1 from purchase_margin_movements m where m.supplier_id = p.id);

-- Per purchase contract (and its supplier): paid onto it, allotted onto it, moved off it, returned from it,
-- and what it holds.
create view purchase_contract_margins as
select c.id, c.id as contract_id, c.partner_id as supplier_id,
       coalesce(sum(m.amount) filter (where m.kind = 'payment' and m.contract_id = c.id), 0) as paid,
       coalesce(sum(m.amount) filter (where m.kind = 'allot' and m.contract_id = c.id), 0) as allotted_in,
       coalesce(sum(m.amount) filter (where m.kind = 'allot' and m.from_contract_id = c.id), 0) as moved_out,
       coalesce(sum(m.amount) filter (where m.kind = 'return' and m.contract_id = c.id), 0) as returned,
       coalesce(sum(case when m.contract_id = c.id and m.kind in ('payment', 'allot') then m.amount
                         when m.contract_id = c.id and m.kind = 'return' then -m.amount
                         when m.from_contract_id = c.id then -m.amount else 0 end), 0) as held,
       max(m.value_date) as last_value_date
  from transaction_contracts c
  join purchase_margin_movements m on m.contract_id = c.id or m.from_contract_id = c.id
 group by c.id, c.partner_id;

-- Applications to pay margin to a supplier or take it back (PurchaseMarginBalanceApply): the desk applies,
-- finance approves; the approval posts the movement (dated the day of the approval) and keeps it here.
create table purchase_margin_applications (
  id bigint generated always as identity primary key,
  apply_no text unique,
  kind text not null check (kind in ('payment', 'return')),
  supplier_id bigint not null references partners (id),
  contract_id bigint references transaction_contracts (id),
  amount numeric(16, 2) not null check (amount > 0),
  reason text not null,
  status text not null default 'draft' check (status in ('draft', 'submitted', 'approved', 'rejected')),
  movement_id bigint unique references purchase_margin_movements (id),
  created_by bigint references users (id),
  created_at timestamptz not null default now(),
  check (movement_id is null or status = 'approved')
);
