-- Money clients pay on their sale contracts (issue 13): goods payments and, on deferred pricing, provisional
-- payments for goods out before they are priced. A payment counts once received (paid) until reversed; the
-- margin requirement and the client's credit read what is received per contract from the view below.
create table client_payments (
  id bigint generated always as identity primary key,
  payment_no text unique,
  partner_id bigint not null references partners (id),
  contract_id bigint not null references transaction_contracts (id),
  kind text not null check (kind in ('goods', 'provisional')),
  amount numeric(16, 2) not null check (amount > 0 and amount < 10000000000),
  received_on date not null,
  bank_reference text check (length(bank_reference) <= 64),
  remark text check (length(remark) <= 200),
  status text not null default 'draft'
    check (status in ('draft', 'submitted', 'approved', 'rejected', 'paid', 'reconciled', 'reversed')),
  created_by bigint references users (id),
  created_at timestamptz not null
);
create index client_payments_by_partner on client_payments (partner_id);
create index client_payments_by_contract on client_payments (contract_id);

-- What each contract's client has paid and not had reversed, by kind.
create view contract_payments as
select contract_id,
       sum(amount) filter (where kind = 'goods') as goods_paid,
       sum(amount) filter (where kind = 'provisional') as provisional_paid,
       sum(amount) as paid
  from client_payments
 where status in ('paid', 'reconciled')
 group by contract_id;
