-- The batch screen offers the bale import it checks (the batch declaration now names 'import'), so the role
-- editor, which grants only what a screen offers, can give it; a new database gets it from the declaration.
insert into module_permissions (module_id, code, name, sort)
select m.id, 'import', '导入', coalesce((select max(p.sort) + 1 from module_permissions p where p.module_id = m.id), 0)
  from modules m
 where m.code = 'MtfmBatchData'
   and not exists (select 1 from module_permissions p where p.module_id = m.id and p.code = 'import');
