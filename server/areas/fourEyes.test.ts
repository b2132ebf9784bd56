// The class check of four eyes: over every declaration whose workflow has an approval, whoever submitted a
// document never approves or rejects it, whatever rights they hold (the administrator), and is not offered to
// (the record's `allowed`), while another approver is. Run on the demo company, which holds documents
// awaiting a decision of every kind, each saying who submitted it.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import {
  type AllowedActions,
  awaitingApprovalStates,
  type ResourceDecl,
} from '../../src/framework/resource/index.ts';
import { type Db, openDatabase, withBusinessDay } from '../platform/db/index.ts';
import { migrate } from '../platform/db/migrate.ts';
import { dropSchema } from '../platform/db/postgres.ts';
import { submittersOf } from '../platform/resources/actions.ts';
import { columnOf, type ResourceStorage } from '../platform/resources/storage.ts';
import { BACKENDS, login, manualClock, startApp, TEST_TENANT } from '../test/harness.ts';
import { type Row, resourceCalls } from '../test/resourceCalls.ts';
import { COMPOSITION, SERVER_AREAS } from './index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

const storageOf = new Map<string, ResourceStorage>(
  SERVER_AREAS.flatMap((area) => Object.entries(area.storage)),
);
const APPROVED = SERVER_AREAS.flatMap((area) => area.declarations.resources).filter(
  (decl) => decl.workflow?.approval && storageOf.has(decl.key),
);

describe.each(BACKENDS)('four eyes over every workflow with an approval, on $name', (backend) => {
  let db: Db;
  let app: FastifyInstance;
  let schema: string | undefined;
  const tokens: Record<string, string> = {};
  const { call } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const ids: Record<string, string> = {};

  /** The documents of a declaration awaiting a decision, with who submitted each (user id). */
  async function awaiting(decl: ResourceDecl) {
    const storage = storageOf.get(decl.key)!;
    const state = columnOf(storage, decl.workflow!.field).read;
    const rows = await db.query<{ id: string }>(
      `select t.id::text as id from ${storage.table} t where (${state})::text = any($1::text[]) order by t.id`,
      [awaitingApprovalStates(decl)],
    );
    const submitters = await submittersOf(
      db,
      decl,
      storage,
      rows.map((row) => row.id),
    );
    return rows.map((row) => ({ id: row.id, submitter: submitters.get(row.id) ?? null }));
  }

  beforeAll(async () => {
    schema = backend.url ? `test_eyes_${randomUUID().slice(0, 8)}` : undefined;
    const opened = await openDatabase({ url: backend.url, schema, poolSize: 4 });
    await migrate(opened, TEST_TENANT, COMPOSITION, { demo: true, now: NOW });
    db = withBusinessDay(opened, () => '2026-11-23');
    ({ app } = await startApp(db, manualClock(NOW.getTime())));
    // Another approver holding every right: risk, given the administrator's grant.
    await db.query(
      `insert into role_grants (role_id, scope, permissions)
       select (select id from roles where code = 'risk'), '*', g.permissions
         from role_grants g join roles r on r.id = g.role_id where r.code = 'administrator' and g.scope = '*'`,
    );
    for (const [who, loginName] of [
      ['admin', 'admin'],
      ['checker', 'risk'],
    ] as const)
      tokens[who] = (await login(app, loginName)).token;
    for (const user of await db.query<{ id: string; loginName: string }>(
      `select id::text, login_name as "loginName" from users`,
    ))
      ids[user.loginName] = user.id;
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (backend.url && schema) await dropSchema(backend.url, schema);
  });

  it('knows the workflows with an approval, those of the issue among them', () => {
    expect(APPROVED.map((decl) => decl.key)).toEqual(
      expect.arrayContaining(['clientBooking', 'purchaseMarginApplication', 'transactionContract']),
    );
  });

  /** Makes `userId` the submitter of the document, as its storage records one (a column, or its submit step). */
  async function submittedBy(decl: ResourceDecl, id: string, userId: string) {
    const storage = storageOf.get(decl.key)!;
    const column = /^t\.(\w+)$/.exec(storage.submittedBy ?? '')?.[1];
    if (column) await db.query(`update ${storage.table} set ${column} = $2 where id = $1`, [id, userId]);
    else
      await db.query(
        `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, at)
         values ($1, $2, 'submit', 'draft', 'submitted', $3, $4)`,
        [decl.key, id, userId, NOW],
      );
  }

  const allowedOf = async (who: string, decl: ResourceDecl, id: string) =>
    ((await call(who, decl, 'detail', { id })).json.data as Row).allowed as AllowedActions;

  it.each(APPROVED.map((decl) => [decl.key, decl] as const))(
    '%s: its awaiting documents say who submitted them; the submitter may neither approve nor reject, nor is offered to',
    async (_key, decl) => {
      const documents = await awaiting(decl);
      expect(documents.length, `${decl.key}: the demo holds a document awaiting a decision`).toBeGreaterThan(
        0,
      );
      expect(
        documents.filter((d) => d.submitter === null).map((d) => d.id),
        `${decl.key}: submitter unknown`,
      ).toEqual([]);
      // The administrator holds every right on every record: only four eyes can stop them.
      const { id } = documents[0]!;
      await submittedBy(decl, id, ids.admin!);
      const { approve, reject } = decl.workflow!.approval!;
      const other = await allowedOf('checker', decl, id);
      expect(other.transitions, `${decl.key}: offered to another approver`).toEqual(
        expect.arrayContaining([approve, reject]),
      );
      expect((await allowedOf('admin', decl, id)).transitions).not.toEqual(
        expect.arrayContaining([expect.stringMatching(new RegExp(`^(${approve}|${reject})$`))]),
      );
      const listed = await call('admin', decl, 'list', { size: 1000 });
      const row = (listed.json.data as { records: Row[] }).records.find((r) => r.id === id);
      expect((row!.allowed as AllowedActions).transitions).not.toContain(approve);
      for (const action of [approve, reject]) {
        const answer = await call('admin', decl, 'transition', { id, action, comment: '自己处理' });
        expect(answer.json, `${decl.key} ${action}`).toMatchObject({
          code: 400,
          msg: expect.stringMatching(/^不能(审批|驳回)自己提交的.+，请由其他审批人处理$/),
        });
        expect((await awaiting(decl)).map((d) => d.id)).toContain(id);
      }
    },
  );
});
