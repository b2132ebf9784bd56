-- Views over the journal (issue 24): the partners' running accounts (PartnerAccount: positive, the partner
-- owes the house) with each movement and its running balance (PartnerAccountDetail), and the bank journal
-- per account and day (BankerRecordDetail: opening, in, out, closing from the book, against the balance the
-- bank's statement gives for that day).
create view partner_account_lines as
select l.id, l.partner_id, e.posted_on, e.source_kind, e.source_id, e.event, l.account, e.memo,
       l.debit - l.credit as amount,
       sum(l.debit - l.credit) over (partition by l.partner_id order by e.posted_on, l.id) as running_balance
  from journal_lines l join journal_entries e on e.id = l.entry_id
 where l.partner_id is not null and l.account in ('receivables', 'payables', 'advancesReceived', 'advancesPaid');

create view partner_accounts as
select l.partner_id as id, l.partner_id, sum(l.amount) as balance,
       greatest(sum(l.amount), 0) as owed_to_house, greatest(-sum(l.amount), 0) as owed_by_house,
       sum(greatest(l.amount, 0)) as debits, sum(greatest(-l.amount, 0)) as credits,
       max(l.posted_on) as last_movement_on, count(*) as movements
  from partner_account_lines l group by l.partner_id;

create view bank_journal_days as
with days as (
  select l.bank_account_id as account_id, e.posted_on as day, sum(l.debit) as received, sum(l.credit) as paid
    from journal_lines l join journal_entries e on e.id = l.entry_id
   where l.account = 'bank' and l.bank_account_id is not null
   group by l.bank_account_id, e.posted_on
), statements as (
  select distinct on (t.account_id, t.value_date) t.account_id, t.value_date as day, t.balance_after
    from bank_transactions t where t.balance_after is not null
   order by t.account_id, t.value_date, t.id desc
), running as (
  select d.account_id, d.day, d.received, d.paid,
         a.opening_balance + sum(d.received - d.paid) over (partition by d.account_id order by d.day) as closing
    from days d join bank_accounts a on a.id = d.account_id
)
select r.account_id * 100000000 + to_char(r.day, 'YYYYMMDD')::bigint as id, r.account_id, r.day,
       r.closing - r.received + r.paid as opening, r.received, r.paid, r.closing,
       s.balance_after as statement_balance, s.balance_after - r.closing as difference
  from running r left join statements s on s.account_id = r.account_id and s.day = r.day;
