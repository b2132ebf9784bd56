// Every served call against a corpus of bad values: no answer may be a 500, and nothing in the database may
// change. Saves are also probed with an existing record whose one field is replaced by a bad value, so the
// bad value reaches the handler past the missing-field checks. Every command of every declaration is probed
// the same way on the demo company, from a body its declared input would take (a record in a state it
// applies to, a value of each field's type), and a caller without its right is refused before any check.
import type { FastifyInstance } from 'fastify';
import { role, user } from '../src/areas/access/index.ts';
import {
  type CommandDecl,
  type FieldDecl,
  type ResourceDecl,
  resourcePath,
} from '../src/framework/resource/index.ts';
import { PATHS } from '../src/shared/api/contract.ts';
import { ALL_DICTIONARIES } from '../src/test/declarations.ts';
import type { ServedRoute } from './app.ts';
import { COMPOSITION, SERVER_AREAS } from './areas/index.ts';
import type { Db } from './platform/db/index.ts';
import { idTarget } from './platform/resources/storage.ts';
import { businessDate } from './platform/time.ts';
import {
  BACKENDS,
  login,
  loginChangingTemporary,
  manualClock,
  openTestDb,
  startApp,
} from './test/harness.ts';

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
  // JSON types where text is declared: refused, never stored as "true" or "12.5".
  true,
  12.5,
  null,
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
    TYPE_GROUP[type ?? ''] ??
    (property.format === 'calendar-date'
      ? 'date'
      : name === 'page_no' || name === 'size' || name === 'id'
        ? 'page'
        : undefined);
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
  return { status: res.statusCode, body: res.json() as { code: number; msg?: string; data?: unknown } };
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

interface Probed {
  failures: string[];
  sent: number;
}

/** Each route's declared fields, one bad value at a time, on each of its base bodies, as a form and as JSON. */
async function probe(
  app: FastifyInstance,
  db: Db,
  routes: readonly ServedRoute[],
  basesOf: (route: ServedRoute) => Promise<Body[]>,
  token: string,
  /** The fields probed: those the route's schema declares, unless said otherwise. */
  fieldsOf: (route: ServedRoute) => Record<string, unknown> = (route) => route.body?.properties ?? {},
): Promise<Probed> {
  const failures: string[] = [];
  let sent = 0;
  let lastRecords = await recordCount(db);
  for (const route of routes) {
    const properties = Object.entries(fieldsOf(route));
    const probes: { body: Body; value: Value }[] = [];
    for (const base of await basesOf(route))
      for (const [name, property] of properties)
        for (const value of corpusFor(name, property as Property))
          probes.push({ body: { ...base, [name]: value }, value });
    for (const { body, value } of probes)
      for (const asJson of [false, true]) {
        // Form bodies carry only flat text (a lone surrogate turns into U+FFFD on the way); JSON carries the rest.
        if (asJson === formCarries(value)) continue;
        const answer = await send(app, route.url, body, token, asJson);
        sent++;
        const records = await recordCount(db);
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
      if ((await send(app, route.url, shape as never, token, true)).body.code === 200)
        failures.push(`${route.url} accepted the JSON body ${JSON.stringify(shape)}`);
  }
  return { failures, sent };
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
    // Logout reads nothing of its body and always ends the session (login.test.ts): it has no bad input.
    const calls = server.routes.filter(
      (r) => r.method === 'POST' && r.url.startsWith('/') && r.url !== PATHS.logout,
    );
    expect(calls.length).toBeGreaterThan(100);
    const before = await checksums(env.db);
    const { failures, sent } = await probe(
      server.app,
      env.db,
      calls,
      async (route) => {
        const base = route.url.endsWith('/save') ? await saveBase(server.app, route, token) : undefined;
        return base ? [{}, base] : [{}];
      },
      token,
    );
    const after = await checksums(env.db);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    console.log(`fuzz on ${backend.name}: ${calls.length} calls, ${sent} bad bodies`);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(changed).toEqual([]);
  }, 900_000);
});

interface DeclaredCommand {
  decl: ResourceDecl;
  name: string;
  command: CommandDecl;
  url: string;
}

/** Every command of every served declaration, from the declarations: a new command is probed untold. */
const DECLARED_COMMANDS: DeclaredCommand[] = SERVER_AREAS.flatMap((area) =>
  area.declarations.resources
    .filter((decl) => area.storage[decl.key])
    .flatMap((decl) =>
      Object.entries(decl.commands ?? {}).map(([name, command]) => ({
        decl,
        name,
        command,
        url: `/api/${decl.area}/${decl.resource}/${name}`,
      })),
    ),
);

/** The fields a command's body may carry, as its declaration says (whatever the route's schema says). */
function declaredFields({ command }: DeclaredCommand): Record<string, Property> {
  const input = command.input;
  const fields: Record<string, Property> = Object.fromEntries(
    (input.form?.fields ?? [])
      .filter((key) => !input.fields[key]!.readOnly)
      .map((key) => {
        const field = input.fields[key]!;
        const several = 'multiple' in field && field.multiple;
        return [
          key,
          several ? { type: 'array', items: { fieldType: field.type } } : { fieldType: field.type },
        ];
      }),
  );
  if (input.lines) fields[input.lines.key] = { fieldType: 'lines' };
  if ((command.target ?? 'record') === 'record') fields.id = {};
  if (command.preview) fields.preview = { fieldType: 'boolean' };
  return fields;
}

/** A value of the field's type that names something that exists, so a bad value elsewhere is what is judged. */
async function goodValue(db: Db, field: FieldDecl, today: string): Promise<Value | undefined> {
  const first = async (sql: string, params: unknown[] = []) =>
    (await db.query<{ v: string }>(sql, params))[0]?.v;
  switch (field.type) {
    case 'number':
    case 'integer':
    case 'money':
    case 'weight':
    case 'percent':
      return '1';
    case 'date':
      return today;
    case 'datetime':
      return `${today} 10:00:00`;
    case 'boolean':
      return 'false';
    case 'enum': {
      const value = ALL_DICTIONARIES[field.dictionary]?.[0]?.value;
      return value && field.multiple ? [value] : value;
    }
    case 'batch':
      return first('select batch_no as v from batches order by id limit 1');
    case 'partner':
      return first(
        'select id::text as v from partners where $1::text is null or $1 = any(kinds) order by id limit 1',
        [field.partnerKind ?? null],
      );
    default: {
      const target = idTarget(field);
      if (!target) return 'x';
      const id = await first(`select id::text as v from ${target.table} order by id limit 1`);
      return id && field.type === 'reference' && field.multiple ? [id] : id;
    }
  }
}

/** A body the command would take: a record in a state it applies to, and a good value for each input field. */
async function commandBase(
  app: FastifyInstance,
  db: Db,
  { decl, command }: DeclaredCommand,
  token: string,
  today: string,
): Promise<Body> {
  const body: Body = {};
  for (const key of command.input.form?.fields ?? []) {
    const value = await goodValue(db, command.input.fields[key]!, today);
    if (value !== undefined) body[key] = value;
  }
  if (command.input.lines) body[command.input.lines.key] = '[]';
  if ((command.target ?? 'record') === 'record') {
    const states = command.states && decl.workflow ? { [decl.workflow.field]: [...command.states] } : {};
    // A record in a state the command applies to, else any (the demo keeps no draft roll).
    for (const filter of [states, {}]) {
      const list = await send(app, resourcePath(decl, 'list'), { size: '1', ...filter }, token, false);
      body.id ??= (list.body.data as { records?: { id: string }[] } | undefined)?.records?.[0]?.id ?? null;
    }
    if (body.id === null) delete body.id;
  }
  return body;
}

describe.each(BACKENDS)('every command refuses what its input does not declare, on $name', (backend) => {
  const NOW = new Date('2026-11-23T08:00:00Z');
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let server: Awaited<ReturnType<typeof startApp>>;
  let admin: string;
  let nobody: string;

  beforeAll(async () => {
    env = await openTestDb(backend, COMPOSITION, { demo: true, now: NOW });
    server = await startApp(env.db, manualClock(NOW.getTime()));
    admin = (await login(server.app, 'admin')).token;
    const saved = async (decl: ResourceDecl, body: Body) =>
      (await send(server.app, resourcePath(decl, 'save'), body, admin, false)).body.data as Record<
        string,
        string
      >;
    const visitor = await saved(user, {
      departmentId: (
        await env.db.query<{ id: string }>('select id::text from departments order by id limit 1')
      )[0]!.id,
      loginName: 'fuzzvisitor',
      relName: '访客',
      phone: '13700000019',
      roleIds: [(await saved(role, { name: '访客', code: 'fuzzvisitor', permissions: '[]' })).id!],
    });
    nobody = await loginChangingTemporary(server.app, 'fuzzvisitor', String(visitor.temporaryPassword));
  }, 300_000);
  afterAll(async () => {
    await server?.app.close();
    await env?.drop();
  });

  it('answers every bad input of every command with 400 (403 without the right), never a 500, and changes nothing', async () => {
    const today = businessDate(NOW, server.ctx.timeZone);
    const routes = DECLARED_COMMANDS.map(({ url }) => server.routes.find((route) => route.url === url)!);
    expect(routes.every(Boolean)).toBe(true);
    expect(routes.length).toBeGreaterThan(15);
    const before = await checksums(env.db);
    const bases = new Map<string, Body>();
    for (const command of DECLARED_COMMANDS)
      bases.set(command.url, await commandBase(server.app, env.db, command, admin, today));
    // Each command is reached with a record to act on.
    expect(
      DECLARED_COMMANDS.filter(
        ({ url, command }) => (command.target ?? 'record') === 'record' && !bases.get(url)!.id,
      ).map(({ url }) => url),
    ).toEqual([]);
    const { failures, sent } = await probe(
      server.app,
      env.db,
      routes,
      async (route) => [{}, bases.get(route.url)!],
      admin,
      (route) => declaredFields(DECLARED_COMMANDS.find(({ url }) => url === route.url)!),
    );
    for (const { url } of DECLARED_COMMANDS)
      for (const body of [bases.get(url)!, { ...bases.get(url)!, id: ['1', '2'] }]) {
        const answer = await send(server.app, url, body, nobody, true);
        if (answer.body.code !== 403)
          failures.push(`${url} answered ${answer.body.code} to a caller without the right`);
      }
    // Each command's body declares its input's fields, so each is checked at the edge and probed here.
    const undeclared = DECLARED_COMMANDS.flatMap(({ url, command }, index) =>
      (command.input.form?.fields ?? [])
        .filter((key) => !command.input.fields[key]!.readOnly && !routes[index]!.body?.properties?.[key])
        .map((key) => `${url} ${key}`),
    );
    failures.push(...undeclared.map((field) => `${field} is not declared in the call's schema`));
    const after = await checksums(env.db);
    const changed = Object.keys(before).filter((table) => before[table] !== after[table]);
    console.log(`command fuzz on ${backend.name}: ${routes.length} commands, ${sent} bad bodies`);
    expect(failures.slice(0, 40)).toEqual([]);
    expect(changed).toEqual([]);
  }, 900_000);
});
