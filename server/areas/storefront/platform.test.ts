// The storefront through HTTP as clients of the house and its desks use it (domain-money.md §7.4): a client's
// staff member, registered by the sales desk and approved by risk, logs in as a platform user, searches the
// published packages by quality ranges, holds one in the cart for the setting's minutes at its snapshot price
// and requests it; the request checks the client's credit and becomes a reservation and a draft sale contract
// of the B2B channel. A platform user reads nothing else: no staff record, no other client's cart or request.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { partner } from '../../../src/areas/partners/index.ts';
import { STOREFRONT_PATHS } from '../../../src/areas/storefront/api.ts';
import {
  cartLine,
  platformUser,
  purchaseRequest,
  resourcePackage,
  storefrontListing,
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
import { batchWithBales, WORKED_EXAMPLE } from './testBatches.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const RACERS = 50;

describe.each(BACKENDS)('the B2B storefront on $name', (backend) => {
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
  let rich = '';
  let poor = '';
  let abc = '';
  let hash = '';
  let address = 10;

  /** A user of the role platformClient bound to a client, active unless asked otherwise; logged in. */
  async function platformClient(login_: string, partnerId: string, status = 'active') {
    const [user] = await env.db.query<{ id: string }>(
      `insert into users (login_name, password_hash, rel_name, phone) values ($1, $2, $1, '13800000000')
       returning id::text`,
      [login_, hash],
    );
    await env.db.query(
      `insert into user_roles (user_id, role_id) select $1, id from roles where code = 'platformClient'`,
      [user!.id],
    );
    if (status !== 'none')
      await env.db.query('insert into platform_users (user_id, partner_id, status) values ($1, $2, $3)', [
        user!.id,
        partnerId,
        status,
      ]);
    address += 1;
    tokens[login_] = (
      await login(app, login_, DEMO_PASSWORD, `10.0.${Math.floor(address / 250)}.${address % 250}`)
    ).token;
    return user!.id;
  }

  async function publishedPackage(batches: string[], price = '15480') {
    const made = await saved('trader', resourcePackage, {
      name: `机采 ${batches.join('')}`,
      priceKind: 'fixed',
      unitPrice: price,
      validUntil: '2026-12-31',
      lines: JSON.stringify(batches.map((batchNo) => ({ batchNo }))),
    });
    const published = await transition('trader', resourcePackage, made.id, 'publish');
    expect(published.json.code, published.json.msg).toBe(200);
    return made.id;
  }

  beforeAll(async () => {
    env = await openTestDb(backend);
    clock = manualClock(NOW);
    ({ app } = await startApp(env.db, clock));
    for (const who of ['admin', 'trader', 'sales', 'risk']) tokens[who] = (await login(app, who)).token;
    hash = await hashPassword(DEMO_PASSWORD);
    for (const [batchNo, figures] of Object.entries(WORKED_EXAMPLE))
      await batchWithBales(env.db, batchNo, figures);
    const other = {
      tonnes: '40.000',
      colours: { '31': 180 },
      mic: '4.4',
      length: '28.1',
      strength: '27.5',
      uniformity: '81.0',
    };
    for (let i = 0; i < 2; i++) await batchWithBales(env.db, `D${i}`, other);
    rich = await clientWithLimit(env.db, '无锡一棉', '3000000', 'sales');
    poor = await clientWithLimit(env.db, '魏桥纺织', '1000000');
    abc = await publishedPackage(['A', 'B', 'C']);
    await publishedPackage(['D0'], '14900');
    await platformClient('mill', rich, 'none');
    await platformClient('weiqiao', poor);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  test('a client user waits for approval by someone other than who registered it', async () => {
    const millId = (
      await env.db.query<{ id: string }>(`select id::text from users where login_name = 'mill'`)
    )[0]!.id;
    expect((await as('mill', STOREFRONT_PATHS.search)).json).toMatchObject({
      code: 403,
      msg: '只有平台客户可以使用商城',
    });
    const registered = await saved('sales', platformUser, { userId: millId, partnerId: rich });
    expect(registered.status).toBe('registered');
    expect((await as('mill', STOREFRONT_PATHS.search)).json.code).toBe(403);
    expect((await transition('sales', platformUser, registered.id, 'approve')).json.code).toBe(403);
    const approved = await transition('risk', platformUser, registered.id, 'approve');
    expect(approved.json.code, approved.json.msg).toBe(200);
    // The administrator holds every right, yet never approves a user they registered.
    const [other] = await env.db.query<{ id: string }>(
      `insert into users (login_name, password_hash, rel_name, phone) values ('x1', 'x', 'x1', '1') returning id::text`,
    );
    const own = await saved('admin', platformUser, { userId: other!.id, partnerId: poor });
    expect((await transition('admin', platformUser, own.id, 'approve')).json.code).toBe(400);
  });

  test("staff who may open the storefront read it as a preview; the cart stays the clients'", async () => {
    const preview = await as('admin', STOREFRONT_PATHS.search);
    expect(preview.json.code, preview.json.msg).toBe(200);
    const page = preview.json.data as { preview: boolean; records: { name: string }[] };
    expect(page.preview).toBe(true);
    expect(page.records.length).toBeGreaterThan(0);
    expect((await as('admin', STOREFRONT_PATHS.cart)).json.code).toBe(403);
    // The sales desk has no storefront screen: no preview either.
    expect((await as('sales', STOREFRONT_PATHS.search)).json.code).toBe(403);
  });

  test('a client searches by quality ranges and sorts by premium or price; a listing names no owner or cost', async () => {
    const search = async (body: Record<string, string>) =>
      ((await as('mill', STOREFRONT_PATHS.search, body)).json.data as { records: Record<string, unknown>[] })
        .records;
    expect((await search({ sort: 'price', order: 'asc' })).map((row) => row.name)).toEqual([
      '机采 D0',
      '机采 ABC',
    ]);
    expect((await search({ 'lengthMm.from': '28.9' })).map((row) => row.name)).toEqual(['机采 ABC']);
    expect(await search({ 'lengthMm.from': '29.0' })).toEqual([]);
    expect(
      (
        await search({
          'strength.from': '27',
          'strength.to': '28',
          'micronaire.to': '4.4',
          'uniformity.from': '80',
        })
      ).map((row) => row.name),
    ).toEqual(['机采 D0']);
    expect((await search({ micronaireClass: 'B2', 'tonnes.from': '100' })).map((row) => row.tonnes)).toEqual([
      '126.450',
    ]);
    const [listing] = await search({ 'price.from': '15000' });
    expect(
      Object.keys(listing!).filter((key) => /owner|cost|created|remark|partner|user/i.test(key)),
    ).toEqual([]);
    expect((await as('mill', STOREFRONT_PATHS.search, { 'lengthMm.from': 'abc' })).json.code).toBe(400);
  });

  test('a platform user reads no staff record', async () => {
    for (const decl of [resourcePackage, transactionContract, partner, purchaseRequest, platformUser])
      expect((await call('mill', decl, 'list')).json.code, decl.key).toBe(403);
    // What it may read of the packages is the published listing, without who made them.
    const listed = await records('mill', storefrontListing);
    expect(listed.length).toBe(2);
    expect(listed.every((row) => !('createdBy' in row) && !('remark' in row))).toBe(true);
  });

  test("a cart holds a package for the setting's minutes: another client waits until the hold ends", async () => {
    const held = await as('mill', STOREFRONT_PATHS.addToCart, { packageId: abc });
    expect(held.json.code, held.json.msg).toBe(200);
    expect(held.json.data).toMatchObject([
      { packageId: abc, unitPrice: '15480.00', holdUntil: '2026-11-23 16:30:00' },
    ]);
    const refused = await as('weiqiao', STOREFRONT_PATHS.addToCart, { packageId: abc });
    expect(refused.json).toMatchObject({ code: 400, msg: '该资源包已被其他客户锁定至 16:30' });
    expect((await as('weiqiao', STOREFRONT_PATHS.request, { packageId: abc })).json.code).toBe(400);
    // Each reads only their own cart.
    expect((await as('weiqiao', STOREFRONT_PATHS.cart)).json.data).toEqual([]);
    // The sales desk follows its own client's cart up.
    const carts = await call('sales', cartLine, 'list');
    expect(carts.json.code, carts.json.msg).toBe(200);
    clock.advance(30 * 60_000);
    expect((await as('weiqiao', STOREFRONT_PATHS.addToCart, { packageId: abc })).json.code).toBe(200);
  });

  test('a request past the client’s credit is refused, nothing reserved', async () => {
    const refused = await as('weiqiao', STOREFRONT_PATHS.request, { packageId: abc });
    expect(refused.json).toMatchObject({
      code: 400,
      msg: '本次采购金额 1957446.00 元超出可用授信额度 1000000.00 元',
    });
    const [row] = await env.db.query<{ status: string }>(
      'select status from resource_packages where id = $1',
      [abc],
    );
    expect(row!.status).toBe('published');
  });

  test('a request within credit reserves the batches and drafts a B2B sale for the desk', async () => {
    // The other client lets go of its hold first.
    expect((await as('weiqiao', STOREFRONT_PATHS.removeFromCart, { packageId: abc })).json.data).toEqual([]);
    const made = await as('mill', STOREFRONT_PATHS.request, { packageId: abc });
    expect(made.json.code, made.json.msg).toBe(200);
    expect(made.json.data).toMatchObject({ amount: '1957446.00' });
    const [desk] = await records('sales', purchaseRequest);
    expect(desk).toMatchObject({
      partnerId: rich,
      status: 'submitted',
      channel: 'b2b',
      amount: '1957446.00',
    });
    const batches = await env.db.query<{ status: string }>(
      `select status from batches where batch_no in ('A', 'B', 'C')`,
    );
    expect(batches.map((batch) => batch.status)).toEqual(['reserved', 'reserved', 'reserved']);
    const [contract] = await env.db.query<{
      status: string;
      side: string;
      kind: string;
      tonnage: string;
      unitPrice: string;
      channel: string;
      partnerId: string;
    }>(
      `select c.status, c.side, c.kind, c.tonnage::numeric(16, 3)::text as tonnage, c.unit_price::text as "unitPrice",
              ch.channel, c.partner_id::text as "partnerId"
         from transaction_contracts c join contract_channels ch on ch.contract_id = c.id where c.id = $1`,
      [desk!.contractId],
    );
    expect(contract).toEqual({
      status: 'draft',
      side: 'sale',
      kind: 'spot',
      tonnage: '126.450',
      unitPrice: '15480.00',
      channel: 'b2b',
      partnerId: rich,
    });
    // The sales desk sees the draft among its sales.
    expect((await records('sales', transactionContract)).some((row) => row.id === desk!.contractId)).toBe(
      true,
    );
    // Another client is told it is taken, and reads only its own requests.
    expect((await as('weiqiao', STOREFRONT_PATHS.request, { packageId: abc })).json).toMatchObject({
      code: 400,
      msg: '该资源包已被其他客户订购',
    });
    expect((await as('weiqiao', STOREFRONT_PATHS.requests)).json.data).toEqual([]);
    expect((await as('mill', STOREFRONT_PATHS.requests)).json.data).toMatchObject([
      { packageNo: expect.any(String) },
    ]);
  });

  test(`${RACERS} clients requesting one package at once: one wins, the others are told it is taken`, async () => {
    const contested = await publishedPackage(['D1'], '15000');
    const racers: string[] = [];
    for (let i = 0; i < RACERS; i++) {
      const client = await clientWithLimit(env.db, `纺织厂 ${i}`, '5000000');
      await platformClient(`racer${i}`, client);
      racers.push(`racer${i}`);
    }
    const answers = await Promise.all(
      racers.map((who) => as(who, STOREFRONT_PATHS.request, { packageId: contested })),
    );
    const codes = answers.map((answer) => answer.json.code);
    expect(codes.filter((code) => code === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.json.msg === '该资源包已被其他客户订购')).toHaveLength(
      RACERS - 1,
    );
    const [count] = await env.db.query<{ requests: number; contracts: number }>(
      `select count(*)::int as requests, count(contract_id)::int as contracts
         from platform_purchase_requests where package_id = $1`,
      [contested],
    );
    expect(count).toEqual({ requests: 1, contracts: 1 });
  });
});
