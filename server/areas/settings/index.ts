// Settings on the server: dictionaries, versioned settings, the quality premium table, print templates.
import path from 'node:path';
import { ALL_RESOURCES } from '../../../src/areas/index.ts';
import { QUALITY_PREMIUM_SEED, SYSTEM_SETTINGS, settingsArea } from '../../../src/areas/settings/index.ts';
import { registerResources } from '../../../src/framework/resource/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { SYSTEM_MIGRATION } from '../../platform/db/seed/system.ts';
import type { SeedContext, ServerArea } from '../../platform/resources/area.ts';
import { formatDateTime } from '../../platform/time.ts';
import { settingsCalls } from './calls.ts';
import { settingsStorage } from './storage.ts';

// A template's placeholders are its printed document's fields (src/areas/settings/printDocuments.ts).
registerResources(ALL_RESOURCES);

/** The seed values take effect on the business day of the seeding (not the database's UTC day). */
async function seedSettings(tx: Queryable, now: Date, timeZone: string) {
  const today = formatDateTime(now, timeZone).slice(0, 10);
  for (const setting of SYSTEM_SETTINGS)
    await tx.query(
      `insert into system_settings (setting_key, value, effective_from, remark, updated_at)
       values ($1, $2, $3, '初始值', $4) on conflict do nothing`,
      [setting.key, setting.seed, today, now],
    );
}

async function seedQualityPremiums(tx: Queryable) {
  for (const row of QUALITY_PREMIUM_SEED.rows)
    await tx.query(
      `insert into quality_premiums (crop_year, indicator, grade, premium) values ($1, $2, $3, $4)
       on conflict do nothing`,
      [QUALITY_PREMIUM_SEED.cropYear, row.indicator, row.grade, row.premium],
    );
}

export const settings: ServerArea = {
  key: 'settings',
  declarations: settingsArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  storage: settingsStorage,
  grants: {},
  calls: settingsCalls,
  seed: async (tx, { pending, now, timeZone }: SeedContext) => {
    await seedSettings(tx, now, timeZone);
    if (pending.includes(SYSTEM_MIGRATION)) await seedQualityPremiums(tx);
  },
};
export { settingOn } from './values.ts';
