-- Bank transactions (BankDetail, domain-money.md §4.2, SM-7): the lines of the house's bank statements,
-- imported from the bank's file or entered, each unique by the bank's serial number within its account (a
-- file imported twice adds nothing), then claimed by the partner who sent or received the money.
create table bank_transactions (
  id bigint generated always as identity primary key,
  account_id bigint not null references bank_accounts (id),
  bank_serial_no text not null check (bank_serial_no ~ '^[A-Za-z0-9_-]{1,64}$'),
  value_date date not null,
  direction text not null check (direction in ('in', 'out')),
  amount numeric(16, 2) not null check (amount > 0),
  balance_after numeric(16, 2),
  counterparty_name text check (length(counterparty_name) <= 100),
  counterparty_account text check (length(counterparty_account) <= 40),
  summary text check (length(summary) <= 200),
  status text not null default 'unmatched' check (status in ('unmatched', 'claimed', 'classified')),
  partner_id bigint references partners (id),
  claimed_by bigint references users (id),
  claimed_at timestamptz,
  imported_by bigint references users (id),
  created_at timestamptz not null,
  unique (account_id, bank_serial_no),
  check (status <> 'claimed' or partner_id is not null)
);
create index bank_transactions_by_day on bank_transactions (account_id, value_date);
create index bank_transactions_by_partner on bank_transactions (partner_id) where partner_id is not null;
