-- The warehouse role viewed the whole purchase group (/pur/): the purchase contracts with their prices, the
-- sales basis sheets and the speculation book besides the inventory screens its work needs. It keeps view on
-- the inventory screens only (the group's subgroup pur_inventory), unless an administrator changed its rights.
update role_grants g
   set scope = 'group:pur_inventory'
  from roles r
 where r.id = g.role_id and r.code = 'warehouse' and g.scope = 'group:pur' and g.permissions = array['view']
   and not exists (select 1 from role_grants o where o.role_id = g.role_id and o.scope = 'group:pur_inventory');
