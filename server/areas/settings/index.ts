// Settings on the server: dictionaries, versioned settings, the quality premium table, print templates.
import path from 'node:path';
import { QUALITY_PREMIUM_SEED, SYSTEM_SETTINGS, settingsArea } from '../../../src/areas/settings/index.ts';
import { PRINT_TEMPLATE_SEEDS } from '../../../src/areas/settings/printTemplateSeeds.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { SYSTEM_MIGRATION } from '../../platform/db/seed/system.ts';
import type { SeedContext, ServerArea } from '../../platform/resources/area.ts';
import { formatDateTime } from '../../platform/time.ts';
import { settingsCalls } from './calls.ts';
import { settingsStorage } from './storage.ts';

/**
 * The seed values take effect on the business day of the seeding (not the database's UTC day), with no
 * remark: a remark is a person's words, in their language (the seed's row has no one in updatedBy).
 */
async function seedSettings(tx: Queryable, now: Date, timeZone: string) {
  const today = formatDateTime(now, timeZone).slice(0, 10);
  for (const setting of SYSTEM_SETTINGS)
    await tx.query(
      `insert into system_settings (setting_key, value, effective_from, remark, updated_at)
       values ($1, $2, $3, null, $4) on conflict do nothing`,
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

/** The migration whose print templates (languages, complete contract terms) the seed writes. */
const PRINT_LANGUAGES_MIGRATION = '057_print_languages.sql';

const TEMPLATE_TABLES = { contractTemplate: 'contract_templates', billTemplate: 'bill_templates' } as const;

/**
 * The Chinese seeds replace the ones seeded before them while nobody has edited those (version 1, the seed
 * name); a template in another language is added where none of its page and language is published.
 */
async function seedPrintTemplates(tx: Queryable) {
  for (const seed of PRINT_TEMPLATE_SEEDS) {
    const table = TEMPLATE_TABLES[seed.templates];
    if (seed.language === 'zh-chs')
      await tx.query(
        `update ${table} set content = $1
          where variant = $2 and language = 'zh-chs' and version = 1 and name = $3 and status = 'active'`,
        [seed.content, seed.variant, seed.name],
      );
    else
      await tx.query(
        `insert into ${table} (name, document, variant, language, content, status)
         select $1, $2, $3, $4, $5, 'active'
          where not exists (select 1 from ${table} where variant = $3 and language = $4 and status = 'active')`,
        [seed.name, seed.document, seed.variant, seed.language, seed.content],
      );
  }
}

/** The demo company's own party details on its documents (a fictitious code whose check character holds). */
const DEMO_HOUSE: Readonly<Record<string, string>> = {
  companyCreditCode: '91650100MA78K3Q2XM',
  companyAddress: '新疆乌鲁木齐市天山区北京南路 358 号',
};

async function settingsDemo(tx: Queryable) {
  for (const [key, value] of Object.entries(DEMO_HOUSE))
    await tx.query(`update system_settings set value = $2 where setting_key = $1 and value = ''`, [
      key,
      value,
    ]);
}

export const settings: ServerArea = {
  key: 'settings',
  declarations: settingsArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  storage: settingsStorage,
  grants: {},
  calls: settingsCalls,
  settings: SYSTEM_SETTINGS,
  seed: async (tx, { pending, now, timeZone }: SeedContext) => {
    await seedSettings(tx, now, timeZone);
    if (pending.includes(SYSTEM_MIGRATION)) await seedQualityPremiums(tx);
    if (pending.includes(PRINT_LANGUAGES_MIGRATION)) await seedPrintTemplates(tx);
  },
  demo: settingsDemo,
};
export { interestTermsOn } from './interestTerms.ts';
