-- The invoice-by-weight ledger (InvoiceWeightRecord, domain-money.md §2.7): per contract, settled (the lines of
-- its confirmed settlements and adjustments), invoiced = blue − red (red invoices issued), and what remains to
-- invoice, in tonnes and money. A view over the documents, no state of its own; its detail lists every invoice
-- line with the running invoiced figures (server/areas/settlement/invoiceWeightRecords.ts).
create view invoice_weight_lines as
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
  join settlement_lines l on l.id = b.settlement_line_id;

create view invoice_weight_records as
select c.id, c.id as contract_id, c.contract_no, c.side, c.partner_id,
       case when c.side = 'sale' then 'out' else 'in' end as direction,
       s.tonnes as settled_tonnes, s.amount as settled_amount,
       coalesce(v.blue_tonnes, 0) as blue_tonnes, coalesce(v.blue_amount, 0) as blue_amount,
       coalesce(v.red_tonnes, 0) as red_tonnes, coalesce(v.red_amount, 0) as red_amount,
       coalesce(v.blue_tonnes, 0) - coalesce(v.red_tonnes, 0) as invoiced_tonnes,
       coalesce(v.blue_amount, 0) - coalesce(v.red_amount, 0) as invoiced_amount,
       s.tonnes - coalesce(v.blue_tonnes, 0) + coalesce(v.red_tonnes, 0) as to_invoice_tonnes,
       s.amount - coalesce(v.blue_amount, 0) + coalesce(v.red_amount, 0) as to_invoice_amount
  from transaction_contracts c
  join (select x.contract_id,
               coalesce(sum(l.weight) filter (where l.line_kind = 'goods'), 0) as tonnes,
               coalesce(sum(l.amount), 0) as amount
          from settlements x join settlement_lines l on l.settlement_id = x.id
         where x.status = 'confirmed'
         group by x.contract_id) s on s.contract_id = c.id
  left join (select w.contract_id,
                    sum(w.quantity) filter (where w.colour = 'blue') as blue_tonnes,
                    sum(w.amount) filter (where w.colour = 'blue') as blue_amount,
                    -sum(w.quantity) filter (where w.colour = 'red') as red_tonnes,
                    -sum(w.amount) filter (where w.colour = 'red') as red_amount
               from invoice_weight_lines w group by w.contract_id) v on v.contract_id = c.id;

-- What counts against a settlement line is what the live applications took less what issued red invoices gave
-- back: a red-reversed line may be invoiced again, never beyond the line.
create or replace function invoice_application_line_within() returns trigger language plpgsql as $$
declare
  over boolean;
begin
  if not new.counts then return new; end if;
  select coalesce(sum(a.amount), 0) - max(red.amount) > max(l.amount)
         or coalesce(sum(a.quantity), 0) - max(red.quantity) > coalesce(max(l.weight), 0)
    into over
    from settlement_lines l
    left join invoice_application_lines a on a.settlement_line_id = l.id and a.counts
    cross join lateral (
      select coalesce(-sum(w.amount), 0) as amount, coalesce(-sum(w.quantity), 0) as quantity
        from invoice_weight_lines w where w.settlement_line_id = l.id and w.colour = 'red') red
   where l.id = new.settlement_line_id;
  if over then
    raise exception 'settlement line % invoiced beyond its amount', new.settlement_line_id using errcode = '23514';
  end if;
  return new;
end $$;
