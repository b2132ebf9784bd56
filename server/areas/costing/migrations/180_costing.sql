-- Costing (issue 26): the batch cost statement reads the contracts, movements and fees as they are and keeps
-- no table of its own. This migration carries the screen's grants and the funding settings' entries in the
-- settings catalogue of a database seeded before (a fresh one gets them from the declarations).
insert into dictionary_entries (code, value, label, sort)
select 'settingKey', v.key, v.label,
       (select coalesce(max(sort), 0) from dictionary_entries where code = 'settingKey') + v.n
  from (values (1, 'internalFundingRatePercent', '批次成本资金占用年利率（%）'),
               (2, 'internalFundingDayCount', '资金占用计息天数')) v(n, key, label)
 where exists (select 1 from dictionaries where code = 'settingKey')
on conflict do nothing;
