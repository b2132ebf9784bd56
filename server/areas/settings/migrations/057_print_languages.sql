-- A print template is written in one language (issue 27): a document prints wholly in its template's
-- language, Chinese unless another is chosen where a template of it is published. One template is
-- published per print page and language; the seed of 057 (src/areas/settings/printTemplateSeeds.ts) fills
-- in the terms the contract templates left out and add the English ones.
alter table contract_templates add column language text not null default 'zh-chs';
alter table bill_templates add column language text not null default 'zh-chs';
alter table contract_templates add constraint contract_templates_language check (language in ('zh-chs', 'zh-cht', 'en', 'ja'));
alter table bill_templates add constraint bill_templates_language check (language in ('zh-chs', 'zh-cht', 'en', 'ja'));

-- Publishing retires the template it replaces (afterwards, in the same transaction: checked at commit);
-- should two be in use already, the newest stays.
update contract_templates t set status = 'retired'
 where status = 'active' and exists (select 1 from contract_templates n
   where n.status = 'active' and n.variant = t.variant and n.id > t.id);
update bill_templates t set status = 'retired'
 where status = 'active' and exists (select 1 from bill_templates n
   where n.status = 'active' and n.variant = t.variant and n.id > t.id);
alter table contract_templates add constraint contract_templates_one_published
  exclude using btree (variant with =, language with =) where (status = 'active') deferrable initially deferred;
alter table bill_templates add constraint bill_templates_one_published
  exclude using btree (variant with =, language with =) where (status = 'active') deferrable initially deferred;

-- A seeded setting's remark was the seed's Chinese word, which an English screen showed as it was; a remark
-- is a person's words (the seed leaves none).
update system_settings set remark = null where remark = '初始值' and updated_by is null;
