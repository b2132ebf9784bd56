-- The commission settings (domain-money.md §5.2) in the settings catalogue of a database seeded before (a fresh
-- one gets them from the declarations): the purchaser's rate, the B2B rate, the purchaser's part of the pool,
-- the management royalty and when a commission is payable.
insert into dictionary_entries (code, value, label, sort)
select 'settingKey', v.key, v.label,
       (select coalesce(max(sort), 0) from dictionary_entries where code = 'settingKey') + v.n
  from (values (1, 'commissionPerTonnePurchase', '采购每吨提成（元）'),
               (2, 'commissionPerTonneB2b', 'B2B 渠道每吨销售提成（元）'),
               (3, 'commissionPurchaseSharePercent', '利润分成中采购方占比（%）'),
               (4, 'commissionManagementPercent', '管理提成比例（%）'),
               (5, 'commissionPayableOn', '提成应付时点')) v(n, key, label)
 where exists (select 1 from dictionaries where code = 'settingKey')
on conflict do nothing;
