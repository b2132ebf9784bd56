-- Reports read over the records as they are (issue 26, C15 CollectStock, C17 InvoicingSellReport, C24
-- DeliveryStatement): views, nothing stored twice. Read only; the settlement area's tables are only read.

-- Deliveries: each batch a sale contract in force delivered (out of the warehouse, or its receipt transferred
-- to the client), the day it went out (its outbound appointment done), and whether it is settled (a confirmed
-- sale settlement's goods line) and invoiced (an issued invoice line not wholly reversed).
create view delivery_statements as
select l.id, l.contract_id, c.partner_id, c.salesperson_id, l.batch_no, b.warehouse_id, b.crop_year,
       b.bale_count, l.conditioned_weight as tonnage,
       (select max(a.planned_date) from outbound_appointments a
         where a.batch_no = l.batch_no and a.status = 'done') as delivered_on,
       exists (select 1 from settlement_lines sl join settlements s on s.id = sl.settlement_id
                where sl.batch_no = l.batch_no and sl.side = 'sale' and sl.line_kind = 'goods' and sl.open
                  and s.status = 'confirmed') as settled,
       exists (select 1 from issued_invoice_lines il join issued_invoices i on i.id = il.invoice_id
                where il.batch_no = l.batch_no and i.partner_id = c.partner_id
                  and i.status <> 'fully_reversed') as invoiced
  from transaction_contract_lines l
  join transaction_contracts c on c.id = l.contract_id
  join batches b on b.batch_no = l.batch_no
 where c.side = 'sale' and c.status in ('approved', 'executing', 'completed')
   and (b.status = 'out'
        or exists (select 1 from warehouse_receipts r where r.batch_no = b.batch_no and r.holder_id is not null));

-- The house's own stock for the sales desk, summed by warehouse, crop year, grade and availability (available,
-- booked to leave, reserved, pledged, receipted, in transit, sold not lifted). The row id is its first batch's.
create view collect_stocks as
select min(s.id) as id, s.warehouse_id, s.crop_year, s.colour_grade, s.length_grade, s.availability,
       count(*)::int as batch_count, coalesce(sum(s.bale_count), 0)::int as bale_count,
       coalesce(sum(s.conditioned_weight), 0) as conditioned_weight
  from stock_batches s
 where s.owner_kind = 'own' and s.status <> 'out'
 group by s.warehouse_id, s.crop_year, s.colour_grade, s.length_grade, s.availability;

-- Issued invoices against each confirmed sale settlement: settled, invoiced (blue, not wholly reversed) and
-- what remains to invoice.
create view sale_invoicing_reports as
select s.id, s.id as settlement_id, s.settlement_no, s.kind, s.contract_id, s.partner_id, c.salesperson_id,
       s.settle_date, s.total_amount as settled_amount, s.amount_excl as settled_excl,
       coalesce(i.amount, 0) as invoiced_amount, coalesce(i.amount_excl, 0) as invoiced_excl,
       coalesce(i.vat, 0) as invoiced_vat, s.total_amount - coalesce(i.amount, 0) as to_invoice_amount,
       coalesce(i.invoice_count, 0) as invoice_count, i.last_issue_date
  from settlements s
  join transaction_contracts c on c.id = s.contract_id
  left join lateral (
    select sum(v.amount) as amount, sum(v.amount_excl) as amount_excl, sum(v.vat) as vat,
           count(*)::int as invoice_count, max(v.issue_date) as last_issue_date
      from issued_invoices v where v.settlement_id = s.id and v.status <> 'fully_reversed'
  ) i on true
 where s.side = 'sale' and s.status = 'confirmed';
