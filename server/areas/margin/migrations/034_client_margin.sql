-- Client margin (domain.md §4, issue 13): each client's margin account as a ledger of movements (never an
-- edited balance), the applications to withdraw, release or move margin (approved by another person), the
-- margin calls (open → met | forced-priced) and the last requirement computed per client.

-- A call: the figures of the moment it was opened, its deadline in trading days, how it closed.
create table margin_calls (
  id bigint generated always as identity primary key,
  call_no text unique,
  partner_id bigint not null references partners (id),
  salesperson_id bigint references users (id),
  opened_on date not null,
  deadline date not null check (deadline >= opened_on),
  futures_month text,
  settlement_price numeric(12, 2),
  requirement numeric(16, 2) not null check (requirement >= 0),
  balance numeric(16, 2) not null,
  call_line numeric(16, 2) not null,
  forced_line numeric(16, 2) not null,
  amount numeric(16, 2) not null check (amount > 0),
  status text not null default 'open' check (status in ('open', 'met', 'forcedPriced')),
  closed_reason text check (closed_reason in ('margin', 'deadline', 'forcedLine')),
  closed_at timestamptz,
  summary text,
  created_at timestamptz not null,
  check ((status = 'open') = (closed_at is null))
);
-- A client has at most one open call.
create unique index margin_calls_one_open on margin_calls (partner_id) where status = 'open';
create index margin_calls_by_partner on margin_calls (partner_id, id desc);

create table client_margin_applications (
  id bigint generated always as identity primary key,
  application_no text unique,
  partner_id bigint not null references partners (id),
  kind text not null check (kind in ('withdraw', 'release', 'move')),
  from_contract_id bigint references transaction_contracts (id),
  to_contract_id bigint references transaction_contracts (id),
  amount numeric(16, 2) not null check (amount > 0),
  reason text not null,
  status text not null default 'submitted' check (status in ('submitted', 'approved', 'rejected')),
  requested_by bigint references users (id),
  requested_at timestamptz not null,
  decided_by bigint references users (id),
  decided_at timestamptz,
  check (kind = 'withdraw' or from_contract_id is not null),
  check ((kind = 'move') = (to_contract_id is not null)),
  check (to_contract_id is null or to_contract_id <> from_contract_id)
);
create index client_margin_applications_by_partner on client_margin_applications (partner_id);

-- Deposits, interest and withdrawals move money; allotments and releases move it between available and a
-- contract; a call records what was asked (it moves nothing).
create table client_margin_movements (
  id bigint generated always as identity primary key,
  movement_no text unique,
  partner_id bigint not null references partners (id),
  kind text not null check (kind in ('deposit', 'withdraw', 'interest', 'allot', 'release', 'call')),
  contract_id bigint references transaction_contracts (id),
  amount numeric(16, 2) not null check (amount > 0),
  occurred_on date not null,
  application_id bigint references client_margin_applications (id),
  call_id bigint references margin_calls (id),
  remark text,
  created_by bigint references users (id),
  created_at timestamptz not null,
  check ((kind in ('allot', 'release')) = (contract_id is not null) or kind = 'call'),
  check (kind <> 'call' or call_id is not null)
);
create index client_margin_movements_by_partner on client_margin_movements (partner_id, id);
create index client_margin_movements_by_contract on client_margin_movements (contract_id) where contract_id is not null;

-- The requirement last computed for a client (on a price, a fixing, an allotment or an application).
create table client_margin_requirements (
  partner_id bigint primary key references partners (id),
  requirement numeric(16, 2) not null,
  open_term numeric(16, 2) not null,
  fixed_loss_term numeric(16, 2) not null,
  goods_out_term numeric(16, 2) not null,
  call_line numeric(16, 2) not null,
  forced_line numeric(16, 2) not null,
  computed_at timestamptz not null
);

-- A client's account as its movements give it, against its requirement.
create view client_margin_balances as
select p.id, p.id as partner_id,
       (select r.salesperson_id from client_relations r where r.client_id = p.id) as salesperson_id,
       coalesce(m.balance, 0) as balance,
       coalesce(m.allotted, 0) as allotted,
       coalesce(m.balance, 0) - coalesce(m.allotted, 0) as available,
       coalesce(q.requirement, 0) as requirement,
       coalesce(q.open_term, 0) as open_term,
       coalesce(q.fixed_loss_term, 0) as fixed_loss_term,
       coalesce(q.goods_out_term, 0) as goods_out_term,
       coalesce(q.call_line, 0) as call_line,
       coalesce(q.forced_line, 0) as forced_line,
       greatest(0, coalesce(q.requirement, 0) - coalesce(m.balance, 0)) as shortfall,
       coalesce((select c.status from margin_calls c where c.partner_id = p.id order by c.id desc limit 1), 'none')
         as call_status,
       q.computed_at
  from partners p
  left join (
    select partner_id,
           sum(case kind when 'deposit' then amount when 'interest' then amount when 'withdraw' then -amount else 0 end)
             as balance,
           sum(case kind when 'allot' then amount when 'release' then -amount else 0 end) as allotted
      from client_margin_movements group by partner_id
  ) m on m.partner_id = p.id
  left join client_margin_requirements q on q.partner_id = p.id
 where m.partner_id is not null or q.partner_id is not null;
