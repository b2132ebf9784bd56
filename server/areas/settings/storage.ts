// Storage of the settings area: dictionaries, system settings, the quality premium table, print templates.

import { SYSTEM_SETTINGS } from '../../../src/areas/settings/catalogue.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';

type Line = Record<string, unknown>;

const dictionary: ResourceStorage = {
  table: 'dictionaries',
  unique: ['code'],
  lines: {
    load: (db, id) =>
      db.query<Line>(
        `select e.value, e.label, e.sort from dictionary_entries e join dictionaries d on d.code = e.code
          where d.id = $1 order by e.sort, e.value`,
        [id],
      ),
    // Entries follow the dictionary's code; those of a code no dictionary has any more go with it.
    save: async ({ db }, _id, lines, record) => {
      await db.query(
        `delete from dictionary_entries e
          where e.code = $1 or not exists (select 1 from dictionaries d where d.code = e.code)`,
        [record.code],
      );
      const values = new Set<string>();
      for (const line of lines) {
        if (values.has(String(line.value))) throw badRequest(`字典值重复：${line.value}`);
        values.add(String(line.value));
        await db.query('insert into dictionary_entries (code, value, label, sort) values ($1, $2, $3, $4)', [
          record.code,
          line.value,
          line.label,
          line.sort,
        ]);
      }
    },
  },
  onDelete: async (db, ids) => {
    await db.query(
      'delete from dictionary_entries where code in (select code from dictionaries where id = any($1::bigint[]))',
      [ids],
    );
  },
};

const updateStamp = (hook: HookContext) => ({ updated_at: hook.now });

/**
 * One published template per print variant and language: publishing one retires the one it replaces, on
 * the record.
 */
async function retireReplaced(hook: HookContext, table: string, resourceKey: string, id: string) {
  const retired = await hook.db.query<{ id: string }>(
    `update ${table} t set status = 'retired', updated_at = $2
       from ${table} p
      where p.id = $1 and t.status = 'active' and t.id <> $1 and t.variant = p.variant and t.language = p.language
      returning t.id::text`,
    [id, hook.now],
  );
  for (const { id: retiredId } of retired)
    await recordStep(hook, resourceKey, retiredId, {
      action: 'retire',
      from: 'active',
      to: 'retired',
      comment: '已发布新模板取代',
    });
}

const template = (table: string, resourceKey: string): ResourceStorage => ({
  table,
  columns: { updateTime: { read: 't.updated_at' } },
  stamps: updateStamp,
  onUpdate: 'version = version + 1',
  afterTransition: async (hook, id, action) => {
    if (action === 'publish') await retireReplaced(hook, table, resourceKey, id);
    return {};
  },
});

export const settingsStorage: Readonly<Record<string, ResourceStorage>> = {
  dictionary,
  systemSetting: {
    table: 'system_settings',
    // The settings of its catalogue; an area whose settings have a screen of their own (the platform's) keeps
    // them off this one. The keys are code, never input.
    viewerScope: `t.setting_key in (${SYSTEM_SETTINGS.map((setting) => `'${setting.key}'`).join(', ')})`,
    columns: { updatedBy: { read: 't.updated_by' }, updateTime: { read: 't.updated_at' } },
    stamps: (hook) => ({ updated_at: hook.now, updated_by: hook.actor.userId }),
  },
  qualityPremium: { table: 'quality_premiums' },
  contractTemplate: template('contract_templates', 'contractTemplate'),
  billTemplate: template('bill_templates', 'billTemplate'),
};
