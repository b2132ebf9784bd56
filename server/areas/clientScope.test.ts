// The class check of "a salesperson reads only their own clients' records": over every declaration that
// names a client (a partner field that may hold one, or a reference to a record kept per client, such as a
// contract), a user bound to their own clients (the demo's sales, given view and export on each of them)
// lists, exports (the export pages through the list call) and opens only records of the clients they
// serve, and still sees every record of those clients. Run on the demo company, which holds records of
// other salespeople's clients in every area.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ResourceDecl } from '../../src/framework/resource/index.ts';
import { type Db, openDatabase } from '../platform/db/index.ts';
import { migrate } from '../platform/db/migrate.ts';
import { dropSchema } from '../platform/db/postgres.ts';
import { clientOf, type ResourceStorage } from '../platform/resources/storage.ts';
import { BACKENDS, login, manualClock, post, startApp, TEST_TENANT } from '../test/harness.ts';
import { type Row, resourceCalls } from '../test/resourceCalls.ts';
import { COMPOSITION, SERVER_AREAS } from './index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

const storageOf = new Map<string, ResourceStorage>(
  SERVER_AREAS.flatMap((area) => Object.entries(area.storage)),
);
const declarations = SERVER_AREAS.flatMap((area) => area.declarations.resources).filter((decl) =>
  storageOf.has(decl.key),
);

/** Records of these resources are kept per client: a reference to one names its client. */
const perClient = (key: string) => clientOf(storageOf.get(key) ?? { table: '' }) !== undefined;

/** The fields of a declaration that name a client: a partner that may be a client, or a per-client record. */
function clientFields(decl: ResourceDecl): string[] {
  return Object.entries(decl.fields)
    .filter(([, field]) =>
      field.type === 'partner'
        ? field.partnerKind === undefined || field.partnerKind === 'client'
        : field.type === 'reference' && perClient(field.resource),
    )
    .map(([key]) => key);
}

/** Every declaration that names a client, or is the client itself (stored as one: `clientScope: 'id'`). */
const NAMING_A_CLIENT = declarations.filter(
  (decl) => clientFields(decl).length > 0 || storageOf.get(decl.key)?.clientScope === 'id',
);

describe.each(BACKENDS)(
  'a salesperson bound to their own clients, over every declaration naming a client, on $name',
  (backend) => {
    let db: Db;
    let app: FastifyInstance;
    let schema: string | undefined;
    const tokens: Record<string, string> = {};
    const { call, records } = resourceCalls(
      () => app,
      (who) => tokens[who]!,
    );
    /** Partner ids of clients, and of the clients sales serves. */
    let clients: Set<string>;
    let mine: Set<string>;

    /** The client ids a record names (through per-client records it references, their clients). */
    async function clientsNamed(decl: ResourceDecl, row: Row): Promise<string[]> {
      if (storageOf.get(decl.key)?.clientScope === 'id') return [row.id];
      const named: string[] = [];
      for (const key of clientFields(decl)) {
        const field = decl.fields[key]!;
        const values = [row[key]].flat().filter((v) => v !== null && v !== undefined && v !== '');
        if (field.type === 'partner') named.push(...values.map(String));
        else if (field.type === 'reference' && values.length > 0) {
          const target = storageOf.get(field.resource)!;
          const held = await db.query<{ client: string | null }>(
            `select (${clientOf(target)})::text as client from ${target.table} t where t.id = any($1::bigint[])`,
            [values.map(String)],
          );
          named.push(...held.flatMap((h) => (h.client ? [h.client] : [])));
        }
      }
      return named.filter((id) => clients.has(id));
    }

    beforeAll(async () => {
      schema = backend.url ? `test_scope_${randomUUID().slice(0, 8)}` : undefined;
      db = await openDatabase({ url: backend.url, schema, poolSize: 4 });
      await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW });
      for (const decl of NAMING_A_CLIENT)
        await db.query(
          `insert into role_grants (role_id, scope, permissions)
         select id, $1, array['view', 'export'] from roles where code = 'sales'
         on conflict (role_id, scope) do update set permissions = array(
           select distinct unnest(role_grants.permissions || array['view', 'export']))`,
          [decl.key],
        );
      ({ app } = await startApp(db, manualClock(NOW.getTime())));
      for (const who of ['admin', 'sales']) tokens[who] = (await login(app, who)).token;
      // The demo signs no supplementary agreement: one for another salesperson's client.
      const [other] = await db.query<{ id: string }>(
        `select c.id::text from transaction_contracts c
        where c.side = 'sale' and c.status in ('approved', 'executing')
          and c.partner_id not in (select r.client_id from client_relations r join users u on u.id = r.salesperson_id
                                    where u.login_name = 'sales')
        order by c.id limit 1`,
      );
      const amended = await post(
        app,
        '/api/pri/TransactionContract/amend',
        { id: other!.id, paymentTerms: '款到发货', note: '付款方式调整' },
        { token: tokens.admin },
      );
      expect(amended.json.code, amended.json.msg).toBe(200);
      clients = new Set(
        (await db.query<{ id: string }>(`select id::text from partners where 'client' = any(kinds)`)).map(
          (p) => p.id,
        ),
      );
      mine = new Set(
        (
          await db.query<{ id: string }>(
            `select r.client_id::text as id from client_relations r join users u on u.id = r.salesperson_id
            where u.login_name = 'sales'`,
          )
        ).map((r) => r.id),
      );
    }, 240_000);

    afterAll(async () => {
      await app?.close();
      await db?.close();
      if (backend.url && schema) await dropSchema(backend.url, schema);
    });

    it('has every declaration naming a client say how far a user bound to their own clients reaches', () => {
      expect(
        NAMING_A_CLIENT.filter((decl) => !storageOf.get(decl.key)?.clientScope).map((decl) => decl.key),
      ).toEqual([]);
    });

    it('knows the declarations that name a client, the documents of the issue among them', () => {
      expect(NAMING_A_CLIENT.map((decl) => decl.key)).toEqual(
        expect.arrayContaining([
          'contractFixing',
          'contractAmendment',
          'outboundAppointment',
          'transactionContract',
        ]),
      );
      expect(mine.size).toBeGreaterThan(0);
    });

    /** Declarations whose demo records name a client sales does not serve: the test is not vacuous on them. */
    const tested: string[] = [];

    it.each(NAMING_A_CLIENT.map((decl) => [decl.key, decl] as const))(
      '%s: lists, exports and opens only their clients’ records, and all of them',
      async (_key, decl) => {
        const every = await records('admin', decl);
        const theirs: Row[] = [];
        const others: Row[] = [];
        for (const row of every) {
          const named = await clientsNamed(decl, row);
          if (named.some((id) => !mine.has(id))) others.push(row);
          else if (named.length > 0) theirs.push(row);
        }
        const listed = await records('sales', decl);
        const ids = new Set(listed.map((row) => row.id));
        expect(
          others.filter((row) => ids.has(row.id)).map((row) => row[decl.titleField] ?? row.id),
          `${decl.key}: other clients' records listed`,
        ).toEqual([]);
        expect(
          theirs.filter((row) => !ids.has(row.id)).map((row) => row[decl.titleField] ?? row.id),
          `${decl.key}: their own clients' records missing`,
        ).toEqual([]);
        for (const row of others.slice(0, 3)) {
          const detail = await call('sales', decl, 'detail', { id: row.id });
          expect(detail.json, `${decl.key} ${row.id}`).toMatchObject({
            code: 400,
            msg: '记录不存在或已被删除',
          });
        }
        if (others.length > 0) tested.push(decl.key);
      },
    );

    it('found other clients’ records in the demo for the documents of the issue', () => {
      expect(tested).toEqual(
        expect.arrayContaining([
          'contractFixing',
          'contractAmendment',
          'outboundAppointment',
          'transactionContract',
        ]),
      );
    });
  },
);
