// The value of a versioned setting (system_settings, migration 002) on a day: the row with the latest
// effective date not after it, else its first row (the day comes before the database was seeded), else the
// seed of the area that declares it. SQL's setting_on(key, day) (settings migration 100) reads the same. The areas' settings are learned when the server composes them (migrate, buildApp).

import type { Queryable } from './db/index.ts';

/** A setting an area declares, with the value it starts from. */
export interface SettingSeed {
  key: string;
  seed: string;
}

const seeds = new Map<string, string>();

/** The settings of the composed areas. */
export function learnSettings(areas: readonly { settings?: readonly SettingSeed[] }[]): void {
  for (const area of areas) for (const setting of area.settings ?? []) seeds.set(setting.key, setting.seed);
}

export async function settingOn(db: Queryable, key: string, day: string): Promise<string> {
  const [row] = await db.query<{ value: string }>(
    `select coalesce(
       (select value from system_settings where setting_key = $1 and effective_from <= $2::date
         order by effective_from desc limit 1),
       (select value from system_settings where setting_key = $1 order by effective_from limit 1)) as value`,
    [key, day],
  );
  const value = row?.value ?? seeds.get(key);
  if (value === undefined) throw new Error(`Unknown setting ${key}`);
  return value;
}
