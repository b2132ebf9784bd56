-- The journal (domain-money.md decisions 5, 16; issue 24): one double-entry book for every money event. An
-- entry's lines balance (debit = credit) — checked by the database at commit, so a transaction that would
-- leave an entry unbalanced fails whole —; lines and entries are never changed or deleted (a correction is a
-- reversing entry, at most one per entry); a closed month takes no entry. Balances are views over the lines.

create table journal_accounts (
  code text primary key,
  kind text not null check (kind in ('asset', 'liability', 'income', 'expense'))
);
insert into journal_accounts (code, kind) values
  ('bank', 'asset'), ('receivables', 'asset'), ('payables', 'liability'),
  ('advancesReceived', 'liability'), ('advancesPaid', 'asset'), ('clientMarginHeld', 'liability'),
  ('supplierMarginPosted', 'asset'), ('deposits', 'asset'), ('loansPayable', 'liability'),
  ('inventory', 'asset'), ('revenue', 'income'), ('costOfSales', 'expense'), ('outputVat', 'liability'),
  ('outputVatNotInvoiced', 'liability'), ('inputVat', 'asset'), ('inputVatAwaiting', 'asset'),
  ('interestIncome', 'income'), ('interestExpense', 'expense'), ('fees', 'expense'),
  ('commissionsPayable', 'liability'), ('writeOffs', 'expense');

-- The house's bank accounts (BankerAccount): the bank lines of the journal name one, or none while unknown.
create table bank_accounts (
  id bigint generated always as identity primary key,
  bank_partner_id bigint not null references partners (id),
  branch text check (length(branch) <= 100),
  account_no text not null unique check (account_no ~ '^[0-9A-Za-z-]{4,40}$'),
  account_name text not null check (length(account_name) between 1 and 100),
  currency text not null default 'CNY' check (currency ~ '^[A-Z]{3}$'),
  kind text not null check (kind in ('basic', 'general', 'margin', 'loan')),
  opening_balance numeric(16, 2) not null default 0,
  opening_date date not null,
  status text not null default 'enabled' check (status in ('enabled', 'disabled')),
  created_by bigint references users (id),
  created_at timestamptz not null
);

-- Closed months (the first day of each): no entry is posted on a day in one.
create table journal_periods (
  month date primary key check (extract(day from month) = 1),
  closed_by bigint references users (id),
  closed_at timestamptz not null
);

create table journal_entries (
  id bigint generated always as identity primary key,
  posted_on date not null,
  -- The document behind it (clientPayment, outgoingPayment, clientMarginMovement …), and what happened to it.
  source_kind text not null,
  source_id text not null,
  event text not null,
  reverses_id bigint unique references journal_entries (id),
  memo text check (length(memo) <= 200),
  created_by bigint references users (id),
  created_at timestamptz not null,
  unique (source_kind, source_id, event)
);
create index journal_entries_by_day on journal_entries (posted_on);

create table journal_lines (
  id bigint generated always as identity primary key,
  entry_id bigint not null references journal_entries (id),
  account text not null references journal_accounts (code),
  partner_id bigint references partners (id),
  bank_account_id bigint references bank_accounts (id),
  debit numeric(16, 2) not null default 0 check (debit >= 0),
  credit numeric(16, 2) not null default 0 check (credit >= 0),
  check ((debit > 0) <> (credit > 0))
);
create index journal_lines_by_entry on journal_lines (entry_id);
create index journal_lines_by_partner on journal_lines (partner_id, account) where partner_id is not null;
create index journal_lines_by_bank on journal_lines (bank_account_id) where bank_account_id is not null;

-- At commit: each entry touched has at least two lines and its debits equal its credits.
create function journal_entry_balanced() returns trigger language plpgsql as $$
declare
  entry bigint;
  lines integer;
  debits numeric;
  credits numeric;
begin
  if tg_table_name = 'journal_entries' then entry := new.id; else entry := new.entry_id; end if;
  select count(*), coalesce(sum(debit), 0), coalesce(sum(credit), 0) into lines, debits, credits
    from journal_lines where entry_id = entry;
  if lines < 2 or debits <> credits then
    raise exception 'journal entry % does not balance: debit %, credit %, % lines', entry, debits, credits, lines
      using errcode = '23514';
  end if;
  return null;
end $$;
create constraint trigger journal_lines_balanced after insert on journal_lines
  deferrable initially deferred for each row execute function journal_entry_balanced();
create constraint trigger journal_entries_balanced after insert on journal_entries
  deferrable initially deferred for each row execute function journal_entry_balanced();

-- The book is written once.
create function journal_written_once() returns trigger language plpgsql as $$
begin
  raise exception '% is never changed: post a reversing entry', tg_table_name using errcode = '55000';
end $$;
create trigger journal_entries_once before update or delete on journal_entries
  for each row execute function journal_written_once();
create trigger journal_lines_once before update or delete on journal_lines
  for each row execute function journal_written_once();

-- A closed month takes no entry (the application refuses in words before this).
create function journal_period_open() returns trigger language plpgsql as $$
begin
  if exists (select 1 from journal_periods where month = date_trunc('month', new.posted_on)::date) then
    raise exception 'month % is closed', to_char(new.posted_on, 'YYYY-MM') using errcode = '55000';
  end if;
  return new;
end $$;
create trigger journal_entries_period before insert on journal_entries
  for each row execute function journal_period_open();

-- Posts a two-line entry for a document's event (the money events of the areas built before the journal,
-- posted by their tables' triggers below, in the same transaction as the movement).
create function journal_post_transfer(
  day date, kind text, source text, what text,
  debit_account text, debit_partner bigint, credit_account text, credit_partner bigint,
  amount numeric, author bigint, at timestamptz
) returns void language plpgsql as $$
declare
  entry bigint;
begin
  insert into journal_entries (posted_on, source_kind, source_id, event, created_by, created_at)
  values (day, kind, source, what, author, at) returning id into entry;
  insert into journal_lines (entry_id, account, partner_id, debit) values (entry, debit_account, debit_partner, amount);
  insert into journal_lines (entry_id, account, partner_id, credit) values (entry, credit_account, credit_partner, amount);
end $$;

-- A client's margin movement that moves money (src/domain/journal.ts clientMarginMoved): a deposit into the
-- bank and onto the margin held, a withdrawal the other way, interest credited as an expense.
create function journal_client_margin() returns trigger language plpgsql as $$
begin
  if new.kind = 'deposit' then
    perform journal_post_transfer(new.occurred_on, 'clientMarginMovement', new.id::text, new.kind,
      'bank', null, 'clientMarginHeld', new.partner_id, new.amount, new.created_by, new.created_at);
  elsif new.kind = 'withdraw' then
    perform journal_post_transfer(new.occurred_on, 'clientMarginMovement', new.id::text, new.kind,
      'clientMarginHeld', new.partner_id, 'bank', null, new.amount, new.created_by, new.created_at);
  elsif new.kind = 'interest' then
    perform journal_post_transfer(new.occurred_on, 'clientMarginMovement', new.id::text, new.kind,
      'interestExpense', null, 'clientMarginHeld', new.partner_id, new.amount, new.created_by, new.created_at);
  end if;
  return null;
end $$;
create trigger client_margin_movements_journal after insert on client_margin_movements
  for each row execute function journal_client_margin();

-- Margin the house posts to a supplier: paid out of the bank, or returned into it.
create function journal_purchase_margin() returns trigger language plpgsql as $$
begin
  if new.kind = 'payment' then
    perform journal_post_transfer(new.value_date, 'purchaseMarginMovement', new.id::text, new.kind,
      'supplierMarginPosted', new.supplier_id, 'bank', null, new.amount, new.created_by, new.created_at);
  elsif new.kind = 'return' then
    perform journal_post_transfer(new.value_date, 'purchaseMarginMovement', new.id::text, new.kind,
      'bank', null, 'supplierMarginPosted', new.supplier_id, new.amount, new.created_by, new.created_at);
  end if;
  return null;
end $$;
create trigger purchase_margin_movements_journal after insert on purchase_margin_movements
  for each row execute function journal_purchase_margin();

-- Movements already there when the journal starts are posted as they stand.
select journal_post_transfer(m.occurred_on, 'clientMarginMovement', m.id::text, m.kind,
         case m.kind when 'withdraw' then 'clientMarginHeld' when 'deposit' then 'bank' else 'interestExpense' end,
         case m.kind when 'withdraw' then m.partner_id end,
         case m.kind when 'withdraw' then 'bank' else 'clientMarginHeld' end,
         case m.kind when 'withdraw' then null else m.partner_id end,
         m.amount, m.created_by, m.created_at)
  from client_margin_movements m where m.kind in ('deposit', 'withdraw', 'interest') order by m.id;
select journal_post_transfer(m.value_date, 'purchaseMarginMovement', m.id::text, m.kind,
         case m.kind when 'payment' then 'supplierMarginPosted' else 'bank' end,
         case m.kind when 'payment' then m.supplier_id end,
         case m.kind when 'payment' then 'bank' else 'supplierMarginPosted' end,
         case m.kind when 'payment' then null else m.supplier_id end,
         m.amount, m.created_by, m.created_at)
  from purchase_margin_movements m where m.kind in ('payment', 'return') order by m.id;

-- Each account's balance per party and bank account, debits less credits.
create view journal_balances as
select l.account, l.partner_id, l.bank_account_id, sum(l.debit) as debit, sum(l.credit) as credit,
       sum(l.debit) - sum(l.credit) as balance
  from journal_lines l group by l.account, l.partner_id, l.bank_account_id;
