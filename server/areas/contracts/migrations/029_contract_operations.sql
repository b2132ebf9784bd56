-- Operations on contracts and client orders past their signing (issue 11): splitting and combining contracts,
-- moving a contract to another salesperson on a manager's approval, and the sales manager's checks of
-- client price orders (an order past the settings' limits waits for approval; a cancellation is requested
-- and done on approval). One migration for the version: the client order part (the pricing area's table)
-- is at the end.

-- A split or a combination (拆分 / 合并): which contracts it closed (sources) and which it made (results).
create table contract_sep_combs (
  id bigint generated always as identity primary key,
  operation_no text not null unique,
  operation text not null check (operation in ('split', 'combine')),
  partner_id bigint not null references partners (id),
  side text not null check (side in ('purchase', 'sale')),
  futures_month text,
  tonnage numeric(16, 4) not null check (tonnage > 0),
  reason text not null,
  created_by bigint not null references users (id),
  created_at timestamptz not null
);
create index contract_sep_combs_partner on contract_sep_combs (partner_id);

create table contract_sep_comb_parts (
  id bigint generated always as identity primary key,
  sep_comb_id bigint not null references contract_sep_combs (id),
  contract_id bigint not null references transaction_contracts (id),
  role text not null check (role in ('source', 'result')),
  tonnage numeric(16, 4) not null check (tonnage > 0),
  fixed_tonnage numeric(16, 4) not null default 0,
  average_fixed_price numeric(16, 2),
  sort integer not null default 0,
  unique (sep_comb_id, contract_id)
);
create index contract_sep_comb_parts_contract on contract_sep_comb_parts (contract_id);

-- A contract closed by a split or combination is superseded by it; a contract it made names its origin.
alter table transaction_contracts
  add column superseded_by bigint references contract_sep_combs (id),
  add column origin_sep_comb_id bigint references contract_sep_combs (id),
  add constraint transaction_contracts_superseded check ((status = 'superseded') = (superseded_by is not null));

-- A superseded sale holds no batch any more (its lines went to the contract that replaced it).
create or replace function contract_is_open_sale(side text, status text) returns boolean language sql immutable as
$$ select side = 'sale' and status not in ('voided', 'completed', 'superseded') $$;

-- A fixing carried into a split part or a combined contract names the fixing it came from: it is the same
-- price fixed once, already hedged when it was made, never a new fixing to hedge.
alter table contract_fixings add column carried_from bigint references contract_fixings (id);

-- A request to move a contract to another salesperson (and so to their client book), approved by a manager.
create table contract_transfers (
  id bigint generated always as identity primary key,
  contract_id bigint not null references transaction_contracts (id),
  partner_id bigint not null references partners (id),
  comment text,
  from_salesperson_id bigint references users (id),
  to_salesperson_id bigint not null references users (id),
  reason text not null,
  status text not null default 'submitted' check (status in ('submitted', 'approved', 'rejected')),
  requested_by bigint references users (id),
  requested_at timestamptz,
  decided_by bigint references users (id),
  decided_at timestamptz,
  check (from_salesperson_id is distinct from to_salesperson_id)
);
create index contract_transfers_contract on contract_transfers (contract_id);
-- One open request per contract.
create unique index contract_transfers_one_open on contract_transfers (contract_id) where status = 'submitted';

-- ── Client price orders (the pricing area's table) ──────────────────────────────────────────────────────
-- An order past the settings' limits is checked by the sales manager before it waits for the market.
alter table client_price_orders drop constraint client_price_orders_status_check;
alter table client_price_orders
  add constraint client_price_orders_status_check
    check (status in ('checking', 'pending', 'filled', 'cancelled', 'rejected')),
  add column check_reasons text;

-- A request to cancel a client's order, done when the sales manager approves it.
create table client_order_revocations (
  id bigint generated always as identity primary key,
  order_id bigint not null references client_price_orders (id),
  partner_id bigint references partners (id),
  reason text not null,
  status text not null default 'submitted' check (status in ('submitted', 'approved', 'rejected')),
  requested_by bigint references users (id),
  requested_at timestamptz
);
create index client_order_revocations_order on client_order_revocations (order_id);
create unique index client_order_revocations_one_open on client_order_revocations (order_id)
  where status = 'submitted';

-- ── Sales desk reports over contracts and orders (read by the pricing area's screens) ──────────────────
-- A client's sales in one futures month (a spot sale: no month) taken together: contracts in force or done.
create view sale_contract_packages as
-- A package is named by its first contract (ids are numbers): each contract is in one package only.
select min(c.id) as id,
       c.partner_id, c.futures_month,
       count(*)::int as contract_count,
       sum(c.tonnage) as tonnage,
       sum(c.fixed_tonnage) filter (where c.pricing_state is not null) as fixed_tonnage,
       sum(c.tonnage - c.fixed_tonnage) filter (where c.pricing_state is not null) as open_tonnage,
       round(sum(c.average_fixed_price * c.fixed_tonnage) filter (where c.fixed_tonnage > 0)
             / nullif(sum(c.fixed_tonnage) filter (where c.fixed_tonnage > 0), 0), 2) as average_fixed_price,
       round(coalesce(sum(c.unit_price * case when c.pricing_state is null then c.tonnage else c.fixed_tonnage end), 0), 2)
         as amount,
       min(c.sign_date) as first_signed, max(c.sign_date) as last_signed
  from transaction_contracts c
 where c.side = 'sale' and c.status in ('approved', 'executing', 'completed')
 group by c.partner_id, c.futures_month;

-- A client's price orders in one futures month taken together.
create view client_order_packages as
select min(o.id) as id,
       o.partner_id, o.futures_month,
       count(*)::int as order_count,
       coalesce(sum(o.tonnage) filter (where o.status in ('pending', 'checking')
                                        and o.valid_until >= (now() at time zone 'Asia/Shanghai')::date), 0)
         as waiting_tonnage,
       coalesce(sum(o.tonnage) filter (where o.status = 'filled'), 0) as filled_tonnage,
       round(sum(o.filled_price * o.tonnage) filter (where o.status = 'filled')
             / nullif(sum(o.tonnage) filter (where o.status = 'filled'), 0), 2) as average_filled_price,
       round(coalesce(sum(o.filled_price * o.tonnage) filter (where o.status = 'filled'), 0), 2) as filled_amount,
       max(o.placed_at) as last_placed_at
  from client_price_orders o
 where o.partner_id is not null and o.futures_month is not null
 group by o.partner_id, o.futures_month;

-- The client's price sheet: every quote of the sheet in use over the latest settlement price of its month.
create view client_prices as
select l.id, s.sheet_no, s.effective_from, l.futures_month, l.warehouse_id, l.colour_grade, l.length_grade, l.basis,
       p.trade_date as settlement_date, p.settlement_price
  from sales_basis_lines l
  join sales_basis_sheets s on s.id = l.sheet_id and s.status = 'active'
  left join lateral (select f.trade_date, f.settlement_price from futures_prices f
                      where f.futures_month = l.futures_month and f.settlement_price is not null
                      order by f.trade_date desc limit 1) p on true;
