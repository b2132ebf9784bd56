// A uniqueness the declarations promise (ResourceStorage.unique) holds under concurrency only as a
// database constraint: the save's own check cannot see a row another transaction has not committed yet.
import { columnOf, type ResourceStorage } from '../platform/resources/storage.ts';
import { BACKENDS, openTestDb } from '../test/harness.ts';
import { SERVER_AREAS } from './index.ts';

/** The column a field is kept in (a field written by the storage's own code names it in its read). */
const columnName = (storage: ResourceStorage, key: string) => {
  const column = columnOf(storage, key);
  return column.write ?? column.read.replace(/^t\./, '');
};

describe.each(BACKENDS)('declared uniqueness on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  beforeAll(async () => {
    env = await openTestDb(backend);
  });
  afterAll(async () => {
    await env?.drop();
  });

  it('is a unique constraint of the column itself for every unique field', async () => {
    const indexes = await env.db.query<{ table: string; columns: string[] }>(
      `select c.relname as table,
              array(select a.attname::text from unnest(i.indkey) k join pg_attribute a
                     on a.attrelid = i.indrelid and a.attnum = k) as columns
         from pg_index i join pg_class c on c.oid = i.indrelid join pg_namespace n on n.oid = c.relnamespace
        where i.indisunique and i.indpred is null and n.nspname = current_schema()`,
    );
    const held = new Set(indexes.map((i) => `${i.table}.${i.columns.join(',')}`));
    const promised = SERVER_AREAS.flatMap((area) => Object.values(area.storage)).flatMap((storage) =>
      (storage.unique ?? []).map((key) => `${storage.table}.${columnName(storage, key)}`),
    );
    expect(promised.length).toBeGreaterThan(10);
    expect(promised.filter((p) => !held.has(p))).toEqual([]);
  });
});
