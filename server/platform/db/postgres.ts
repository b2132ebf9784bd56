import pg from 'pg';
import type { Db, Queryable } from './types.ts';

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

export function assertSchemaName(schema: string): void {
  if (!/^[a-z_][a-z0-9_]{0,50}$/.test(schema))
    throw new Error(`Schema name "${schema}" must be lower-case letters, digits and _ (at most 51).`);
}

async function ensureSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`create schema if not exists ${quoteIdent(schema)}`);
  } catch (error) {
    // Two processes creating it at the same moment: the loser sees a duplicate, which is what it wanted.
    const code = (error as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw error;
  } finally {
    await client.end();
  }
}

/** A LISTEN connection that reconnects after a drop, so notifications keep arriving. */
function listener(url: string, channel: string, handler: (payload: string) => void) {
  let client: pg.Client | undefined;
  let stopped = false;
  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (n) => {
      if (n.channel === channel) handler(n.payload ?? '');
    });
    c.on('error', () => {
      c.end().catch(() => {});
      if (!stopped) setTimeout(() => connect().catch(() => {}), 1_000);
    });
    await c.connect();
    await c.query(`listen ${quoteIdent(channel)}`);
    client = c;
  };
  return {
    start: connect,
    stop: async () => {
      stopped = true;
      await client?.end().catch(() => {});
    },
  };
}

/** A PostgreSQL server, every table inside `schema` (created when missing). */
export async function openPostgres(url: string, schema: string, poolSize = 10): Promise<Db> {
  assertSchemaName(schema);
  await ensureSchema(url, schema);
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    options: `-c search_path=${schema}`,
  });
  pool.on('error', () => {});
  const channel = `bo_events_${schema}`;
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    query: async <T>(sql: string, params: unknown[] = []) => (await c.query(sql, params)).rows as T[],
    exec: async (sql: string) => {
      await c.query(sql);
    },
  });
  return {
    kind: 'postgres',
    channel,
    ...wrap(pool),
    transaction: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    listen: async (handler) => {
      const l = listener(url, channel, handler);
      await l.start();
      return l.stop;
    },
    close: () => pool.end(),
  };
}

/** Drops a schema with everything in it (test runs clean up their own). */
export async function dropSchema(url: string, schema: string): Promise<void> {
  assertSchemaName(schema);
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`drop schema if exists ${quoteIdent(schema)} cascade`);
  } finally {
    await client.end();
  }
}
