-- Stock is one thing on every screen (issue 27): the batches lying in a warehouse in a stock state (in
-- stock, reserved, pledged, registered as receipts: STOCK_STATES of src/areas/warehouse/batches.ts), not
-- those on their way, sold or shipped out. The stock report and the large screen counted those; the stock
-- per warehouse by owner also counted batches in transit and sold ones (12,495 t against 11,566 t).
drop view stock_ownership;
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
  join batches b on b.warehouse_id = w.id and b.status in ('stock', 'reserved', 'pledged', 'receipted')
 group by w.id, w.name;
