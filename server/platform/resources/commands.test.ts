// A command through HTTP, on an app composed of the access area and one test area of its own: legal, in an
// illegal state, without the permission, with bad input — and nothing changed when refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineArea } from '../../../src/framework/resource/area.ts';
import { defineResource } from '../../../src/framework/resource/index.ts';
import { access } from '../../areas/access/index.ts';
import { compose } from '../../areas/index.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';
import type { ServerArea } from './area.ts';

const closing = defineResource({
  key: 'noteClosing',
  area: 'pri',
  resource: 'NoteClosing',
  title: 'route.index',
  titleField: 'reason',
  fields: {
    reason: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 20 }] },
    days: { type: 'integer', rules: [{ kind: 'min', value: 1 }] },
  },
  list: { columns: ['reason'], filters: [] },
  form: { fields: ['reason', 'days'] },
  permissions: {},
});

const note = defineResource({
  key: 'note',
  area: 'pri',
  resource: 'Note',
  title: 'route.index',
  titleField: 'text',
  fields: {
    text: { type: 'text' },
    status: { type: 'enum', dictionary: 'noteState', readOnly: true },
    closedBecause: { type: 'text', readOnly: true },
  },
  list: { columns: ['text', 'status'], filters: [] },
  form: { fields: ['text'] },
  workflow: {
    field: 'status',
    initial: 'open' as 'open' | 'closed',
    states: { open: 'state.draft', closed: 'state.completed' },
    transitions: [],
  },
  commands: { close: { input: closing, permission: 'close', states: ['open'] } },
  permissions: { view: 'view', create: 'create', edit: 'edit' },
});

const migrations = fs.mkdtempSync(path.join(os.tmpdir(), 'notes-'));
fs.writeFileSync(
  path.join(migrations, '900_test_notes.sql'),
  `create table notes (id bigint generated always as identity primary key, text text,
     status text not null default 'open', closed_because text);`,
);

const notes: ServerArea = {
  key: 'notes',
  declarations: defineArea(
    { key: 'notes', routes: [], dictionaries: {}, declarations: async () => notes.declarations },
    { resources: [note] },
  ),
  migrationsDir: migrations,
  grants: {},
  storage: {
    note: {
      table: 'notes',
      commands: {
        close: async ({ db, record, input, notify, actor }) => {
          await db.query('update notes set closed_because = $2 where id = $1', [record!.id, input.reason]);
          await notify({
            loginName: actor.loginName,
            messageType: '1000007',
            message: `已关闭 ${record!.text}`,
          });
          return { toState: 'closed', summary: `关闭便笺 ${record!.text}` };
        },
      },
    },
  },
};

describe.each(BACKENDS)('a command on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: Awaited<ReturnType<typeof startApp>>['app'];
  let admin: string;
  let trader: string;
  let id: string;
  const state = async () =>
    (
      await env.db.query<{ status: string; closed: string | null }>(
        'select status, closed_because as closed from notes where id = $1',
        [id],
      )
    )[0];
  const close = (token: string, body: Record<string, string>) =>
    post(app, '/api/pri/Note/close', body, { token });

  beforeAll(async () => {
    env = await openTestDb(backend, compose([access, notes]));
    ({ app } = await startApp(env.db, undefined, undefined, compose([access, notes])));
    admin = (await login(app, 'admin')).token;
    trader = (await login(app, 'trader')).token;
    const saved = await post(app, '/api/pri/Note/save', { text: '便笺一' }, { token: admin });
    id = (saved.json.data as { id: string }).id;
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('refuses a caller without its permission (403), bad input (400 on the field), changing nothing', async () => {
    expect((await close(trader, { id, reason: '完成' })).json.code).toBe(403);
    const bad = (await close(admin, { id, reason: 'x'.repeat(21), days: '0' })).json;
    expect(bad.code).toBe(400);
    expect(Object.keys((bad.data as { fields: object }).fields).sort()).toEqual(['days', 'reason']);
    expect((await close(admin, { id: 'abc', reason: '完成' })).json.code).toBe(400);
    expect(await state()).toEqual({ status: 'open', closed: null });
  });

  it('runs in one transaction: the state moves, history and operation record say what was done, a message goes out', async () => {
    const done = (await close(admin, { id, reason: '完成' })).json;
    expect(done.code, done.msg).toBe(200);
    expect(done.msg).toBe('关闭便笺 便笺一');
    expect(await state()).toEqual({ status: 'closed', closed: '完成' });
    const history = (await post(app, '/api/pri/Note/history', { id }, { token: admin })).json.data as {
      action: string;
      toState: string;
      comment: string;
    }[];
    expect(history.at(-1)).toMatchObject({ action: 'close', toState: 'closed', comment: '关闭便笺 便笺一' });
    const [record] = await env.db.query<{ detail: { summary: string } }>(
      `select detail from operation_records where action = '/api/pri/Note/close' order by id desc limit 1`,
    );
    expect(record?.detail.summary).toBe('关闭便笺 便笺一');
    const [message] = await env.db.query<{ message: string }>(
      `select message from messages where message_type = '1000007' order by id desc limit 1`,
    );
    expect(message?.message).toBe('已关闭 便笺一');
  });

  it('refuses it in a state it does not apply to, changing nothing', async () => {
    const again = (await close(admin, { id, reason: '再次' })).json;
    expect(again).toMatchObject({ code: 400, msg: '当前状态不允许此操作' });
    expect(await state()).toEqual({ status: 'closed', closed: '完成' });
  });
});
