-- Payments out (domain-money.md §4.5, SM-6; issue 24): a payment application to a supplier for goods
-- (prepayment, goods, final balance) on one of its purchase contracts, or for a fee on its fee record, or for
-- interest, margin or another cost. Checked by someone other than its submitter, approved finally by someone
-- other than both when the setting asks it, paid from one of the house's bank accounts (posted to the
-- journal in the same transaction). Client payments received before the journal started are posted as they
-- stand.
create table outgoing_payments (
  id bigint generated always as identity primary key,
  payment_no text unique,
  payment_kind text not null check (payment_kind in ('purchase', 'other')),
  payee_id bigint not null references partners (id),
  purpose text not null check (purpose in ('prepayment', 'goods', 'final', 'freight', 'storage', 'insurance',
    'supervision', 'inspection', 'interest', 'margin', 'other')),
  contract_id bigint references transaction_contracts (id),
  fee_id bigint references warehouse_fees (id),
  amount numeric(16, 2) not null check (amount > 0 and amount < 10000000000),
  payee_bank text not null check (length(payee_bank) between 1 and 100),
  payee_account_no text not null check (payee_account_no ~ '^[0-9A-Za-z-]{4,40}$'),
  requested_pay_date date not null,
  remark text check (length(remark) <= 200),
  status text not null default 'draft' check (status in ('draft', 'submitted', 'checked', 'approved', 'paid',
    'rejected', 'cancelled', 'returned')),
  final_required boolean not null default false,
  bank_account_id bigint references bank_accounts (id),
  paid_on date,
  submitted_by bigint references users (id),
  checked_by bigint references users (id),
  approved_by bigint references users (id),
  paid_by bigint references users (id),
  created_by bigint references users (id),
  created_at timestamptz not null,
  -- Goods money names its purchase contract; a fee payment names at most its fee record.
  check ((purpose in ('prepayment', 'goods', 'final')) = (contract_id is not null)),
  check (fee_id is null or purpose in ('freight', 'storage', 'insurance', 'supervision', 'inspection')),
  check (status not in ('paid', 'returned') or (paid_on is not null and bank_account_id is not null)),
  -- Four eyes: the checker is not the submitter, the final approver neither of them.
  check (checked_by is null or checked_by is distinct from submitted_by),
  check (approved_by is null or not final_required
         or (approved_by is distinct from submitted_by and approved_by is distinct from checked_by))
);
create index outgoing_payments_by_contract on outgoing_payments (contract_id) where contract_id is not null;
create index outgoing_payments_by_fee on outgoing_payments (fee_id) where fee_id is not null;
create index outgoing_payments_by_payee on outgoing_payments (payee_id, requested_pay_date);

select journal_post_transfer(p.received_on, 'clientPayment', p.id::text, 'received',
         'bank', null, 'receivables', p.partner_id, p.amount, p.created_by, p.created_at)
  from client_payments p where p.status in ('paid', 'reconciled') order by p.id;
