// The platform's settings, the desk's decisions on purchase requests and the help centre, through HTTP
// (domain-money.md §7.4, SM-14): a changed setting changes what clients meet (hold, hours, links, prices,
// expiry); a request rejected with a reason, or left waiting past its minutes, gives its package back and the
// client reads why; published help reaches clients, drafts do not. A platform user reads nothing of the house.
import type { FastifyInstance } from 'fastify';
import { systemSetting } from '../../../src/areas/settings/index.ts';
import { LINK_PATHS, STOREFRONT_PATHS } from '../../../src/areas/storefront/api.ts';
import {
  cartLine,
  helpArticle,
  platformSetting,
  purchaseRequest,
  resourcePackage,
} from '../../../src/areas/storefront/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { clientWithLimit } from '../../test/contracts.ts';
import {
  BACKENDS,
  DEMO_PASSWORD,
  login,
  manualClock,
  openTestDb,
  post,
  startApp,
} from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { batchWithBales } from './testBatches.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const MINUTE = 60_000;
const TODAY = '2026-11-23';

const FIGURES = {
  tonnes: '40.000',
  colours: { '31': 180 },
  mic: '4.4',
  length: '28.1',
  strength: '27.5',
  uniformity: '81.0',
};

describe.each(BACKENDS)('platform settings, request decisions and help on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let clock: ReturnType<typeof manualClock>;
  const tokens: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const as = (who: string, path: string, body: Record<string, string> = {}) =>
    post(app, path, body, { token: tokens[who]! });
  const packages: string[] = [];

  async function platformClient(login_: string, partnerId: string) {
    const [user] = await env.db.query<{ id: string }>(
      `insert into users (login_name, password_hash, rel_name, phone) values ($1, $2, $1, '13800000000')
       returning id::text`,
      [login_, await hashPassword(DEMO_PASSWORD)],
    );
    await env.db.query(
      `insert into user_roles (user_id, role_id) select $1, id from roles where code = 'platformClient'`,
      [user!.id],
    );
    await env.db.query(`insert into platform_users (user_id, partner_id, status) values ($1, $2, 'active')`, [
      user!.id,
      partnerId,
    ]);
    tokens[login_] = (await login(app, login_, DEMO_PASSWORD, `10.1.0.${packages.length + 20}`)).token;
  }

  /** Sets a platform setting from a day, as the administrator does on platformSetting. */
  async function setting(settingKey: string, value: string, effectiveFrom = TODAY) {
    const [row] = await env.db.query<{ id: string }>(
      'select id::text from platform_settings where setting_key = $1 and effective_from = $2',
      [settingKey, effectiveFrom],
    );
    return call('admin', platformSetting, 'save', {
      ...(row ? { id: row.id } : {}),
      settingKey,
      value,
      effectiveFrom,
    });
  }

  const statusOf = async (table: string, column: string, value: string) =>
    (await env.db.query<{ status: string }>(`select status from ${table} where ${column} = $1`, [value]))[0]!
      .status;

  beforeAll(async () => {
    env = await openTestDb(backend);
    clock = manualClock(NOW);
    ({ app } = await startApp(env.db, clock));
    for (const who of ['admin', 'trader', 'sales', 'risk']) tokens[who] = (await login(app, who)).token;
    for (let i = 0; i < 4; i++) {
      await batchWithBales(env.db, `P${i}`, FIGURES);
      const made = await saved('trader', resourcePackage, {
        name: `机采 P${i}`,
        priceKind: 'fixed',
        unitPrice: '15000',
        validUntil: '2026-12-31',
        lines: JSON.stringify([{ batchNo: `P${i}` }]),
      });
      expect((await transition('trader', resourcePackage, made.id, 'publish')).json.code).toBe(200);
      packages.push(made.id);
    }
    await platformClient('mill', await clientWithLimit(env.db, '无锡一棉', '5000000', 'sales'));
    await platformClient('mill2', await clientWithLimit(env.db, '魏桥纺织', '5000000', 'sales'));
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  test('the platform settings are the administrator’s: each value checked by its key, nothing saved when refused', async () => {
    const seeded = await records('admin', platformSetting);
    expect(seeded.map((row) => row.settingKey).sort()).toEqual([
      'packageLinkDays',
      'platformCartHoldMinutes',
      'platformOrderExpiryMinutes',
      'platformRequireCredit',
      'platformShowPrices',
      'platformTradingHours',
    ]);
    for (const who of ['mill', 'trader', 'sales'])
      expect((await call(who, platformSetting, 'list')).json.code, who).toBe(403);
    // Edited on their own screen, never listed again among the system settings.
    const system = (await records('admin', systemSetting, { size: '500' })).map((row) => row.settingKey);
    expect(system).toContain('vatLintPercent');
    expect(system.filter((key) => String(key).startsWith('platform'))).toEqual([]);
    const before = await env.db.query('select id from system_settings');
    for (const [key, value] of [
      ['platformCartHoldMinutes', 'abc'],
      ['platformCartHoldMinutes', '-5'],
      ['platformTradingHours', '17:00-09:00'],
      ['platformShowPrices', 'maybe'],
      ['packageLinkDays', '0'],
      ['vatLintPercent', '13'],
    ] as const)
      expect((await setting(key, value)).json.code, `${key}=${value}`).toBe(400);
    expect(await env.db.query('select id from system_settings')).toHaveLength(before.length);
  });

  test('a changed cart hold holds for its minutes from the day it takes effect', async () => {
    expect((await setting('platformCartHoldMinutes', '10')).json.code).toBe(200);
    // Tomorrow's value does not hold today.
    expect((await setting('platformCartHoldMinutes', '60', '2026-11-24')).json.code).toBe(200);
    const held = await as('mill', STOREFRONT_PATHS.addToCart, { packageId: packages[0]! });
    expect(held.json.code, held.json.msg).toBe(200);
    expect(held.json.data).toMatchObject([{ holdUntil: '2026-11-23 16:10:00' }]);
    expect((await as('mill', STOREFRONT_PATHS.removeFromCart, { packageId: packages[0]! })).json.code).toBe(
      200,
    );
  });

  test('outside the trading hours a client neither holds nor requests', async () => {
    expect((await setting('platformTradingHours', '09:00-15:30')).json.code).toBe(200);
    for (const path of [STOREFRONT_PATHS.addToCart, STOREFRONT_PATHS.request])
      expect((await as('mill', path, { packageId: packages[0]! })).json).toEqual({
        code: 400,
        msg: '平台交易时间为每天 09:00 至 15:30，请在交易时间内操作',
      });
    expect(await statusOf('resource_packages', 'id', packages[0]!)).toBe('published');
    expect((await setting('platformTradingHours', '09:00-17:00')).json.code).toBe(200);
    expect((await as('mill', STOREFRONT_PATHS.addToCart, { packageId: packages[0]! })).json.code).toBe(200);
    await as('mill', STOREFRONT_PATHS.removeFromCart, { packageId: packages[0]! });
  });

  test('a changed link validity and price display change what a share link shows', async () => {
    expect((await setting('packageLinkDays', '3')).json.code).toBe(200);
    const made = await post(
      app,
      LINK_PATHS.packageLink,
      { packageId: packages[3]! },
      { token: tokens.trader },
    );
    const link = made.json.data as { token: string; lastDay: string };
    expect(link.lastDay).toBe('2026-11-26');
    const shown = () => post(app, LINK_PATHS.sharedPackage, { t: link.token });
    expect((await shown()).json.data).toMatchObject({ unitPrice: null });
    expect((await setting('platformShowPrices', 'true')).json.code).toBe(200);
    expect((await shown()).json.data).toMatchObject({ unitPrice: '15000.00' });
  });

  test('the desk rejects a request with a reason: the package is on sale again and the client reads why', async () => {
    const made = await as('mill', STOREFRONT_PATHS.request, { packageId: packages[1]! });
    expect(made.json.code, made.json.msg).toBe(200);
    const [request] = await records('sales', purchaseRequest, { status: 'submitted' });
    // The client decides nothing; the desk gives a reason.
    expect((await transition('mill', purchaseRequest, request!.id, 'reject', '不要')).json.code).toBe(403);
    expect((await transition('sales', purchaseRequest, request!.id, 'reject')).json.code).toBe(400);
    expect(await statusOf('platform_purchase_requests', 'id', request!.id)).toBe('submitted');
    const rejected = await transition(
      'sales',
      purchaseRequest,
      request!.id,
      'reject',
      '该批已另行安排给长期客户',
    );
    expect(rejected.json.code, rejected.json.msg).toBe(200);
    expect(await statusOf('batches', 'batch_no', 'P1')).toBe('stock');
    expect(await statusOf('resource_packages', 'id', packages[1]!)).toBe('published');
    expect(await statusOf('transaction_contracts', 'id', String(request!.contractId))).toBe('voided');
    expect(await statusOf('client_reservations', 'id', String(request!.reservationId))).toBe('cancelled');
    expect((await as('mill', STOREFRONT_PATHS.requests)).json.data).toMatchObject([
      { status: 'rejected', reason: '该批已另行安排给长期客户', decidedAt: '2026-11-23 16:00:00' },
    ]);
    // Rejected once is rejected: no second decision; another client may now request the package.
    expect((await transition('sales', purchaseRequest, request!.id, 'accept')).json.code).toBe(400);
    expect((await as('mill2', STOREFRONT_PATHS.request, { packageId: packages[1]! })).json.code).toBe(200);
  });

  test('a request the desk leaves waiting past the expiry minutes expires by the clock; an accepted one stays', async () => {
    expect((await setting('platformOrderExpiryMinutes', '20')).json.code).toBe(200);
    expect((await as('mill', STOREFRONT_PATHS.request, { packageId: packages[2]! })).json.code).toBe(200);
    clock.advance(19 * MINUTE);
    const waiting = async () => ((await as('mill', STOREFRONT_PATHS.requests)).json.data as object[])[0];
    expect(await waiting()).toMatchObject({ status: 'submitted' });
    clock.advance(1 * MINUTE);
    expect(await waiting()).toMatchObject({
      status: 'expired',
      reason: expect.stringContaining('超过 20 分钟未受理'),
      decidedAt: '2026-11-23 16:20:00',
    });
    expect(await statusOf('resource_packages', 'id', packages[2]!)).toBe('published');
    expect(await statusOf('batches', 'batch_no', 'P2')).toBe('stock');
    // Requested again and accepted in time, it no longer expires.
    expect((await as('mill', STOREFRONT_PATHS.request, { packageId: packages[2]! })).json.code).toBe(200);
    const [again] = await records('sales', purchaseRequest, { status: 'submitted' });
    const accepted = await transition('sales', purchaseRequest, again!.id, 'accept');
    expect(accepted.json.code, accepted.json.msg).toBe(200);
    clock.advance(60 * MINUTE);
    expect(await waiting()).toMatchObject({ status: 'accepted' });
    expect(await statusOf('batches', 'batch_no', 'P2')).toBe('reserved');
    clock.advance(-80 * MINUTE);
  });

  test('published help reaches platform users in the operator’s order; drafts do not', async () => {
    const first = await saved('sales', helpArticle, {
      title: '如何申请采购',
      body: '1. 加入**购物车**\n2. 申请',
      sort: '2',
    });
    const second = await saved('sales', helpArticle, {
      title: '授信说明',
      body: '授信额度由 *销售* 设定',
      sort: '1',
    });
    await saved('sales', helpArticle, { title: '草稿', body: '未发布', sort: '0' });
    for (const id of [first.id, second.id])
      expect((await transition('sales', helpArticle, id, 'publish')).json.code).toBe(200);
    expect((await as('mill', STOREFRONT_PATHS.help)).json.data).toEqual([
      { id: second.id, title: '授信说明', body: '授信额度由 *销售* 设定' },
      { id: first.id, title: '如何申请采购', body: '1. 加入**购物车**\n2. 申请' },
    ]);
    // Staff are not platform users: the help call is the clients'.
    expect((await as('trader', STOREFRONT_PATHS.help)).json.code).toBe(403);
  });

  test('a platform user never reads another’s cart or any staff record', async () => {
    expect((await as('mill2', STOREFRONT_PATHS.addToCart, { packageId: packages[3]! })).json.code).toBe(200);
    expect((await as('mill', STOREFRONT_PATHS.cart)).json.data).toEqual([]);
    expect(((await as('mill2', STOREFRONT_PATHS.cart)).json.data as unknown[]).length).toBe(1);
    for (const decl of [cartLine, purchaseRequest, platformSetting, helpArticle, resourcePackage])
      expect((await call('mill', decl, 'list')).json.code, decl.key).toBe(403);
  });
});
