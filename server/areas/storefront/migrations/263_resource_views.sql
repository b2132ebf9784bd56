-- The desks' read-only views of the stock (routes-money.md D3–D6). Purchase side: each batch bought on a
-- purchase contract, with its supplier, purchaser (and the purchaser's department, the team), cost and whether
-- it is still unsold. Sale side: the house's own stock it may still sell, with its quality, the price the basis
-- sheet in use suggests (the month's latest settlement + the best-matching basis) and the reservation holding
-- it, with the team (department) of the salesperson serving that client.
create view resource_data_pur as
select l.id, l.batch_no, c.id as contract_id, c.partner_id as supplier_id, c.salesperson_id as purchaser_id,
       u.department_id as team_id, b.crop_year, b.warehouse_id, b.bale_count, b.conditioned_weight,
       b.colour_grade, b.length_mm, b.micronaire, b.strength,
       coalesce(l.unit_price, c.unit_price) as unit_cost,
       round(coalesce(l.unit_price, c.unit_price) * b.conditioned_weight, 2) as cost_amount,
       s.availability,
       not (b.status in ('sold', 'out')
            or exists (select 1 from transaction_contract_lines x where x.batch_no = l.batch_no and x.open_sale))
         as unsold
  from transaction_contract_lines l
  join transaction_contracts c on c.id = l.contract_id
  join batches b on b.batch_no = l.batch_no
  join stock_batches s on s.id = b.id
  left join users u on u.id = c.salesperson_id
 where c.side = 'purchase' and c.status not in ('draft', 'voided', 'superseded');

create view resource_data_sale as
select b.id, b.batch_no, b.crop_year, b.warehouse_id, b.bale_count, b.conditioned_weight, b.colour_grade,
       b.length_mm, b.length_grade, b.micronaire, b.micronaire_grade, b.strength, s.availability,
       q.futures_month, q.basis, f.settlement_price + q.basis as suggested_price,
       r.client_id as reserved_client_id, r.reservation_no, r.expires_on as reserved_until,
       (select su.department_id from client_relations cr join users su on su.id = cr.salesperson_id
         where cr.client_id = r.client_id) as reserved_team_id
  from batches b
  join stock_batches s on s.id = b.id
  left join lateral (
    select bl.futures_month, bl.basis from sales_basis_lines bl
      join sales_basis_sheets sh on sh.id = bl.sheet_id and sh.status = 'active'
     where (bl.warehouse_id is null or bl.warehouse_id = b.warehouse_id)
       and (bl.colour_grade is null or bl.colour_grade = b.colour_grade)
       and (bl.length_grade is null or bl.length_grade::text = b.length_grade)
     order by (bl.warehouse_id is not null)::int + (bl.colour_grade is not null)::int
              + (bl.length_grade is not null)::int desc, bl.sort
     limit 1) q on true
  left join lateral (
    select fp.settlement_price from futures_prices fp
     where fp.futures_month = q.futures_month and fp.settlement_price is not null
     order by fp.trade_date desc limit 1) f on true
  left join lateral (
    select cr.client_id, cr.reservation_no, cr.expires_on from client_reservations cr
      join client_reservation_lines crl on crl.reservation_id = cr.id
     where crl.batch_no = b.batch_no and cr.status = 'reserved'
     order by cr.id desc limit 1) r on true
 where b.owner_kind = 'own' and b.status in ('stock', 'receipted', 'reserved');
