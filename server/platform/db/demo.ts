// The demo company: every area's demo part, run in area order, once, into a fresh database when a demo is
// asked for (by default on embedded PGlite). A row in demo_loads records it, so a restart never loads it
// twice. Also what the demo parts share: set-based inserts and a seeded pseudo-random generator, so the
// demo is the same every time and written in a few statements.

import type { DemoContext, ServerArea } from '../resources/area.ts';
import type { Queryable } from './types.ts';

async function ensureDemoTable(tx: Queryable) {
  await tx.exec(`create table if not exists demo_loads (
    loaded_at timestamptz not null default now(), areas text[] not null)`);
}

export async function demoLoaded(tx: Queryable): Promise<boolean> {
  await ensureDemoTable(tx);
  const [row] = await tx.query('select 1 from demo_loads limit 1');
  return Boolean(row);
}

/** Runs every area's demo part unless a demo was loaded before; true when it ran now. */
export async function loadDemo(
  tx: Queryable,
  areas: readonly ServerArea[],
  context: Omit<DemoContext, 'today'>,
  /** The business day of `context.now`. */
  today: string,
): Promise<boolean> {
  if (await demoLoaded(tx)) return false;
  const demoContext: DemoContext = { ...context, today };
  const loaded: string[] = [];
  for (const area of areas) {
    if (!area.demo) continue;
    await area.demo(tx, demoContext);
    loaded.push(area.key);
  }
  await tx.query('insert into demo_loads (loaded_at, areas) values ($1, $2)', [context.now, loaded]);
  return true;
}

/** YYYY-MM-DD of a moment (UTC). */
export const isoDay = (moment: Date) => moment.toISOString().slice(0, 10);

/** The day `days` after (negative: before) a YYYY-MM-DD day. */
export function addDays(day: string, days: number): string {
  const moment = new Date(`${day}T00:00:00Z`);
  moment.setUTCDate(moment.getUTCDate() + days);
  return isoDay(moment);
}

/**
 * Inserts many rows in one statement (jsonb_to_recordset), returning the given columns of each inserted
 * row in order. `columns` maps each column to its SQL type.
 */
export async function insertRows<T = Record<string, unknown>>(
  tx: Queryable,
  table: string,
  columns: Readonly<Record<string, string>>,
  rows: readonly Record<string, unknown>[],
  returning = 'id::text as id',
): Promise<T[]> {
  if (rows.length === 0) return [];
  const names = Object.keys(columns);
  const definition = names.map((name) => `${name} ${columns[name]}`).join(', ');
  return tx.query<T>(
    `insert into ${table} (${names.join(', ')})
     select ${names.join(', ')} from jsonb_to_recordset($1::jsonb) as r(${definition})
     returning ${returning}`,
    [JSON.stringify(rows)],
  );
}

/** A seeded pseudo-random sequence (mulberry32): the same seed gives the same demo on every machine. */
export class DemoRandom {
  private state: number;

  constructor(seed: string) {
    let hash = 2166136261;
    for (const char of seed) hash = Math.imul(hash ^ char.charCodeAt(0), 16777619);
    this.state = hash >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** A whole number from min to max, both included. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  /** Roughly normal (sum of three uniforms) around mean, clamped to [min, max]. */
  around(mean: number, spread: number, min = -Infinity, max = Infinity): number {
    const value = mean + (this.next() + this.next() + this.next() - 1.5) * 2 * spread;
    return Math.min(max, Math.max(min, value));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)] as T;
  }

  /** One of the items, each as likely as its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let roll = this.next() * total;
    for (const [item, weight] of choices) {
      roll -= weight;
      if (roll < 0) return item;
    }
    return choices[choices.length - 1]![0];
  }
}

/** One state change of a demo document, as its command would have recorded it. */
export interface DemoStep {
  /** The document's number (the value of `keyColumn`). */
  no: string;
  action: string;
  from: string | null;
  to: string;
  /** Login name of who did it. */
  by: string;
  day: string;
  comment?: string;
}

/** Writes demo documents' histories (who, when, from, to), so their detail pages tell how they got there. */
export async function recordHistory(
  tx: Queryable,
  document: { resourceKey: string; table: string; keyColumn: string },
  steps: readonly DemoStep[],
): Promise<void> {
  if (steps.length === 0) return;
  await tx.query(
    `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
     select $2, d.id::text, r.action, r.from_state, r.to_state, u.id, r.comment, (r.day || 'T10:00:00+08:00')::timestamptz
       from jsonb_to_recordset($1::jsonb) as r(no text, action text, from_state text, to_state text, login text,
            day text, comment text, n integer)
       join ${document.table} d on d.${document.keyColumn} = r.no
       left join users u on u.login_name = r.login
      order by r.n`,
    [
      JSON.stringify(
        steps.map((step, n) => ({ ...step, from_state: step.from, to_state: step.to, login: step.by, n })),
      ),
      document.resourceKey,
    ],
  );
}
