-- The platform's settings (platformSetting): the rows of the versioned settings table whose keys are the
-- platform's, edited on their own screen. Writes through the view land in system_settings, so setting_on and
-- settingOn read them on the day like any other setting; the check option refuses another area's key.
create view platform_settings as
select s.id, s.setting_key, s.value, s.effective_from, s.remark, s.updated_by, s.updated_at
  from system_settings s
 where s.setting_key in ('platformTradingHours', 'platformOrderExpiryMinutes', 'platformCartHoldMinutes',
                         'platformShowPrices', 'platformRequireCredit', 'packageLinkDays')
  with cascaded check option;
