-- Contract execution (issue 26, C11 C14 C16): per contract in force or performed, the tonnes signed, priced
-- and delivered, what remains at each step, the value of the priced tonnes and, for a sale, what the client
-- has paid (client payments received and not reversed). Settled and invoiced columns come with settlement;
-- a purchase's payments with the purchase payments (capital). A view over the contracts as they are.
create view contract_statements as
select c.id, c.id as contract_id, c.contract_no, c.side, c.kind,
       case when c.kind in ('basis', 'deferred') then 'later' else 'fixed' end as pricing_mode,
       c.partner_id, c.salesperson_id, c.sign_date, c.crop_year, c.futures_month, c.status,
       c.tonnage,
       p.priced as priced_tonnage,
       c.tonnage - p.priced as unpriced_tonnage,
       d.delivered as delivered_tonnage,
       greatest(0, c.tonnage - d.delivered) as undelivered_tonnage,
       c.unit_price,
       round(p.priced * c.unit_price, 2) as priced_amount,
       case when c.side = 'sale' then coalesce(cp.paid, 0) end as paid_amount,
       case when c.side = 'sale' then round(least(d.delivered, p.priced) * c.unit_price, 2) - coalesce(cp.paid, 0) end
         as receivable_amount
  from transaction_contracts c
  left join contract_payments cp on cp.contract_id = c.id
  cross join lateral (
    select case when c.kind in ('basis', 'deferred') then c.fixed_tonnage else c.tonnage end as priced
  ) p
  cross join lateral (
    select case when c.status = 'completed'
                     and not exists (select 1 from transaction_contract_lines l where l.contract_id = c.id)
                then c.tonnage
                else coalesce((select x.tonnes from contract_deliveries x where x.contract_id = c.id), 0) end as delivered
  ) d
 where c.status in ('approved', 'executing', 'completed');

create view purchase_contract_statements as select * from contract_statements where side = 'purchase';
create view sale_contract_statements as select * from contract_statements where side = 'sale';
