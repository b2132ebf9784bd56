-- The workbench's pages (home, downloads, the log, news, the password page) have nothing to create, edit,
-- delete or export: the role editor offered those codes because earlier seeds gave every page the list's.
delete from module_permissions p
 using modules m
 where p.module_id = m.id and m.kind = 'leaf' and m.code in ('index', 'download', 'log', 'news', 'passwordEdit')
   and p.code <> 'view';
