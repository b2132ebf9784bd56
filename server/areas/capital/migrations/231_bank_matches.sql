-- Bank lines claimed and matched (domain-money.md §4.2 SM-7, §4.3, decision 13; issue 24): a claimed line of
-- the statement is matched (核销) to the documents it pays or receives — a client's payment received for an
-- `in` line, a payment out paid from the same account for an `out` line —, in part or in full. A match is
-- never edited: undone, it keeps who undid it and when. A client payment is booked on no particular account
-- when received; its match moves it onto the account the bank says (a balanced entry of the journal, in the
-- same transaction). The bank journal per account and day then reconciles the book with the statement.
alter table bank_transactions drop constraint bank_transactions_status_check;
alter table bank_transactions add constraint bank_transactions_status_check
  check (status in ('unmatched', 'claimed', 'partlyMatched', 'matched', 'classified'));
alter table bank_transactions add constraint bank_transactions_matched_partner
  check (status not in ('partlyMatched', 'matched') or partner_id is not null);

create table bank_matches (
  id bigint generated always as identity primary key,
  transaction_id bigint not null references bank_transactions (id),
  target_kind text not null check (target_kind in ('clientPayment', 'outgoingPayment')),
  client_payment_id bigint references client_payments (id),
  outgoing_payment_id bigint references outgoing_payments (id),
  amount numeric(16, 2) not null check (amount > 0),
  matched_by bigint not null references users (id),
  matched_at timestamptz not null,
  undone_by bigint references users (id),
  undone_at timestamptz,
  check ((target_kind = 'clientPayment') = (client_payment_id is not null)),
  check ((target_kind = 'outgoingPayment') = (outgoing_payment_id is not null)),
  check ((undone_by is null) = (undone_at is null))
);
create index bank_matches_by_transaction on bank_matches (transaction_id) where undone_at is null;
create index bank_matches_by_client_payment on bank_matches (client_payment_id) where undone_at is null;
create index bank_matches_by_outgoing_payment on bank_matches (outgoing_payment_id) where undone_at is null;

-- The bank journal per account and day (BankerRecordDetail): every day the book or the statement moves, the
-- book's opening, in, out and closing; the statement's balance that day (its last line on or before it); the
-- four reconciling items of decision 13 as they stand; and the difference left between
-- book + bank received not booked − bank paid not booked and
-- statement + booked received not in bank − booked paid not in bank (0.00 when they agree; the rule is
-- src/domain/bankStatements.ts `reconcile`). A line of the statement is booked as far as it is matched; a
-- payment out is in the bank as far as it is matched to a line; a match's own entry is the bank's.
drop view bank_journal_days;
create view bank_journal_days as
with book as (
  select l.bank_account_id as account_id, e.posted_on as day, e.source_kind, e.source_id, e.event,
         l.debit, l.credit
    from journal_lines l join journal_entries e on e.id = l.entry_id
   where l.account = 'bank' and l.bank_account_id is not null
), days as (
  select account_id, day from book
  union
  select account_id, value_date from bank_transactions
), matched as (
  select m.transaction_id, sum(m.amount) as amount from bank_matches m
   where m.undone_at is null group by m.transaction_id
), figures as (
  select d.account_id, d.day, a.opening_balance,
         (select coalesce(sum(b.debit), 0) from book b where b.account_id = d.account_id and b.day = d.day) as received,
         (select coalesce(sum(b.credit), 0) from book b where b.account_id = d.account_id and b.day = d.day) as paid,
         a.opening_balance + (select coalesce(sum(b.debit - b.credit), 0) from book b
                               where b.account_id = d.account_id and b.day <= d.day) as closing,
         (select t.balance_after from bank_transactions t
           where t.account_id = d.account_id and t.value_date <= d.day and t.balance_after is not null
           order by t.value_date desc, t.id desc limit 1) as statement_balance,
         (select coalesce(sum(t.amount - coalesce(m.amount, 0)), 0) from bank_transactions t
            left join matched m on m.transaction_id = t.id
           where t.account_id = d.account_id and t.value_date <= d.day and t.direction = 'in') as bank_received_not_booked,
         (select coalesce(sum(t.amount - coalesce(m.amount, 0)), 0) from bank_transactions t
            left join matched m on m.transaction_id = t.id
           where t.account_id = d.account_id and t.value_date <= d.day and t.direction = 'out') as bank_paid_not_booked,
         (select coalesce(sum(b.debit), 0) from book b
           where b.account_id = d.account_id and b.day <= d.day and b.source_kind <> 'bankMatch')
           as booked_received_not_in_bank,
         (select coalesce(sum(b.credit), 0) from book b
           where b.account_id = d.account_id and b.day <= d.day and b.source_kind <> 'bankMatch')
         - (select coalesce(sum(m.amount), 0) from bank_matches m join bank_transactions t on t.id = m.transaction_id
             where m.undone_at is null and m.target_kind = 'outgoingPayment'
               and t.account_id = d.account_id and t.value_date <= d.day) as booked_paid_not_in_bank
    from days d join bank_accounts a on a.id = d.account_id
)
select f.account_id * 100000000 + to_char(f.day, 'YYYYMMDD')::bigint as id, f.account_id, f.day,
       f.closing - f.received + f.paid as opening, f.received, f.paid, f.closing, f.statement_balance,
       f.bank_received_not_booked, f.bank_paid_not_booked, f.booked_received_not_in_bank,
       f.booked_paid_not_in_bank,
       f.closing + f.bank_received_not_booked - f.bank_paid_not_booked as adjusted_book,
       f.statement_balance + f.booked_received_not_in_bank - f.booked_paid_not_in_bank as adjusted_bank,
       (f.closing + f.bank_received_not_booked - f.bank_paid_not_booked)
       - (f.statement_balance + f.booked_received_not_in_bank - f.booked_paid_not_in_bank) as difference
  from figures f;
