// Every seeded role opens every screen of its menu: the list, its privileges and the lookups its fields
// make (dictionaries, partners, the records a reference field chooses from) answer without a 403.
import type { FastifyInstance } from 'fastify';
import { org, role, user } from '../../../src/areas/access/index.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import {
  type FieldDecl,
  type ResourceDecl,
  referencedKey,
  resourcePath,
} from '../../../src/framework/resource/index.ts';
import { type MenuAnswer, type MenuItem, PATHS } from '../../../src/shared/api/contract.ts';
import type { BusinessRoute } from '../../../src/shared/routes/businessRoutes.ts';
import { routeByKey } from '../../../src/shared/routes/catalogue.ts';
import { ALL_RESOURCES } from '../../../src/test/declarations.ts';
import { BACKENDS, login, loginChangingTemporary, openTestDb, post, startApp } from '../../test/harness.ts';
import { DEMO_USERS } from '../db/seed/data.ts';

const declByKey = new Map(ALL_RESOURCES.map((decl) => [decl.key, decl]));

const leaves = (items: MenuItem[]): MenuItem[] =>
  items.flatMap((item) => (item.children?.length ? leaves(item.children) : [item]));

/** Every field a screen's list, filters, details and forms show, with its lines' fields. */
const fieldsOf = (decl: ResourceDecl): FieldDecl[] => [
  ...Object.values(decl.fields),
  ...(decl.lines ? Object.values(decl.lines.declaration.fields) : []),
];

/** The calls the screen of a route makes: its list (narrowed to the screen), privileges and lookups. */
function screenCalls(route: BusinessRoute): [string, Record<string, string | number>][] {
  const decl = declByKey.get(route.resource!)!;
  const lookups = fieldsOf(decl).flatMap((field): [string, Record<string, string | number>][] => {
    if (field.type === 'enum') return [[PATHS.dictionary, { code: field.dictionary }]];
    if (field.type === 'partner') return [[PATHS.partnerList, {}]];
    const target = referencedKey(field);
    return target ? [[resourcePath(declByKey.get(target)!, 'list'), { page_no: 1, size: 1000 }]] : [];
  });
  return [
    [resourcePath(decl, 'list'), { page_no: 1, size: 20, ...route.scope }],
    [PATHS.userPrivileges, { moduleCode: decl.key }],
    ...lookups,
  ];
}

describe.each(BACKENDS)('the screens of each role on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  test.each(DEMO_USERS.map((user) => user.loginName))(
    '%s opens every screen of its menu and every lookup of its fields',
    async (loginName) => {
      const { token } = await login(app, loginName);
      const { json } = await post(app, PATHS.menu, {}, { token });
      const menu = json as unknown as MenuAnswer;
      const screens = menu.menu
        .flatMap((group) => leaves(group.menu))
        .map((leaf) => routeByKey(leaf.id) as BusinessRoute | undefined)
        .filter((route) => route?.resource && declByKey.has(route.resource));
      expect(screens.length).toBeGreaterThan(0);
      const refused: string[] = [];
      for (const route of screens)
        for (const [path, body] of screenCalls(route!)) {
          const answer = await post(app, path, body, { token });
          if (answer.json.code === 403 || answer.res.statusCode === 403)
            refused.push(`${route!.key}: ${path}`);
        }
      expect([...new Set(refused)]).toEqual([]);
    },
  );

  test('a lookup shows names only, searched by name, to whoever views a screen choosing from it', async () => {
    const admin = (await login(app, 'admin')).token;
    const save = async (decl: ResourceDecl, body: Record<string, string | string[]>) => {
      const { json } = await post(app, resourcePath(decl, 'save'), body, { token: admin });
      expect(json.code, json.msg).toBe(200);
      return json.data as { id: string; temporaryPassword?: string };
    };
    await save(warehouse, { code: 'KL01', name: '库尔勒一号库', kind: 'delivery' });
    await save(warehouse, { code: 'SH02', name: '上海二号库', kind: 'delivery' });
    const finance = (await login(app, 'finance')).token;
    const names = await post(
      app,
      resourcePath(warehouse, 'list'),
      // The state filter is a viewer's: a lookup searches by name alone.
      { name: '库尔勒', status: 'disabled' },
      { token: finance },
    );
    expect(names.json.data).toMatchObject({ records: [{ name: '库尔勒一号库' }] });
    expect(Object.keys((names.json.data as { records: object[] }).records[0]!).sort()).toEqual([
      'id',
      'name',
    ]);

    const nobody = await save(role, { name: '访客', code: 'visitor', permissions: '[]' });
    const { json: departments } = await post(
      app,
      resourcePath(org, 'list'),
      { name: '总公司' },
      { token: admin },
    );
    const departmentId = (departments.data as { records: { id: string }[] }).records[0]!.id;
    const visitor = await save(user, {
      departmentId,
      loginName: 'visitor',
      relName: '访客',
      phone: '13700000009',
      roleIds: [nobody.id],
    });
    const token = await loginChangingTemporary(app, 'visitor', String(visitor.temporaryPassword));
    expect((await post(app, resourcePath(warehouse, 'list'), {}, { token })).json.code).toBe(403);
    expect((await post(app, PATHS.partnerList, {}, { token })).json.code).toBe(403);
  });
});
