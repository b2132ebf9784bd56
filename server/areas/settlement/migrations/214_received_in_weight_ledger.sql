-- The invoice-by-weight ledger counts, on the purchase side, the received invoices' lines matched to the
-- settlement lines (§2.7: "on the purchase side the same ledger counts received invoices"), while their invoice
-- is not rejected.
create or replace view invoice_weight_lines as
select b.id, 'blue' as colour, i.invoice_no, i.issue_date, i.issued_at as at, l.contract_id, l.settlement_id,
       b.settlement_line_id, b.batch_no, coalesce(b.quantity, 0) as quantity, b.amount
  from issued_invoice_lines b
  join issued_invoices i on i.id = b.invoice_id
  join settlement_lines l on l.id = b.settlement_line_id
union all
select r.id, 'red', f.red_invoice_no, f.red_issue_date, f.issued_at, l.contract_id, l.settlement_id,
       b.settlement_line_id, r.batch_no, r.quantity, r.amount
  from red_form_lines r
  join red_forms f on f.id = r.form_id and f.status = 'issued'
  join issued_invoice_lines b on b.id = r.blue_line_id
  join settlement_lines l on l.id = b.settlement_line_id
union all
select r.id, 'blue', i.invoice_no, i.issue_date, i.matched_at, l.contract_id, l.settlement_id,
       r.settlement_line_id, r.batch_no, r.quantity, r.amount
  from received_invoice_lines r
  join received_invoices i on i.id = r.invoice_id
  join settlement_lines l on l.id = r.settlement_line_id
 where r.counts;
