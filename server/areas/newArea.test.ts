// Adding a business area is its folder and one line in server/areas/index.ts: composed with the others, its
// migration runs, its grants are seeded with it, its dictionaries are seeded, its screen joins the menus
// and its resource is served by the generic calls. The area exists only in the test: the client's part in
// src/test/throwawayArea.ts, the server's here, its migration in a temporary folder.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { type MenuAnswer, PATHS } from '../../src/shared/api/contract.ts';
import { routeTitleKey } from '../../src/shared/routes/routeRecords.ts';
import { memo, memosArea } from '../../src/test/throwawayArea.ts';
import { defineServerArea } from '../platform/resources/area.ts';
import { BACKENDS, login, menuScreenIds, openTestDb, post, startApp } from '../test/harness.ts';
import { resourceCalls } from '../test/resourceCalls.ts';
import { compose, SERVER_AREAS } from './index.ts';

const migrations = fs.mkdtempSync(path.join(os.tmpdir(), 'memos-'));
fs.writeFileSync(
  path.join(migrations, '901_memos.sql'),
  `create table memos (id bigint generated always as identity primary key, text text not null,
     kind text not null);`,
);

const memos = defineServerArea({
  key: 'memos',
  declarations: memosArea,
  migrationsDir: migrations,
  parts: [
    {
      migration: '901_memos.sql',
      storage: { memo: { table: 'memos' } },
      grants: { trader: [{ scope: 'MemoList', permissions: ['view', 'create', 'edit'] }] },
    },
  ],
});

/** The one line: the area listed with the others. */
const composition = compose([...SERVER_AREAS, memos]);

describe.each(BACKENDS)('a new area on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    env = await openTestDb(backend, composition);
    ({ app } = await startApp(env.db, undefined, undefined, composition));
    for (const who of ['admin', 'trader', 'sales']) tokens[who] = (await login(app, who)).token;
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  test("its screen is in the catalogue, titled in the area's words", () => {
    const route = composition.routes.find((candidate) => candidate.key === 'MemoList')!;
    expect(routeTitleKey(route)).toBe('memos:route.MemoList');
  });

  test('its screen joins the menus of whoever its grants name, and the administrator', async () => {
    const menuOf = async (who: string) =>
      menuScreenIds((await post(app, PATHS.menu, {}, { token: tokens[who] })).json as unknown as MenuAnswer);
    expect(await menuOf('admin')).toContain('MemoList');
    expect(await menuOf('trader')).toContain('MemoList');
    expect(await menuOf('sales')).not.toContain('MemoList');
  });

  test('its resource is served: saved and listed by the trader, refused to the sales desk', async () => {
    await saved('trader', memo, { text: '周五前确认库尔勒库容', kind: 'reminder' });
    expect((await records('trader', memo)).map((row) => row.text)).toEqual(['周五前确认库尔勒库容']);
    expect((await call('sales', memo, 'list')).json.code).not.toBe(200);
  });

  test('its dictionaries are seeded', async () => {
    const { json } = await post(app, PATHS.dictionary, { code: 'memoKind' }, { token: tokens.trader });
    expect((json.data as { label: string }[]).map((entry) => entry.label)).toEqual(['提醒', '决定']);
  });
});
