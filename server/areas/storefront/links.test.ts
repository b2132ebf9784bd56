// Links without login (domain-money.md §7.3): a published package's share link opens for packageLinkDays and
// shows its quality, and its price only where the house shows prices to guests; a batch's QR sheet shows its
// quality. A forged, altered or expired link shows nothing; neither shows an owner or a cost.
import type { FastifyInstance } from 'fastify';
import { LINK_PATHS } from '../../../src/areas/storefront/api.ts';
import { resourcePackage } from '../../../src/areas/storefront/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { batchWithBales, WORKED_EXAMPLE } from './testBatches.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const DAY = 86_400_000;

describe.each(BACKENDS)('share links and the QR sheet on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let clock: ReturnType<typeof manualClock>;
  const tokens: Record<string, string> = {};
  const { saved, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let packageId = '';
  let token = '';

  const opened = (t: string) => post(app, LINK_PATHS.sharedPackage, { t });

  beforeAll(async () => {
    env = await openTestDb(backend);
    clock = manualClock(NOW);
    ({ app } = await startApp(env.db, clock));
    for (const who of ['trader', 'warehouse']) tokens[who] = (await login(app, who)).token;
    for (const [batchNo, figures] of Object.entries(WORKED_EXAMPLE))
      await batchWithBales(env.db, batchNo, figures);
    await env.db.query(
      `update batches set owner_kind = 'own', warehouse_id = null where batch_no in ('A', 'B', 'C')`,
    );
    const made = await saved('trader', resourcePackage, {
      name: '北疆机采',
      priceKind: 'fixed',
      unitPrice: '15480',
      validUntil: '2026-12-31',
      remark: '成本 14,300，内部勿传',
      lines: JSON.stringify([{ batchNo: 'A' }, { batchNo: 'B' }, { batchNo: 'C' }]),
    });
    packageId = made.id;
    expect((await transition('trader', resourcePackage, packageId, 'publish')).json.code).toBe(200);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  test("a published package's link opens without login for packageLinkDays, its price hidden from guests", async () => {
    const made = await post(app, LINK_PATHS.packageLink, { packageId }, { token: tokens.trader });
    expect(made.json.code, made.json.msg).toBe(200);
    const link = made.json.data as { token: string; lastDay: string; path: string };
    expect(link.lastDay).toBe('2026-11-30');
    token = link.token;
    const shown = await opened(token);
    expect(shown.json.code).toBe(200);
    expect(shown.json.data).toMatchObject({
      name: '北疆机采',
      baleCount: 558,
      unitPrice: null,
      micronaireClass: 'B2',
    });
    expect(JSON.stringify(shown.json.data)).not.toMatch(/14,300|成本|createdBy|owner/);
  });

  test('a price shows once the house shows prices to guests', async () => {
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('platformShowPrices', 'true', '2026-01-01')`,
    );
    expect((await opened(token)).json.data).toMatchObject({ unitPrice: '15480.00' });
  });

  test('a forged or altered link shows nothing', async () => {
    const [id, day, signature] = token.split('.') as [string, string, string];
    for (const forged of [
      `${id}.2027-12-31.${signature}`,
      `${Number(id) + 1}.${day}.${signature}`,
      `${id}.${day}.${'A'.repeat(32)}`,
      'nonsense',
    ])
      expect((await opened(forged)).json).toEqual({ code: 400, msg: '链接无效或已过期' });
  });

  test('an expired link shows nothing, nor one of a package no longer published', async () => {
    clock.advance(8 * DAY);
    expect((await opened(token)).json).toEqual({ code: 400, msg: '链接无效或已过期' });
    clock.advance(-8 * DAY);
    expect((await transition('trader', resourcePackage, packageId, 'withdraw')).json.code).toBe(200);
    expect((await opened(token)).json).toEqual({ code: 400, msg: '链接无效或已过期' });
  });

  test("a batch's QR sheet shows its quality without login, never its owner; a forged one nothing", async () => {
    const made = await post(app, LINK_PATHS.batchLink, { batchNo: 'A' }, { token: tokens.warehouse });
    expect(made.json.code, made.json.msg).toBe(200);
    const query = new URLSearchParams((made.json.data as { path: string }).path.split('?')[1]);
    const sheet = await post(app, LINK_PATHS.sharedBatch, { b: query.get('b')!, s: query.get('s')! });
    expect(sheet.json.data).toMatchObject({ batchNo: 'A', baleCount: 186, lengthMm: '28.6' });
    expect(
      Object.keys(sheet.json.data as object).filter((key) => /owner|price|cost|warehouse|partner/i.test(key)),
    ).toEqual([]);
    expect((await post(app, LINK_PATHS.sharedBatch, { b: 'B', s: query.get('s')! })).json).toEqual({
      code: 400,
      msg: '链接无效或已过期',
    });
  });
});
