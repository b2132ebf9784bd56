import type { FastifyInstance } from 'fastify';
import { BUSINESS_ROUTES } from '../../../src/areas/index.ts';
import { billTemplate, contractTemplate, systemSetting } from '../../../src/areas/settings/index.ts';
import { documentPlaceholders, documentSections } from '../../../src/areas/settings/printDocuments.ts';
import { PRINT_TEMPLATE_SEEDS } from '../../../src/areas/settings/printTemplateSeeds.ts';
import {
  PUBLISHED_TEMPLATE_PATH,
  type PublishedTemplate,
  type ResourceDecl,
  resourcePath,
  templateProblems,
} from '../../../src/framework/resource/index.ts';
import { ALL_RESOURCES } from '../../../src/test/declarations.ts';
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
        language: 'zh-chs',
        status: 'active',
      });
      expect(published, route.key).toHaveLength(1);
      // The template names the printed document by its title field (contract no, receipt no…).
      const printed = ALL_RESOURCES.find((decl) => decl.key === route.resource)!;
      expect(published[0]!.content).toContain(`{{${printed.titleField}}}`);
      // It prints cleanly: only its document's placeholders, no second sign after a percentage.
      expect(
        templateProblems(
          String(published[0]!.content),
          documentPlaceholders(route.print!.document),
          documentSections(route.print!.document),
        ),
      ).toEqual([]);
    }
  });

  it('publishes the seeded templates: the contracts with every term, every document also in English', async () => {
    for (const seed of PRINT_TEMPLATE_SEEDS) {
      const [published, ...more] = await list(templatesOf[seed.templates], {
        variant: seed.variant,
        language: seed.language,
        status: 'active',
      });
      expect(more, `${seed.variant} ${seed.language}`).toEqual([]);
      expect(published, `${seed.variant} ${seed.language}`).toMatchObject({
        document: seed.document,
        content: seed.content,
      });
      expect(
        templateProblems(seed.content, documentPlaceholders(seed.document), documentSections(seed.document)),
      ).toEqual([]);
    }
  });

  it('answers the page’s template in the language asked, else the Chinese one, with the house’s own details', async () => {
    const read = async (body: Record<string, string>) =>
      (await post(app, PUBLISHED_TEMPLATE_PATH, body, { token: admin })).json.data as PublishedTemplate;
    const chinese = await read({ variant: 'marketPrint' });
    expect(chinese).toMatchObject({ language: 'zh-chs', languages: ['zh-chs', 'en'] });
    expect(chinese.content).toMatch(/^棉花销售合同/);
    expect((await read({ variant: 'marketPrint', language: 'en' })).content).toMatch(
      /^Cotton Sales Contract/,
    );
    expect(await read({ variant: 'marketPrint', language: 'ja' })).toMatchObject({ language: 'zh-chs' });
    // Blank until the administrator enters them; then what is in force on the day.
    expect(chinese.house).toEqual({ creditCode: '', address: '' });
    // The administrator fills in the rows the seed left blank.
    const setting = async (settingKey: string, value: string) => {
      const [seeded] = await list(systemSetting, { settingKey });
      const { json } = await post(
        app,
        resourcePath(systemSetting, 'save'),
        { id: seeded!.id, settingKey, value, effectiveFrom: String(seeded!.effectiveFrom) },
        { token: admin },
      );
      expect(json.code, json.msg).toBe(200);
    };
    await setting('companyCreditCode', '91650100MA78K3Q2XM');
    await setting('companyAddress', '新疆乌鲁木齐市天山区北京南路 358 号');
    expect((await read({ variant: 'marketPrint' })).house).toEqual({
      creditCode: '91650100MA78K3Q2XM',
      address: '新疆乌鲁木齐市天山区北京南路 358 号',
    });
    const { json: refused } = await post(
      app,
      PUBLISHED_TEMPLATE_PATH,
      { variant: 'marketPrint', language: 'xx' },
      { token: admin },
    );
    expect(refused.code).toBe(400);
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
        { name: '试用模板', document: 'purchase', variant: 'purchasePrint', language: 'zh-chs', content },
        { token: admin },
      );
    for (const content of [
      '合同 {{contractNo}} 仓单 {{receiptNo}}',
      '溢短装 {{tolerancePercent}}%',
      '{{contractNo',
      '{{#kind=fixed}}一口价{{/kind}}',
      '{{#kind=spot}}一口价',
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
      {
        name: '试用模板',
        document: 'purchase',
        variant: 'purchasePrintX',
        language: 'zh-chs',
        content: '{{contractNo}}',
      },
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
        language: 'zh-chs',
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
    // Only the Chinese one it replaces: the English template of the page stays published.
    const active = await list(contractTemplate, { variant: 'purchasePrint', status: 'active' });
    expect(active.map((row) => row.name).sort()).toEqual([
      'Purchase contract (standard)',
      '采购合同（2027版）',
    ]);
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
