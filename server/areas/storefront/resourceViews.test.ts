// The desks' stock views through HTTP (routes-money.md D3–D6): the purchase side shows each bought batch with
// supplier, purchaser and cost, the team view only what the reader's department bought; the sale side shows
// the stock still to sell with the suggested price, the team view the free stock and what the team's own
// clients hold. The server scopes the team views by the reader, lists, details and all.
import type { FastifyInstance } from 'fastify';
import {
  resourceDataPur,
  resourceDataSale,
  teamPurResource,
  teamSaleResource,
} from '../../../src/areas/storefront/index.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS, DEMO_PASSWORD, login, manualClock, openTestDb, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { draftContract } from '../contracts/index.ts';
import { reserveForClient } from '../sales/index.ts';
import { batchWithBales } from './testBatches.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');
const TODAY = '2026-11-23';
const FIGURES = {
  tonnes: '40.000',
  colours: { '31': 180 },
  mic: '4.4',
  length: '28.1',
  strength: '27.5',
  uniformity: '81.0',
};

describe.each(BACKENDS)('the desks’ stock views on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const batchesIn = async (who: string, decl: Parameters<typeof records>[1]) =>
    (await records(who, decl)).map((row) => row.batchNo).sort();

  const userId = async (loginName: string) =>
    (await env.db.query<{ id: string }>('select id::text from users where login_name = $1', [loginName]))[0]!
      .id;

  /** A user of a role in the department of another user (their team). */
  async function colleague(loginName: string, role: string, departmentOf: string) {
    await env.db.query(
      `insert into users (login_name, password_hash, rel_name, phone, department_id)
       select $1, $2, $1, '13900000000', department_id from users where login_name = $3`,
      [loginName, await hashPassword(DEMO_PASSWORD), departmentOf],
    );
    await env.db.query(
      `insert into user_roles (user_id, role_id)
       select u.id, r.id from users u, roles r where u.login_name = $1 and r.code = $2`,
      [loginName, role],
    );
    tokens[loginName] = (
      await login(app, loginName, DEMO_PASSWORD, `10.2.0.${Object.keys(tokens).length}`)
    ).token;
  }

  const hook = async (): Promise<HookContext> => ({
    db: env.db,
    actor: { userId: await userId('admin'), loginName: 'admin' },
    now: new Date(NOW),
    today: TODAY,
    channel: 'test',
  });

  /** An approved purchase of one batch at a price, its purchaser the given user. */
  async function bought(batchNo: string, purchaser: string, price: string) {
    const supplier = (
      await env.db.query<{ id: string }>(
        `insert into partners (name, kinds) values ($1, '{supplier}') returning id::text`,
        [`轧花厂 ${batchNo}`],
      )
    )[0]!.id;
    const contract = await draftContract(await hook(), {
      side: 'purchase',
      kind: 'spot',
      partnerId: supplier,
      salespersonId: await userId(purchaser),
      signDate: TODAY,
      cropYear: '2026/27',
      qualitySpec: '3128B',
      tonnage: '40',
      tolerancePercent: '0',
      futuresMonth: null,
      basis: null,
      fixingDeadline: null,
      unitPrice: price,
      warehouseId: null,
      deliveryFrom: null,
      deliveryTo: null,
    });
    await env.db.query(
      `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight, unit_price)
       values ($1, $2, 40, $3)`,
      [contract.id, batchNo, price],
    );
    await env.db.query(`update transaction_contracts set status = 'approved' where id = $1`, [contract.id]);
  }

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'sales', 'risk']) tokens[who] = (await login(app, who)).token;
    for (const batchNo of ['V1', 'V2', 'V3', 'V4']) await batchWithBales(env.db, batchNo, FIGURES);
    await env.db.query(`update batches set owner_kind = 'own' where batch_no like 'V%'`);
    // Purchasers of two teams; a sales lead (reads all, bound to no clients) and a salesperson of another team.
    await colleague('buyer2', 'trader', 'risk');
    await colleague('lead', 'risk', 'sales');
    await colleague('seller2', 'sales', 'trader');
    await bought('V1', 'trader', '14300');
    await bought('V2', 'buyer2', '14500');
    const ours = await clientWithLimit(env.db, '无锡一棉', '5000000', 'sales');
    const theirs = await clientWithLimit(env.db, '魏桥纺织', '5000000', 'seller2');
    for (const [batchNo, client] of [
      ['V3', ours],
      ['V4', theirs],
    ] as const)
      await reserveForClient(await hook(), {
        reservationNo: `YL-${batchNo}`,
        clientId: client,
        expiresOn: '2026-12-31',
        batchNos: [batchNo],
        because: '测试预留',
      });
    await env.db.query(
      `insert into sales_basis_sheets (sheet_no, effective_from, status) values ('JC-1', '2026-11-01', 'active')`,
    );
    await env.db.query(
      `insert into sales_basis_lines (sheet_id, sort, futures_month, colour_grade, basis)
       select id, 1, 'CF2705', null, 850 from sales_basis_sheets where sheet_no = 'JC-1'`,
    );
    await env.db.query(
      `insert into futures_prices (trade_date, futures_month, last_price, settlement_price)
       values ('2026-11-20', 'CF2705', 13900, 13880)`,
    );
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  test('purchasing sees every bought batch with its supplier, purchaser and cost; its team view only its team’s', async () => {
    expect(await batchesIn('trader', resourceDataPur)).toEqual(['V1', 'V2']);
    const [v1] = await records('trader', resourceDataPur, { batchNo: 'V1' });
    expect(v1).toMatchObject({
      purchaserId: await userId('trader'),
      unitCost: '14300.00',
      costAmount: '572000.00',
      unsold: true,
    });
    expect(await batchesIn('trader', teamPurResource)).toEqual(['V1']);
    expect(await batchesIn('buyer2', teamPurResource)).toEqual(['V2']);
    // Another team's record is not opened by its id either.
    const [v2] = await records('buyer2', teamPurResource);
    expect((await call('trader', teamPurResource, 'detail', { id: v2!.id })).json.code).not.toBe(200);
    expect((await call('buyer2', teamPurResource, 'detail', { id: v2!.id })).json.code).toBe(200);
  });

  test('the sales desk sees the stock to sell with the suggested price; its team view the free stock and its team’s clients’', async () => {
    expect(await batchesIn('lead', resourceDataSale)).toEqual(['V1', 'V2', 'V3', 'V4']);
    const [free] = await records('lead', resourceDataSale, { batchNo: 'V1' });
    expect(free).toMatchObject({ futuresMonth: 'CF2705', basis: '850.00', suggestedPrice: '14730.00' });
    expect(await batchesIn('lead', teamSaleResource)).toEqual(['V1', 'V2', 'V3']);
    expect(await batchesIn('seller2', teamSaleResource)).toEqual(['V1', 'V2', 'V4']);
    // A salesperson bound to their own clients never sees another client's reservation, even house-wide.
    expect(await batchesIn('sales', resourceDataSale)).toEqual(['V1', 'V2', 'V3']);
  });

  test('each desk reads only its own side; nobody changes a view', async () => {
    expect((await call('trader', resourceDataSale, 'list')).json.code).toBe(403);
    expect((await call('sales', resourceDataPur, 'list')).json.code).toBe(403);
    expect((await call('risk', teamPurResource, 'save', { batchNo: 'V1' })).json.code).not.toBe(200);
  });
});
