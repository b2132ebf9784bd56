-- Freight carries its VAT and the weight it was charged on; a warehouse fee's tax rate comes from the
-- settings (issue 10), written by the fee's save, so the column is no longer filled by the form.
alter table movements
  add column freight_vat_rate numeric(8, 4),
  add column freight_basis text;
update movements set freight_vat_rate = coalesce(
    (select value::numeric from system_settings where setting_key = 'vatFreightPercent'
      order by effective_from desc limit 1), 9)
 where freight is not null;

alter table warehouse_fees alter column tax_rate drop not null;

-- The new setting in the catalogue of a database seeded before (a fresh one gets it from the declarations).
insert into dictionary_entries (code, value, label, sort)
select 'settingKey', 'freightBasis', '运费计费重量',
       (select coalesce(max(sort), 0) + 1 from dictionary_entries where code = 'settingKey')
 where exists (select 1 from dictionaries where code = 'settingKey')
on conflict do nothing;
