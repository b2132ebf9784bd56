// Every served call against a corpus of bad values: no answer may be a 500, and nothing in the database may
// change. Saves are also probed with an existing record whose one field is replaced by a bad value, so the
// bad value reaches the handler past the missing-field checks.
import type { FastifyInstance } from 'fastify';
import type { ServedRoute } from './app.ts';
import type { Db } from './platform/db/index.ts';
import { BACKENDS, login, openTestDb, startApp } from './test/harness.ts';

type Value = string | number | boolean | null | object;
type Body = Record<string, Value>;

/** Bad for a value of any kind: the database cannot store it, or no field takes it. */
const ANY_FIELD: Value[] = [
  'a\u0000b',
  '\ud800 lone',
  'x'.repeat(20_001),
  { nested: 1 },
  [['nested']],
  ['first', 'second'],
];

const BY_TYPE: Record<string, Value[]> = {
  id: ['abc', '1e3', '99999999999999999999', '-1', '1.5', '999999999999'],
  decimal: ['1e309', 'abc', '9'.repeat(30), '1.2.3', 'NaN', 'Infinity', '2147483648.5e3'],
  integer: ['2147483648', '1.5', '1e309'],
  date: ['0000-01-01', '2026-02-30', '2026-13-01', 'abc', '20260101', '99999-01-01'],
  boolean: ['maybe', 'yes', '1'],
  lines: ['not-json', '[null]', '{"a":1}', '[1]', '[[]]', '"text"', '[{"id":"abc"}]'],
  enum: ['no-such-option'],
  page: ['1e309', '-1', 'abc', '99999999999999999999'],
};

const TYPE_GROUP: Record<string, string> = {
  partner: 'id',
  warehouse: 'id',
  user: 'id',
  department: 'id',
  reference: 'id',
  number: 'decimal',
  money: 'decimal',
  weight: 'decimal',
  percent: 'decimal',
  integer: 'integer',
  date: 'date',
  datetime: 'date',
  boolean: 'boolean',
  lines: 'lines',
  enum: 'enum',
};

type Property = Record<string, unknown> & { fieldType?: string; items?: { fieldType?: string } };

function corpusFor(name: string, property: Property): Value[] {
  const type = property.fieldType ?? property.items?.fieldType;
  const group =
    TYPE_GROUP[type ?? ''] ?? (name === 'page_no' || name === 'size' || name === 'id' ? 'page' : undefined);
  const several = property.type === 'array';
  return [
    ...ANY_FIELD.filter((v) => !(several && Array.isArray(v) && v.length === 2)),
    ...(BY_TYPE[group ?? ''] ?? []),
  ];
}

/** Every change writes an operation record: a new one names the call that changed something. */
const recordCount = async (db: Db) =>
  (await db.query<{ n: number }>('select count(*)::int as n from operation_records'))[0]!.n;

/** A checksum of every table's rows, by table. */
async function checksums(db: Db): Promise<Record<string, string>> {
  const tables = await db.query<{ name: string }>(
    `select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by 1`,
  );
  const sums: Record<string, string> = {};
  for (const { name } of tables) {
    const [row] = await db.query<{ sum: string | null }>(
      `select md5(coalesce(string_agg(md5(t::text), ',' order by md5(t::text)), '')) as sum from "${name}" t`,
    );
    sums[name] = row?.sum ?? '';
  }
  return sums;
}

const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])/;
const formCarries = (value: Value): boolean =>
  (typeof value === 'string' && !LONE.test(value)) ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string' && !LONE.test(item)));

function formOf(body: Body): string {
  const form = new URLSearchParams();
  for (const [key, value] of Object.entries(body))
    for (const item of Array.isArray(value) ? value : [value]) form.append(key, String(item));
  return form.toString();
}

async function send(app: FastifyInstance, url: string, body: Body, token: string, asJson: boolean) {
  const res = await app.inject({
    method: 'POST',
    url,
    payload: asJson ? JSON.stringify(body) : formOf(body),
    headers: {
      'content-type': asJson ? 'application/json' : 'application/x-www-form-urlencoded',
      authorization: token,
    },
  });
  return { status: res.statusCode, body: res.json() as { code: number; msg?: string } };
}

/** An existing record of a resource as its save call takes it, to probe saves one bad field at a time. */
async function saveBase(app: FastifyInstance, route: ServedRoute, token: string): Promise<Body | undefined> {
  const base = route.url.replace(/\/save$/, '');
  const list = await send(app, `${base}/list`, { size: '1' }, token, false);
  const first = (list.body as { data?: { records?: { id: string }[] } }).data?.records?.[0];
  if (!first) return undefined;
  const detail = await send(app, `${base}/detail`, { id: first.id }, token, false);
  const record = (detail.body as { data?: Record<string, unknown> }).data ?? {};
  const body: Body = { id: first.id };
  for (const [key, property] of Object.entries(route.body?.properties ?? {})) {
    const value = record[key];
    if (value === undefined || value === null) continue;
    body[key] = (property as Property).fieldType === 'lines' ? JSON.stringify(value) : (value as Value);
  }
  return body;
}

describe.each(BACKENDS)('every call refuses bad input without a 500 or a change, on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let server: Awaited<ReturnType<typeof startApp>>;
  let token: string;

  beforeAll(async () => {
    env = await openTestDb(backend);
    server = await startApp(env.db);
    token = (await login(server.app, 'admin')).token;
  });
  afterAll(async () => {
    await server?.app.close();
    await env?.drop();
  });

  it('answers every bad value with a message, never a 500, and changes nothing', async () => {
    const calls = server.routes.filter((r) => r.method === 'POST' && r.url.startsWith('/'));
    expect(calls.length).toBeGreaterThan(100);
    const before = await checksums(env.db);
    const failures: string[] = [];
    let sent = 0;
    let lastRecords = await recordCount(env.db);
    for (const route of calls) {
      const properties = Object.entries(route.body?.properties ?? {});
      const bases: Body[] = [{}];
      if (route.url.endsWith('/save')) {
        const base = await saveBase(server.app, route, token);
        if (base) bases.push(base);
      }
      const probes: { body: Body; value: Value }[] = [];
      for (const base of bases)
        for (const [name, property] of properties)
          for (const value of corpusFor(name, property as Property))
            probes.push({ body: { ...base, [name]: value }, value });
      for (const { body, value } of probes)
        for (const asJson of [false, true]) {
          // Form bodies carry only flat text (a lone surrogate turns into U+FFFD on the way); JSON carries the rest.
          if (asJson === formCarries(value)) continue;
          const answer = await send(server.app, route.url, body, token, asJson);
          sent++;
          const records = await recordCount(env.db);
          if (records !== lastRecords)
            failures.push(`${route.url} accepted ${JSON.stringify(body).slice(0, 300)}`);
          lastRecords = records;
          const shown = JSON.stringify(body).slice(0, 160);
          if (answer.status >= 500 || answer.body.code >= 500)
            failures.push(
              `${route.url} ${asJson ? 'json' : 'form'} ${shown} → ${answer.status} ${answer.body.msg}`,
            );
          else if (answer.body.code !== 200 && !answer.body.msg)
            failures.push(`${route.url} ${shown} → ${answer.body.code} without a message`);
        }
      for (const shape of [[1], 'text', 42])
        if ((await send(server.app, route.url, shape as never, token, true)).body.code === 200)
          failures.push(`${route.url} accepted the JSON body ${JSON.stringify(shape)}`);
    }
    const after = await checksums(env.db);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    console.log(`fuzz on ${backend.name}: ${calls.length} calls, ${sent} bad bodies`);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(changed).toEqual([]);
  }, 900_000);
});
