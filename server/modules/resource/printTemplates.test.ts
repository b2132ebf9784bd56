import type { FastifyInstance } from 'fastify';
import { billTemplate, contractTemplate, SYSTEM_RESOURCES } from '../../../src/modules/system/index.ts';
import { type ResourceDecl, resourcePath } from '../../../src/shared/resource/index.ts';
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
      const printed = SYSTEM_RESOURCES.find((decl) => decl.key === route.resource)!;
      expect(published[0]!.content).toContain(`{{${printed.titleField}}}`);
    }
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
