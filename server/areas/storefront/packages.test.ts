// Resource packages through HTTP as the trading desk and the sales desk use them (domain-money.md §7.3,
// SM-13), over the three batches of §7.5 with their bales: the package's quality follows from the bales; only
// the house's own available stock is published; the database keeps a batch in one live package and out of
// pledges and reservations while it is published, whoever writes.
import type { FastifyInstance } from 'fastify';
import { resourcePackage } from '../../../src/areas/storefront/index.ts';
import { BACKENDS, login, manualClock, openTestDb, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';
import { batchWithBales, WORKED_EXAMPLE } from './testBatches.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('resource packages on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const packageOf = (batches: string[], body: Body = {}): Body => ({
    name: '北疆机采 31 级 28 mm',
    priceKind: 'fixed',
    unitPrice: '15480',
    validUntil: '2026-12-31',
    lines: JSON.stringify(batches.map((batchNo) => ({ batchNo }))),
    ...body,
  });
  const live = async (batchNo: string) =>
    (
      await env.db.query<{ n: number }>(
        'select count(*)::int as n from resource_package_lines where batch_no = $1 and live',
        [batchNo],
      )
    )[0]!.n;
  let first = '';

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['trader', 'sales']) tokens[who] = (await login(app, who)).token;
    for (const [batchNo, figures] of Object.entries(WORKED_EXAMPLE))
      await batchWithBales(env.db, batchNo, figures);
    const other = {
      tonnes: '40.000',
      colours: { '31': 180 },
      mic: '4.4',
      length: '28.8',
      strength: '28.5',
      uniformity: '82.0',
    };
    await batchWithBales(env.db, 'PLEDGED', other, 'pledged');
    await batchWithBales(env.db, 'D', other);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  test("a package's quality follows from its batches' bales (§7.5)", async () => {
    const made = await saved('trader', resourcePackage, packageOf(['A', 'B', 'C']));
    first = made.id;
    expect(made).toMatchObject({
      packageNo: 'ZYB2026112300001',
      status: 'draft',
      batchCount: 3,
      baleCount: 558,
      mainColour: '31',
      colourShares: '31: 448 (80.29%) · 21: 80 (14.34%) · 41: 30 (5.38%)',
      micronaireClass: 'B2',
      micronaireShares: 'B2: 370 (66.31%) · A: 188 (33.69%)',
      premium: '100.00',
    });
    // Length 28.93 → 28.9, strength 28.97 → 29.0, uniformity 82.64 → 82.6, at the certificate's precision.
    expect([made.tonnes, made.lengthMm, made.strength, made.uniformity].map(Number)).toEqual([
      126.45, 28.9, 29, 82.6,
    ]);
  });

  test('published, the sales desk sees it among the B2B listings; it is no longer edited', async () => {
    const published = await transition('trader', resourcePackage, first, 'publish');
    expect(published.json.code, published.json.msg).toBe(200);
    expect(await live('A')).toBe(1);
    const listed = await records('sales', resourcePackage, { status: 'published' });
    expect(listed.map((row) => row.id)).toEqual([first]);
    const edit = await call('trader', resourcePackage, 'save', { id: first, ...packageOf(['A']) });
    expect(edit.json).toMatchObject({ code: 400, msg: '只有草稿或已撤回的资源包可以修改' });
    expect((await call('sales', resourcePackage, 'save', packageOf(['D']))).json.code).toBe(403);
  });

  test('a batch published in one package cannot be published in another, nor saved into one', async () => {
    const second = await call('trader', resourcePackage, 'save', packageOf(['A', 'D']));
    expect(second.json).toMatchObject({ code: 400, msg: '批号 A 已在资源包 ZYB2026112300001 中发布' });
    // Whoever writes, the database refuses a second live line of the batch.
    await expect(
      env.db.query(
        `insert into resource_packages (package_no, name, price_kind, unit_price, valid_until, status)
         values ('X', 'x', 'fixed', 1, '2026-12-31', 'published')`,
      ),
    ).resolves.toBeDefined();
    await expect(
      env.db.query(
        `insert into resource_package_lines (package_id, batch_no)
         values ((select id from resource_packages where package_no = 'X'), 'A')`,
      ),
    ).rejects.toMatchObject({ code: '23505' });
  });

  test('a pledged batch is never packaged, and the database refuses it published', async () => {
    const pledged = await call('trader', resourcePackage, 'save', packageOf(['PLEDGED']));
    expect(pledged.json).toMatchObject({ code: 400, msg: '批号 PLEDGED 当前已质押，不能组包发布' });
    await expect(
      env.db.query(
        `insert into resource_package_lines (package_id, batch_no)
         values ((select id from resource_packages where package_no = 'X'), 'PLEDGED')`,
      ),
    ).rejects.toMatchObject({ code: '23514' });
  });

  test('a batch published in a package is not pledged or reserved by another document', async () => {
    await expect(
      env.db.query(`update batches set status = 'pledged' where batch_no = 'B'`),
    ).rejects.toMatchObject({
      code: '23514',
    });
    await expect(
      env.db.query(`update batches set status = 'reserved' where batch_no = 'C'`),
    ).rejects.toMatchObject({ code: '23514' });
  });

  test('withdrawn, its batches are free: another package publishes them', async () => {
    const withdrawn = await transition('trader', resourcePackage, first, 'withdraw', '客户要求改价');
    expect(withdrawn.json.code, withdrawn.json.msg).toBe(200);
    expect(await live('A')).toBe(0);
    const next = await saved(
      'trader',
      resourcePackage,
      packageOf(['A', 'D'], { priceKind: 'basis', unitPrice: '', futuresMonth: 'CF2705', basis: '900' }),
    );
    expect((await transition('trader', resourcePackage, next.id, 'publish')).json.code).toBe(200);
    const again = await transition('trader', resourcePackage, first, 'publish');
    expect(again.json).toMatchObject({ code: 400 });
    expect(again.json.msg).toContain('批号 A 已在资源包');
  });

  test('a package past its validity is not published', async () => {
    const old = await saved('trader', resourcePackage, packageOf(['C'], { validUntil: '2026-11-20' }));
    const refused = await transition('trader', resourcePackage, old.id, 'publish');
    expect(refused.json).toMatchObject({ code: 400, msg: '有效期 2026-11-20 已过，请先修改有效期再发布' });
    expect(await live('C')).toBe(0);
  });
});
