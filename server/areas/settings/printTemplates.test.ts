import type { FastifyInstance } from 'fastify';
import { ALL_RESOURCES, billTemplate, contractTemplate } from '../../../src/areas/index.ts';
import { documentPlaceholders } from '../../../src/areas/settings/printDocuments.ts';
import {
  PUBLISHED_TEMPLATE_PATH,
  type ResourceDecl,
  resourcePath,
  templateProblems,
} from '../../../src/framework/resource/index.ts';
import { BUSINESS_ROUTES } from '../../../src/shared/routes/businessRoutes.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('print templates on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let admin: string;
  const templatesOf = { contractTemplate, billTemplate } as const;
  const { records } = resourceCalls(() => app);
  const list = (decl: ResourceDecl, filters: Record<string, string>) => records(admin, decl, filters);

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    admin = (await login(app, 'admin')).token;
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('gives every wired print page one published template from the start', async () => {
    const printPages = BUSINESS_ROUTES.filter((route) => route.print && route.resource);
    expect(printPages.map((route) => route.key)).toEqual(
      expect.arrayContaining([
        'purchasePrint',
        'purchasePrintSpm',
        'marketPrint',
        'marketPrintSpm',
        'transactionConfirmation',
        'transferConfirmation',
      ]),
    );
    for (const route of printPages) {
      const published = await list(templatesOf[route.print!.templates], {
        variant: route.key,
        status: 'active',
      });
      expect(published, route.key).toHaveLength(1);
      // The template names the printed document by its title field (contract no, receipt no…).
      const printed = ALL_RESOURCES.find((decl) => decl.key === route.resource)!;
      expect(published[0]!.content).toContain(`{{${printed.titleField}}}`);
      // It prints cleanly: only its document's placeholders, no second sign after a percentage.
      expect(
        templateProblems(String(published[0]!.content), documentPlaceholders(route.print!.document)),
      ).toEqual([]);
    }
  });

  it('lets whoever may view the printed records read the published template, and no one else', async () => {
    const read = async (who: string, variant: string) =>
      (await post(app, PUBLISHED_TEMPLATE_PATH, { variant }, { token: (await login(app, who)).token })).json;
    const forSales = await read('sales', 'marketPrint');
    expect(forSales.code).toBe(200);
    expect(String((forSales.data as { content: string }).content)).toContain('{{contractNo}}');
    expect((await read('trader', 'confirmationPrint')).code).toBe(200);
    // A clerk whose role reads only the dictionary words may not print a contract.
    await env.db.query(`insert into roles (code, name) values ('lookupsOnly', '只读字典')`);
    await env.db.query(
      `insert into role_grants (role_id, scope, permissions) select id, 'instrument', '{view}' from roles where code = 'lookupsOnly'`,
    );
    await env.db.query(
      `insert into users (login_name, password_hash, rel_name, phone)
       select 'clerk', password_hash, '文员', '13700000000' from users where login_name = 'admin'`,
    );
    await env.db.query(
      `insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
        where u.login_name = 'clerk' and r.code = 'lookupsOnly'`,
    );
    expect((await read('clerk', 'marketPrint')).code).toBe(403);
    expect(await read('sales', 'noSuchPage')).toMatchObject({
      code: 400,
      msg: '没有名为 noSuchPage 的打印页面',
    });
  });

  it('refuses a template naming a field its document lacks, or a % after a percentage, with the reason', async () => {
    const save = (content: string) =>
      post(
        app,
        resourcePath(contractTemplate, 'save'),
        { name: '试用模板', document: 'purchase', variant: 'purchasePrint', content },
        { token: admin },
      );
    for (const content of [
      '合同 {{contractNo}} 仓单 {{receiptNo}}',
      '溢短装 {{tolerancePercent}}%',
      '{{contractNo',
    ])
      expect((await save(content)).json).toMatchObject({
        code: 400,
        data: { fields: { content: expect.stringContaining('只能使用下方列出的字段') } },
      });
    const { json } = await save('合同 {{contractNo}}，溢短装 {{tolerancePercent}}，大写 {{amountInWords}}');
    expect(json.code, json.msg).toBe(200);
    const printVariant = await post(
      app,
      resourcePath(contractTemplate, 'save'),
      { name: '试用模板', document: 'purchase', variant: 'purchasePrintX', content: '{{contractNo}}' },
      { token: admin },
    );
    expect(printVariant.json).toMatchObject({ code: 400, data: { fields: { variant: expect.any(String) } } });
  });

  it('retires the published template a newly published one replaces, on the record', async () => {
    const [old] = await list(contractTemplate, { variant: 'purchasePrint', status: 'active' });
    const { json: created } = await post(
      app,
      resourcePath(contractTemplate, 'save'),
      {
        name: '采购合同（2027版）',
        document: 'purchase',
        variant: 'purchasePrint',
        content: '合同 {{contractNo}}',
      },
      { token: admin },
    );
    expect(created.code, created.msg).toBe(200);
    const fresh = created.data as Row;
    const { json: published } = await post(
      app,
      resourcePath(contractTemplate, 'transition'),
      { id: fresh.id, action: 'publish' },
      { token: admin },
    );
    expect(published.code, published.msg).toBe(200);
    const active = await list(contractTemplate, { variant: 'purchasePrint', status: 'active' });
    expect(active.map((row) => row.name)).toEqual(['采购合同（2027版）']);
    const { json: history } = await post(
      app,
      resourcePath(contractTemplate, 'history'),
      { id: old!.id },
      { token: admin },
    );
    expect(history.data).toEqual([
      expect.objectContaining({ action: 'retire', toState: 'retired', comment: '已发布新模板取代' }),
    ]);
  });
});
