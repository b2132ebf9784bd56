-- A versioned setting's value on a day, for SQL that needs an exchange or company parameter (issue 21: the
-- lot size is a setting, not a literal 5): the row with the latest effective date not after the day, else the
-- first row (the seed, for a day before the database was seeded). platform/settings.ts reads them the same way.
create or replace function setting_on(key text, day date) returns text
language sql stable as $$
  select coalesce(
    (select value from system_settings where setting_key = key and effective_from <= day
      order by effective_from desc limit 1),
    (select value from system_settings where setting_key = key order by effective_from limit 1)
  )
$$;
