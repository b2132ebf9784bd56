-- The supplier statement of account (issue 26, C13 PurchaseBill): per supplier, in date order, what the house
-- owes by its confirmed purchase settlements and what it paid them (purchase payments out, paid and not
-- returned); each line signed as it moves the balance (+ owed, − paid), so a supplier's balance is the sum
-- of its lines. Invoices received join when they are built. A view, read only; row ids odd and even apart.
create view purchase_bills as
select s.id * 2 as id, 'settlement' as entry_kind, s.settle_date as entry_date, s.partner_id, s.contract_id,
       coalesce(s.settlement_no, s.id::text) as document_no, s.total_amount as charged_amount,
       0::numeric(16, 2) as paid_amount, s.total_amount as balance_amount
  from settlements s
 where s.side = 'purchase' and s.status = 'confirmed'
union all
select p.id * 2 + 1, 'payment', p.paid_on, p.payee_id, p.contract_id, coalesce(p.payment_no, p.id::text),
       0::numeric(16, 2), p.amount, -p.amount
  from outgoing_payments p
 where p.payment_kind = 'purchase' and p.status = 'paid' and p.paid_on is not null;
