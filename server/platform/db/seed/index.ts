import { hashPassword } from '../../passwords.ts';
import type { Queryable } from '../types.ts';
import {
  type ContractTerms,
  DEMO_PASSWORD,
  DEMO_USERS,
  DEPARTMENTS,
  disclaimerText,
  LOT_TONNES,
  MESSAGE_TYPES,
  PARTNERS,
  ROLES,
  TICK_YUAN,
  welcomeMessages,
} from './data.ts';
import holidayFile from './holidays.json' with { type: 'json' };
import { cfInstruments } from './tradingCalendar.ts';

/** What the seed takes from the tenant's config (data, never compared). */
export interface SeedTenant extends ContractTerms {
  name: string;
  disclaimer: { id: string };
}

const one = async <T>(tx: Queryable, sql: string, params: unknown[]) => (await tx.query<T>(sql, params))[0]!;

async function seedOrganisation(tx: Queryable): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const [sort, d] of DEPARTMENTS.entries()) {
    const row = await one<{ id: string }>(
      tx,
      'insert into departments (parent_id, name, sort, code) values ($1, $2, $3, $4) returning id::text',
      [d.parent ? ids.get(d.parent) : null, d.name, sort, d.key],
    );
    ids.set(d.key, row.id);
  }
  return ids;
}

async function seedRoles(tx: Queryable): Promise<Map<string, string>> {
  const ids = new Map<string, string>();
  for (const role of ROLES) {
    const row = await one<{ id: string }>(
      tx,
      'insert into roles (code, name) values ($1, $2) returning id::text',
      [role.code, role.name],
    );
    ids.set(role.code, row.id);
    for (const g of role.grants)
      await tx.query('insert into role_grants (role_id, scope, permissions) values ($1, $2, $3)', [
        row.id,
        g.scope,
        g.permissions,
      ]);
  }
  return ids;
}

async function seedUsers(
  tx: Queryable,
  departments: Map<string, string>,
  roles: Map<string, string>,
  now: Date,
) {
  const hash = await hashPassword(DEMO_PASSWORD);
  for (const u of DEMO_USERS) {
    const row = await one<{ id: string }>(
      tx,
      `insert into users (login_name, password_hash, rel_name, phone, department_id)
       values ($1, $2, $3, $4, $5) returning id::text`,
      [u.loginName, hash, u.relName, u.phone, departments.get(u.department)],
    );
    await tx.query('insert into user_roles (user_id, role_id) values ($1, $2)', [row.id, roles.get(u.role)]);
    for (const m of welcomeMessages(u.relName))
      await tx.query(
        'insert into messages (user_id, message_type, message, created_at) values ($1, $2, $3, $4)',
        [row.id, m.type, m.text, now],
      );
  }
}

async function seedLookups(tx: Queryable, now: Date) {
  for (const [sort, t] of MESSAGE_TYPES.entries())
    await tx.query('insert into message_types (code, name, sort) values ($1, $2, $3)', [
      t.code,
      t.name,
      sort,
    ]);
  for (const p of PARTNERS)
    await tx.query(
      'insert into partners (name, kinds, credit_limit, contact_name, contact_phone) values ($1, $2, $3, $4, $5)',
      [p.name, p.kinds, p.creditLimit, p.contact, p.phone],
    );
  for (const h of holidayFile.days)
    await tx.query('insert into holidays (day, name) values ($1, $2)', [h.day, h.name]);
  const holidays = new Set(holidayFile.days.map((h) => h.day));
  for (const i of cfInstruments(now.getFullYear() + 1, holidays))
    await tx.query(
      `insert into instruments (symbol, exchange_symbol, month, last_trading_day, lot_tonnes, tick_yuan)
       values ($1, $2, $3, $4, $5, $6)`,
      [i.symbol, i.exchangeSymbol, i.month, i.lastTradingDay, LOT_TONNES, TICK_YUAN],
    );
}

async function seedDisclaimer(tx: Queryable, tenant: SeedTenant) {
  await tx.query('insert into help_articles (id, name, text) values ($1, $2, $3)', [
    tenant.disclaimer.id,
    '免责声明',
    disclaimerText(tenant.name),
  ]);
  await tx.query('insert into disclaimer_versions (version, article_id) values (1, $1)', [
    tenant.disclaimer.id,
  ]);
}

/** Fills a fresh database; called inside the migration transaction. */
export async function seed(tx: Queryable, tenant: SeedTenant, now = new Date()): Promise<void> {
  await seedLookups(tx, now);
  const departments = await seedOrganisation(tx);
  const roles = await seedRoles(tx);
  await seedUsers(tx, departments, roles, now);
  await seedDisclaimer(tx, tenant);
}
