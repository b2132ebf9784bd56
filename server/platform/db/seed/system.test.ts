import fs from 'node:fs';
import path from 'node:path';
import { SYSTEM_SETTINGS, systemSetting } from '../../../../src/areas/settings/index.ts';
import { resourcePath } from '../../../../src/framework/resource/index.ts';
import { ALL_DICTIONARIES } from '../../../../src/test/declarations.ts';
import { COMPOSITION, SERVER_AREAS } from '../../../areas/index.ts';
import { login, manualClock, post, startApp, TEST_TENANT } from '../../../test/harness.ts';
import { openDatabase } from '../index.ts';
import { listMigrations, migrate, migrationsDir } from '../migrate.ts';
import { seed } from './index.ts';
import { SYSTEM_MIGRATION, seedSystem } from './system.ts';

/** A database as the first release left it: 001 applied and a little data of its own. */
async function databaseOfFirstRelease() {
  const db = await openDatabase({});
  await db.exec(fs.readFileSync(path.join(migrationsDir, '001_init.sql'), 'utf8'));
  await db.exec(`create table schema_migrations (name text primary key, applied_at timestamptz not null default now());
    insert into schema_migrations (name) values ('001_init.sql');
    insert into departments (name) values ('总公司');
    insert into roles (code, name) values ('administrator', '系统管理员');
    insert into role_grants (role_id, scope, permissions) select id, '*', '{view,create,edit,delete}' from roles;
    insert into users (login_name, password_hash, rel_name, phone, department_id)
      select 'boss', 'x', '老板', '13800000000', id from departments;
    insert into partners (name, kinds, contact_name, contact_phone) values ('老客户', '{client}', '钱多', '13900000000');
    insert into dictionary_entries (code, value, label) values ('partnerKind', 'client', '老客户类型');`);
  return db;
}

describe('the system resources migration on a database in use', () => {
  it('adds the tables, seeds what is new and keeps what was there', async () => {
    const db = await databaseOfFirstRelease();
    try {
      const result = await migrate(db, TEST_TENANT, COMPOSITION);
      expect(result.applied[0]).toBe(SYSTEM_MIGRATION);
      expect(result.seeded).toBe(false);
      expect(await db.query('select login_name from users')).toEqual([{ login_name: 'boss' }]);
      const [admin] = await db.query<{ permissions: string[] }>(
        `select permissions from role_grants where scope = '*'`,
      );
      const everyCode = (ALL_DICTIONARIES.permissionCode ?? []).map((entry) => entry.value);
      expect(admin!.permissions).toEqual(expect.arrayContaining(everyCode));
      expect(await db.query(`select code from departments`)).toEqual([
        { code: expect.stringMatching(/^dept\d+$/) },
      ]);
      expect(await db.query(`select name, phone from partner_contacts`)).toEqual([
        { name: '钱多', phone: '13900000000' },
      ]);
      expect(
        await db.query(
          `select label from dictionary_entries where code = 'partnerKind' and value = 'client'`,
        ),
      ).toEqual([{ label: '老客户类型' }]);
      // Every setting of the catalogue once; an area may seed settings of its own screen besides (the platform's).
      const settings = await db.query<{ key: string }>('select setting_key as key from system_settings');
      const catalogued = new Set(SYSTEM_SETTINGS.map((setting) => setting.key));
      expect(settings.filter((row) => catalogued.has(row.key))).toHaveLength(SYSTEM_SETTINGS.length);
      const leaves = await db.query<{ n: number }>(
        `select count(*)::int as n from modules where kind = 'leaf'`,
      );
      expect(leaves[0]!.n).toBeGreaterThan(10);
      expect(await migrate(db, TEST_TENANT, COMPOSITION)).toEqual({
        applied: [],
        seeded: false,
        demo: false,
      });
      expect(
        await db.query<{ n: number }>(`select count(*)::int as n from modules where kind = 'leaf'`),
      ).toEqual(leaves);
    } finally {
      await db.close();
    }
  });

  it('brings a database of the second release the new screens, their dictionaries and rights, once', async () => {
    const db = await openDatabase({});
    try {
      // As release 2 left it: 001 and 002 applied and seeded, then an administrator's own changes.
      for (const name of ['001_init.sql', SYSTEM_MIGRATION])
        await db.exec(fs.readFileSync(path.join(migrationsDir, name), 'utf8'));
      await db.exec(`create table schema_migrations (name text primary key, applied_at timestamptz not null default now());
        insert into schema_migrations (name) values ('001_init.sql'), ('${SYSTEM_MIGRATION}');`);
      await db.transaction(async (tx) => {
        await seed(tx, TEST_TENANT);
        await seedSystem(tx, TEST_TENANT, [SYSTEM_MIGRATION], COMPOSITION);
        await tx.exec(
          `update dictionary_entries set label = '库管自定义' where code = 'warehouseKind' and value = 'own'`,
        );
      });
      const result = await migrate(db, TEST_TENANT, COMPOSITION);
      expect(result.applied).toEqual(
        [...listMigrations(SERVER_AREAS).keys()].filter((f) => f > SYSTEM_MIGRATION),
      );
      const labels = async (code: string) =>
        (
          await db.query<{ value: string; label: string }>(
            'select value, label from dictionary_entries where code = $1 order by sort',
            [code],
          )
        ).map((e) => `${e.value}=${e.label}`);
      expect(await labels('batchState')).toContain('receipted=已注册仓单');
      expect(await db.query(`select name from dictionaries where code = 'batchState'`)).toEqual([
        { name: '批次状态' },
      ]);
      expect(await labels('warehouseKind')).toContain('own=库管自定义');
      const grantsOf = async (role: string) =>
        db.query<{ scope: string; permissions: string[] }>(
          `select g.scope, g.permissions from role_grants g join roles r on r.id = g.role_id where r.code = $1`,
          [role],
        );
      expect(await grantsOf('warehouse')).toEqual(
        expect.arrayContaining([
          { scope: 'MtfmBatchData', permissions: expect.arrayContaining(['view', 'create']) },
        ]),
      );
      const [admin] = await grantsOf('administrator');
      expect(admin!.permissions).toEqual(expect.arrayContaining(['depart', 'arrive', 'confirm', 'settle']));
      // A right the administrator takes away stays away when the next version migrates.
      await db.exec(`delete from role_grants where scope = 'MtfmBatchData'`);
      expect(await migrate(db, TEST_TENANT, COMPOSITION)).toEqual({
        applied: [],
        seeded: false,
        demo: false,
      });
      expect((await grantsOf('warehouse')).map((g) => g.scope)).not.toContain('MtfmBatchData');
    } finally {
      await db.close();
    }
  });
});

describe('the seeded settings on a fresh database', () => {
  it('take effect on the business day they were seeded, the day their update time shows', async () => {
    const db = await openDatabase({});
    // 17:30 UTC is 01:30 the next day in Shanghai.
    const now = new Date('2026-11-23T17:30:00Z');
    try {
      await migrate(db, TEST_TENANT, COMPOSITION, { timeZone: 'Asia/Shanghai', now });
      const { app } = await startApp(db, manualClock(now.getTime()));
      const { token } = await login(app, 'admin');
      const { json } = await post(app, resourcePath(systemSetting, 'list'), { size: 100 }, { token });
      const rows = (json.data as { records: { effectiveFrom: string; updateTime: string }[] }).records;
      expect(rows.length).toBe(SYSTEM_SETTINGS.length);
      for (const row of rows) {
        expect(row.effectiveFrom).toBe('2026-11-24');
        expect(row.updateTime).toBe('2026-11-24 01:30:00');
      }
      await app.close();
    } finally {
      await db.close();
    }
  });
});
