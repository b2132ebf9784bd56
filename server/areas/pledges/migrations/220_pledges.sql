-- Pledge financing (domain-money.md §3, SM-8, SM-9, SM-10; issue 24): the house pledges its batches (or the
-- batches of its warehouse receipts) to a bank for a loan. The loan, the deposits paid to meet calls, the
-- principal repaid at redemptions and the interest are journal entries of source kind 'pledge' (the loan
-- outstanding and the deposit are sums of them, never kept here); these tables hold the documents.

create table pledges (
  id bigint generated always as identity primary key,
  pledge_no text unique check (length(pledge_no) <= 32),
  bank_id bigint not null references partners (id),
  loan_no text check (length(loan_no) <= 64),
  bank_account_id bigint references bank_accounts (id),
  principal numeric(16, 2) not null check (principal > 0),
  draw_date date,
  due_date date not null,
  -- The facility's terms: those given, else the settings in force when the pledge is saved (never left blank).
  advance_percent numeric(7, 4) check (advance_percent > 0 and advance_percent <= 100),
  warning_percent numeric(7, 4),
  call_percent numeric(7, 4),
  disposal_percent numeric(7, 4) check (disposal_percent <= 100),
  valuation text check (valuation in ('market', 'lowerOfCostOrMarket')),
  rate_percent numeric(9, 6) check (rate_percent >= 0 and rate_percent <= 50),
  day_count text check (day_count in ('ACT/365', 'ACT/360')),
  interest_ends text check (interest_ends in ('firstNotLast', 'both')),
  status text not null default 'draft' check (status in ('draft', 'submitted', 'approved', 'pledged',
    'partlyRedeemed', 'redeemed', 'rejected', 'voided', 'disposed')),
  -- The latest valuation (pledge_valuations keeps each day's).
  risk_status text not null default 'normal' check (risk_status in ('normal', 'warning', 'called', 'disposing')),
  remark text check (length(remark) <= 200),
  submitted_by bigint references users (id),
  approved_by bigint references users (id),
  drawn_by bigint references users (id),
  created_by bigint references users (id),
  created_at timestamptz not null,
  check (advance_percent <= warning_percent and warning_percent <= call_percent
         and call_percent <= disposal_percent),
  check (due_date >= draw_date)
);

-- The batches pledged: their tonnes and value at pledge, the state they return to, and when they were freed.
create table pledge_lines (
  id bigint generated always as identity primary key,
  pledge_id bigint not null references pledges (id) on delete cascade,
  sort integer not null default 0,
  batch_no text not null references batches (batch_no) on update cascade,
  receipt_no text,
  tonnes numeric(12, 4),
  price_at_pledge numeric(12, 2),
  value_at_pledge numeric(16, 2),
  returns_to text,
  redemption_id bigint,
  released_on date,
  unique (pledge_id, batch_no)
);
create index pledge_lines_by_batch on pledge_lines (batch_no);

-- A batch is pledged once at a time: two live pledges never hold it (the batch's state says it too).
create unique index pledge_lines_one_live on pledge_lines (batch_no)
  where released_on is null and returns_to is not null;

-- The daily revaluation (RedeemEval's history, kept for risk): one row a pledge a day.
create table pledge_valuations (
  id bigint generated always as identity primary key,
  pledge_id bigint not null references pledges (id),
  valued_on date not null,
  futures_month text,
  settlement numeric(12, 2),
  collateral_value numeric(16, 2) not null,
  principal numeric(16, 2) not null,
  deposit numeric(16, 2) not null,
  ltv_percent numeric(9, 2),
  risk_status text not null check (risk_status in ('normal', 'warning', 'called', 'disposing')),
  cash_top_up numeric(16, 2) not null,
  collateral_top_up numeric(16, 2) not null,
  lines jsonb not null,
  valued_by bigint references users (id),
  valued_at timestamptz not null,
  unique (pledge_id, valued_on)
);

-- A call (补仓通知) when the LTV reaches the call line: open → met | disposed.
create table pledge_calls (
  id bigint generated always as identity primary key,
  call_no text unique,
  pledge_id bigint not null references pledges (id),
  raised_on date not null,
  deadline date not null,
  ltv_percent numeric(9, 2) not null,
  collateral_value numeric(16, 2) not null,
  cash_required numeric(16, 2) not null,
  collateral_required numeric(16, 2) not null,
  status text not null default 'open' check (status in ('open', 'met', 'disposed')),
  bank_account_id bigint references bank_accounts (id),
  paid_amount numeric(16, 2) check (paid_amount > 0),
  closed_on date,
  closed_by bigint references users (id),
  raised_by bigint references users (id),
  raised_at timestamptz not null
);
create unique index pledge_calls_one_open on pledge_calls (pledge_id) where status = 'open';

-- A redemption (赎货, SM-9): batches freed against the principal due and its interest, paid by a matched bank
-- transaction, then released.
create table pledge_redemptions (
  id bigint generated always as identity primary key,
  redemption_no text unique,
  pledge_id bigint not null references pledges (id),
  status text not null default 'draft' check (status in ('draft', 'submitted', 'approved', 'paid',
    'released', 'rejected', 'cancelled')),
  quoted_on date,
  collateral_value numeric(16, 2),
  redeemed_value numeric(16, 2),
  principal_outstanding numeric(16, 2),
  pro_rata numeric(16, 2),
  keep_ltv numeric(16, 2),
  principal_due numeric(16, 2),
  interest_from date,
  interest_due numeric(16, 2),
  total_due numeric(16, 2),
  bank_transaction_id bigint unique references bank_transactions (id),
  paid_on date,
  released_on date,
  remark text check (length(remark) <= 200),
  submitted_by bigint references users (id),
  approved_by bigint references users (id),
  paid_by bigint references users (id),
  released_by bigint references users (id),
  created_by bigint references users (id),
  created_at timestamptz not null
);

create table pledge_redemption_lines (
  id bigint generated always as identity primary key,
  redemption_id bigint not null references pledge_redemptions (id) on delete cascade,
  sort integer not null default 0,
  batch_no text not null,
  unique (redemption_id, batch_no)
);

alter table pledge_lines add foreign key (redemption_id) references pledge_redemptions (id);

-- Interest on a pledge's loan for a period (SurchargeInterest, SM-10): computed → confirmed → billed | waived.
create table pledge_interest (
  id bigint generated always as identity primary key,
  interest_no text unique,
  pledge_id bigint not null references pledges (id),
  period_from date not null,
  period_to date not null check (period_to >= period_from),
  pieces jsonb not null,
  amount numeric(16, 2) not null check (amount >= 0),
  status text not null default 'computed' check (status in ('computed', 'confirmed', 'billed', 'waived')),
  bank_account_id bigint references bank_accounts (id),
  billed_on date,
  computed_by bigint references users (id),
  confirmed_by bigint references users (id),
  billed_by bigint references users (id),
  created_at timestamptz not null
);

-- The loan outstanding and the deposit of each pledge: sums of its journal lines.
create view pledge_balances as
select p.id as pledge_id,
       coalesce(sum(l.credit - l.debit) filter (where l.account = 'loansPayable'), 0) as principal,
       coalesce(sum(l.debit - l.credit) filter (where l.account = 'deposits'), 0) as deposit,
       coalesce(sum(l.debit) filter (where l.account = 'interestExpense'), 0) as interest_paid
  from pledges p
  left join journal_entries e on e.source_kind = 'pledge' and e.source_id = p.id::text
  left join journal_lines l on l.entry_id = e.id
 group by p.id;

-- Released batches (ResourceRelease): one row per batch freed by a paid redemption.
create view pledge_releases as
select l.id, r.redemption_no, r.id as redemption_id, r.pledge_id, l.batch_no, l.receipt_no, l.tonnes,
       l.returns_to, l.released_on, r.released_by, r.total_due, r.bank_transaction_id
  from pledge_lines l join pledge_redemptions r on r.id = l.redemption_id
 where l.released_on is not null;

-- Unredeemed per pledge and batch (UnRedemAccountDetail).
create view pledge_unredeemed as
select l.id, l.pledge_id, p.pledge_no, p.bank_id, l.batch_no, l.tonnes, l.value_at_pledge,
       case when l.released_on is null then l.tonnes else 0 end as unredeemed_tonnes,
       case when l.released_on is not null then l.tonnes else 0 end as redeemed_tonnes,
       (select (v.line ->> 'value')::numeric from pledge_valuations pv,
               jsonb_array_elements(pv.lines) v(line)
         where pv.pledge_id = l.pledge_id and v.line ->> 'batchNo' = l.batch_no and l.released_on is null
         order by pv.valued_on desc limit 1) as current_value,
       b.principal, b.deposit, p.due_date, p.status, p.risk_status,
       (select pv.ltv_percent from pledge_valuations pv where pv.pledge_id = l.pledge_id
         order by pv.valued_on desc limit 1) as ltv_percent,
       l.released_on
  from pledge_lines l
  join pledges p on p.id = l.pledge_id
  join pledge_balances b on b.pledge_id = p.id
 where p.status in ('pledged', 'partlyRedeemed', 'redeemed', 'disposed');

-- A pledged batch stays pledged while a drawn pledge holds it: it is not sold, reserved, shipped, moved or
-- receipted away (domain-money.md §3.2 rule 9, allowSaleOfPledged = false). Releasing the line first frees it.
create function pledged_batch_held() returns trigger language plpgsql as $$
declare
  held text;
begin
  if old.status = 'pledged' and new.status is distinct from 'pledged' then
    select p.pledge_no into held from pledge_lines l join pledges p on p.id = l.pledge_id
     where l.batch_no = old.batch_no and l.released_on is null and l.returns_to is not null
       and p.status in ('pledged', 'partlyRedeemed')
     limit 1;
    if held is not null then
      raise exception 'batch % is pledged under %', old.batch_no, held using errcode = 'P0001';
    end if;
  end if;
  return new;
end $$;
create trigger batches_pledged_held before update of status on batches
  for each row execute function pledged_batch_held();
