-- The purchase side's inventory screens (src/areas/inventory): read-only views over batches, receipts,
-- movements, warehouse fees and outbound appointments. Nothing here is stored twice.

-- A batch as the stock search shows it. Availability: in stock and free to sell ('available'), in stock but
-- booked to leave ('booked'), otherwise the batch's own state (reserved, pledged, receipted, inTransit,
-- sold, out). Fees to date leave voided fees out.
create view stock_batches as
select b.id, b.batch_no, b.crop_year, b.warehouse_id, b.ginner, b.bale_count, b.net_weight,
       b.conditioned_weight, b.colour_grade, b.length_mm, b.length_grade, b.micronaire, b.micronaire_grade,
       b.strength, b.strength_grade, b.deliverable, b.status, b.owner_kind, b.owner_id,
       case
         when b.status <> 'stock' then b.status
         when exists (select 1 from outbound_appointments a where a.batch_no = b.batch_no and a.status = 'booked')
           then 'booked'
         else 'available'
       end as availability,
       (select r.receipt_no from warehouse_receipts r
         where r.batch_no = b.batch_no and r.status in ('registered', 'transferred')
         order by r.id desc limit 1) as receipt_no,
       (select coalesce(sum(f.amount), 0) from warehouse_fees f
         where f.batch_no = b.batch_no and f.status <> 'voided') as fees
  from batches b;

-- Per warehouse, the goods there (not yet shipped out) by whose they are. One row per warehouse holding any.
create view stock_ownership as
select w.id, w.id as warehouse_id, w.name as warehouse_name,
       count(b.id)::int as batch_count,
       coalesce(sum(b.bale_count) filter (where b.owner_kind = 'own'), 0) as self_owned_bales,
       coalesce(sum(b.conditioned_weight) filter (where b.owner_kind = 'own'), 0) as self_owned_weight,
       coalesce(sum(b.bale_count) filter (where b.owner_kind = 'client'), 0) as client_bales,
       coalesce(sum(b.conditioned_weight) filter (where b.owner_kind = 'client'), 0) as client_weight,
       coalesce(sum(b.bale_count) filter (where b.owner_kind = 'supplier'), 0) as supplier_bales,
       coalesce(sum(b.conditioned_weight) filter (where b.owner_kind = 'supplier'), 0) as supplier_weight,
       coalesce(sum(b.bale_count), 0) as bale_count,
       coalesce(sum(b.conditioned_weight), 0) as conditioned_weight
  from warehouses w
  join batches b on b.warehouse_id = w.id and b.status <> 'out'
 group by w.id, w.name;

-- Goods held that a client or a supplier owns, one row per owner and kind. The row id is derived (owner id
-- and kind), so a partner both client and supplier has two rows with ids of their own.
create view cargo_owners as
select b.owner_id * 10 + case b.owner_kind when 'client' then 1 else 2 end as id,
       b.owner_kind, b.owner_id, p.name as owner_name,
       count(*)::int as batch_count,
       coalesce(sum(b.bale_count), 0) as bale_count,
       coalesce(sum(b.conditioned_weight), 0) as conditioned_weight,
       coalesce(sum(b.conditioned_weight) filter (where b.status = 'inTransit'), 0) as in_transit_weight,
       coalesce(sum(b.conditioned_weight) filter (where b.status = 'receipted'), 0) as receipted_weight
  from batches b
  join partners p on p.id = b.owner_id
 where b.owner_kind <> 'own' and b.status <> 'out'
 group by b.owner_id, b.owner_kind, p.name;

-- Per batch with fees, what each kind of warehouse fee has charged it (voided fees left out).
create view batch_storage_fees as
select b.id, b.batch_no, b.crop_year, b.warehouse_id, b.owner_kind, b.conditioned_weight,
       count(f.id)::int as fee_count,
       max(coalesce(f.period_to, f.period_from)) as fees_until,
       coalesce(sum(f.amount) filter (where f.kind = 'storage'), 0) as storage_fee,
       coalesce(sum(f.amount) filter (where f.kind = 'insurance'), 0) as insurance_fee,
       coalesce(sum(f.amount) filter (where f.kind = 'supervision'), 0) as supervision_fee,
       coalesce(sum(f.amount) filter (where f.kind = 'sundry'), 0) as sundry_fee,
       coalesce(sum(f.amount), 0) as total_fee
  from batches b
  join warehouse_fees f on f.batch_no = b.batch_no and f.status <> 'voided'
 group by b.id;

-- Each movement's freight with its route's rate and the freight per tonne it comes to.
create view movement_freights as
select m.id, m.movement_no, m.mode, m.batch_no, m.from_warehouse_id, m.to_warehouse_id, m.carrier_id,
       m.departure_date, m.conditioned_weight, r.freight_rate, m.freight,
       case when m.conditioned_weight > 0 then round(m.freight / m.conditioned_weight, 2) end
         as freight_per_tonne,
       m.status
  from movements m
  left join transport_routes r on r.id = m.route_id;
