// The value of a versioned setting (system_settings) on a day: the row with the latest effective date not
// after it, else the catalogue's seed (a database seeded before the setting existed).

import { settingByKey } from '../../../src/areas/settings/resources.ts';
import type { Queryable } from '../../platform/db/index.ts';

export async function settingOn(db: Queryable, key: string, day: string): Promise<string> {
  const [row] = await db.query<{ value: string }>(
    `select value from system_settings where setting_key = $1 and effective_from <= $2::date
      order by effective_from desc limit 1`,
    [key, day],
  );
  const value = row?.value ?? settingByKey.get(key)?.seed;
  if (value === undefined) throw new Error(`Unknown setting ${key}`);
  return value;
}
