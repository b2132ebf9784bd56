// The workbench's desk, hand-made data on 2026-11-23 (Beijing): each seeded role gets the sections its grants
// reach and their counts; a salesperson counts only their own clients' documents; a user without rights gets
// an empty desk, and none without a session.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import { POSITIONS_PATH, type PositionsAnswer } from '../../../src/areas/hedging/api.ts';
import { DESK_PATH, type DeskAnswer, type DeskFigure } from '../../../src/areas/reports/api.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('the desk on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const desks: Record<string, DeskAnswer> = {};
  const desk = async (who: string) => {
    const answer = (await post(app, DESK_PATH, {}, { token: (await login(app, who)).token })).json;
    expect(answer.code, who).toBe(200);
    return answer.data as DeskAnswer;
  };
  const sectionsOf = (answer: DeskAnswer) => answer.sections.map((s) => s.key);
  const figure = (answer: DeskAnswer, section: string, key: string, route?: string): DeskFigure | undefined =>
    answer.sections
      .find((s) => s.key === section)
      ?.figures.find((f) => f.key === key && (route === undefined || f.route === route));

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    const q = (sql: string, params: unknown[] = []) => env.db.query<{ id: string }>(sql, params);
    const partner = async (name: string) =>
      (
        await q(`insert into partners (name, kinds) values ($1, '{client,supplier}') returning id::text`, [
          name,
        ])
      )[0]!.id;
    const served = await partner('工作台甲纺织');
    const other = await partner('工作台乙纺织');
    await q(
      `insert into client_relations (client_id, salesperson_id, from_date)
       select $1, id, '2026-01-01' from users where login_name = 'sales'`,
      [served],
    );
    const contract = async (
      no: string,
      side: string,
      partnerId: string,
      status: string,
      deadline: string,
      tonnage: string,
      fixed: string,
      pricingState: string,
    ) =>
      (
        await q(
          `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, status,
                  futures_month, basis, fixing_deadline, fixed_tonnage, pricing_state)
           values ($1, $2, 'basis', $3, '2026-11-01', $4, $5, 'CF2701', 500, $6, $7, $8) returning id::text`,
          [no, side, partnerId, tonnage, status, deadline, fixed, pricingState],
        )
      )[0]!.id;
    // Due: the served client's sale (60 t unfixed, deadline in 3 days) and another's purchase (50 t, in 5 days);
    // not due: in 20 days, fully fixed, or still awaiting approval.
    const dueSale = await contract('WB-S1', 'sale', served, 'approved', '2026-11-26', '100', '40', 'partial');
    await contract('WB-P1', 'purchase', other, 'executing', '2026-11-28', '50', '0', 'unpriced');
    await contract('WB-S2', 'sale', other, 'approved', '2026-12-13', '30', '0', 'unpriced');
    await contract('WB-S3', 'sale', other, 'approved', '2026-11-24', '30', '30', 'priced');
    // Awaiting approval: one sale of each client, one purchase.
    await contract('WB-S4', 'sale', served, 'submitted', '2026-12-30', '10', '0', 'unpriced');
    const otherSale = await contract(
      'WB-S5',
      'sale',
      other,
      'submitted',
      '2026-12-30',
      '10',
      '0',
      'unpriced',
    );
    await contract('WB-P2', 'purchase', other, 'submitted', '2026-12-30', '10', '0', 'unpriced');
    // A spot sale naming no month: priced as signed, 20 t to deliver.
    await q(
      `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, status, unit_price)
       values ('WB-X1', 'sale', 'spot', $1, '2026-11-01', 20, 'approved', 15800)`,
      [other],
    );
    await q(
      `insert into purchase_margin_applications (apply_no, kind, supplier_id, amount, reason, status)
       values ('WB-A1', 'payment', $1, 50000, '工作台测试', 'submitted'), ('WB-A2', 'payment', $1, 1000, '草稿', 'draft')`,
      [other],
    );
    // A client price order waiting in the market, one expired, one filled.
    const order = `insert into client_price_orders (order_no, contract_id, partner_id, futures_month, kind, tonnage,
                          valid_until, status) values ($1, $2, $3, 'CF2701', 'market', $4, $5, $6)`;
    await q(order, ['WB-O1', dueSale, served, '20', '2026-11-25', 'pending']);
    await q(order, ['WB-O2', otherSale, other, '15', '2026-11-22', 'pending']);
    await q(order, ['WB-O3', dueSale, served, '5', '2026-11-30', 'cancelled']);
    await q(
      `insert into hedge_orders (order_no, futures_month, side, lots, tonnage, status, created_at)
       values ('WB-H1', 'CF2701', 'sell', 2, 10, 'open', '2026-11-23T02:00:00Z'), ('WB-H2', 'CF2701', 'buy', 1, 5, 'cancelled', '2026-11-23T02:00:00Z')`,
    );
    // A band crossed twice: one warning still open, one acknowledged.
    const [band] = await q(
      `insert into price_bands (futures_month, lower_price, upper_price) values ('CF2701', 14000, 16000) returning id::text`,
    );
    const [admin] = await q(`select id::text from users where login_name = 'admin'`);
    await q(
      `insert into price_band_warnings (warning_no, band_id, futures_month, trade_date, price, side, source, raised_at,
              status, acknowledged_by, acknowledged_at, acknowledge_comment)
       values ('WB-W1', $1, 'CF2701', '2026-11-20', 16100, 'above', 'entered', '2026-11-20T03:00:00Z', 'open', null, null, null),
              ('WB-W2', $1, 'CF2701', '2026-11-10', 13900, 'below', 'entered', '2026-11-10T03:00:00Z', 'acknowledged', $2, '2026-11-10T05:00:00Z', '已知悉')`,
      [band!.id, admin!.id],
    );
    const [warehouse] = await q(
      `insert into warehouses (code, name, kind) values ('WB1', '工作台库', 'delivery') returning id::text`,
    );
    await q(
      `insert into batches (batch_no, warehouse_id, conditioned_weight, status)
       values ('WB-B1', $1, 40, 'receipted'), ('WB-B2', $1, 40, 'receipted'), ('WB-B3', $1, 40, 'stock'),
              ('WB-B4', $1, 25.5, 'inTransit'), ('WB-B5', $1, 30, 'stock')`,
      [warehouse!.id],
    );
    await q(
      `insert into warehouse_receipts (receipt_no, batch_no, warehouse_id, conditioned_weight, valid_until, status)
       values ('WB-R1', 'WB-B1', $1, 40, '2026-12-10', 'registered'),
              ('WB-R2', 'WB-B2', $1, 40, '2027-03-31', 'registered'),
              ('WB-R3', 'WB-B3', $1, 40, '2026-12-01', 'cancelled')`,
      [warehouse!.id],
    );
    await q(
      `insert into movements (movement_no, mode, batch_no, from_warehouse_id, conditioned_weight, status)
       values ('WB-M1', 'transfer', 'WB-B4', $1, 25.5, 'inTransit'), ('WB-M2', 'transfer', 'WB-B5', $1, 30, 'planned')`,
      [warehouse!.id],
    );
    // A clerk whose role reads only the dictionary words.
    await q(`insert into roles (code, name) values ('lookupsOnly', '只读字典')`);
    await q(
      `insert into role_grants (role_id, scope, permissions) select id, 'instrument', '{view}' from roles where code = 'lookupsOnly'`,
    );
    await q(
      `insert into users (login_name, password_hash, rel_name, phone)
       select 'clerk', password_hash, '文员', '13700000000' from users where login_name = 'admin'`,
    );
    await q(
      `insert into user_roles (user_id, role_id) select u.id, r.id from users u, roles r
        where u.login_name = 'clerk' and r.code = 'lookupsOnly'`,
    );
    for (const who of ['admin', 'trader', 'risk', 'finance', 'sales', 'warehouse', 'clerk'])
      desks[who] = await desk(who);
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  test('each role gets the sections its grants reach, a user without rights none', () => {
    expect(sectionsOf(desks.admin!)).toEqual(['trading', 'risk', 'approvals', 'warehouse']);
    // The trader is told of band crossings and holds the desk-level contract approval (nothing waits there).
    expect(sectionsOf(desks.trader!)).toEqual(['trading', 'risk', 'approvals', 'warehouse']);
    expect(desks.trader!.sections.find((s) => s.key === 'approvals')!.figures).toEqual([]);
    expect(sectionsOf(desks.risk!)).toEqual(['trading', 'risk', 'approvals', 'warehouse']);
    expect(sectionsOf(desks.finance!)).toEqual(['approvals', 'warehouse']);
    expect(sectionsOf(desks.sales!)).toEqual(['approvals']);
    expect(sectionsOf(desks.warehouse!)).toEqual(['warehouse']);
    expect(desks.clerk).toEqual({ day: '2026-11-23', sections: [], topics: [] });
  });

  test('the trading figures: exposure by month as the positions call gives it, fixings due, orders waiting', async () => {
    const trader = desks.trader!;
    const positions = (await post(app, POSITIONS_PATH, {}, { token: (await login(app, 'trader')).token }))
      .json.data as PositionsAnswer;
    const month = positions.exposure.find((row) => row.month === 'CF2701')!;
    expect(figure(trader, 'trading', 'exposure')).toMatchObject({
      route: 'TradeTotal',
      path: '/pending/TradeTotal',
      count: 1,
      total: positions.total.netExposure,
      // The card shows what makes up its net figure (issue 21): the month, the spot sale naming no month
      // (−20 t) and the own stock (40 + 40 + 40 + 25.5 in transit + 30 = 175.5 t), adding up to the total.
      items: [
        { title: 'CF2701', detail: month.netExposure },
        { id: 'withoutMonth', titleKey: 'desk.line.withoutMonth', detail: '-20.0000' },
        { id: 'stock', titleKey: 'desk.line.stock', detail: '175.5000' },
      ],
    });
    const items = figure(trader, 'trading', 'exposure')!.items;
    expect(
      items.reduce((sum, item) => sum.plus(item.detail!), new Decimal(0)).eq(positions.total.netExposure),
    ).toBe(true);
    expect(figure(trader, 'trading', 'fixingsDue')).toMatchObject({
      count: 2,
      total: '110.0000',
      items: [
        { title: 'WB-S1', detail: '2026-11-26' },
        { title: 'WB-P1', detail: '2026-11-28' },
      ],
    });
    // The waiting orders open the orders list, not the approval queue of orders still being checked.
    expect(figure(trader, 'trading', 'clientOrders')).toMatchObject({
      route: 'pendingClientOrder',
      count: 1,
      total: '20.0000',
      items: [{ title: 'WB-O1' }],
    });
    expect(figure(trader, 'trading', 'hedgeOrders')).toMatchObject({
      count: 1,
      total: '10.0000',
      route: 'hedge',
      path: '/pending/hedge',
      items: [{ title: 'WB-H1', detail: 'CF2701' }],
    });
    expect(trader.topics).toEqual(
      expect.arrayContaining([
        'pending/TradeTotal',
        'pending/OrderTrade',
        'pri/TransactionContract',
        'pending/hedge',
      ]),
    );
  });

  test('risk: the open crossing only, and the largest exposures', () => {
    const risk = desks.risk!;
    expect(figure(risk, 'risk', 'bandWarnings')).toMatchObject({
      count: 1,
      route: 'IntervalWarning',
      items: [{ title: 'WB-W1', detail: 'CF2701 16100.00' }],
    });
    expect(figure(risk, 'risk', 'largestExposures')!.items[0]!.title).toBe('CF2701');
    expect(risk.topics).toContain('furRiskManage/IntervalWarning');
  });

  test('approvals: each queue the user approves in, only the documents their right reaches', () => {
    expect(figure(desks.admin!, 'approvals', 'approval', 'purContractApproval')).toMatchObject({
      count: 1,
      items: [{ title: 'WB-P2' }],
    });
    expect(figure(desks.admin!, 'approvals', 'approval', 'SaleContractCheck')!.count).toBe(2);
    // The salesperson approves sales of the clients they serve only.
    expect(desks.sales!.sections[0]!.figures).toMatchObject([
      {
        route: 'SaleContractCheck',
        path: '/salesManage/SaleContractCheck',
        count: 1,
        items: [{ title: 'WB-S4' }],
      },
    ]);
    expect(desks.finance!.sections[0]!.figures).toMatchObject([
      { route: 'PurchaseMarginBalanceApply', count: 1, items: [{ title: 'WB-A1' }] },
    ]);
  });

  test('warehouse: receipts valid for 30 days or less, batches and movements in transit', () => {
    const warehouse = desks.warehouse!;
    // Pledged and transferred receipts count too: the screen of registered ones alone would not show them all.
    expect(figure(warehouse, 'warehouse', 'receiptsExpiring')).toMatchObject({
      route: 'Cdzx',
      count: 1,
      items: [{ title: 'WB-R1', detail: '2026-12-10' }],
    });
    expect(figure(warehouse, 'warehouse', 'batchesInTransit')).toMatchObject({
      count: 1,
      total: '25.5000',
      items: [{ title: 'WB-B4' }],
    });
    expect(figure(warehouse, 'warehouse', 'movementsInTransit')).toMatchObject({
      count: 1,
      total: '25.5000',
      items: [{ title: 'WB-M1', detail: 'WB-B4' }],
    });
  });

  test('the desk needs a session', async () => {
    expect((await post(app, DESK_PATH, {})).json.code).toBe(401);
  });

  test('the windows are settings: fixings due within 3 days leave out the one due in 5', async () => {
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('deskFixingDueDays', '3', '2026-11-01')`,
    );
    try {
      expect(figure(await desk('trader'), 'trading', 'fixingsDue')).toMatchObject({
        count: 1,
        items: [{ title: 'WB-S1', detail: '2026-11-26' }],
      });
    } finally {
      await env.db.query(
        `delete from system_settings where setting_key = 'deskFixingDueDays' and value = '3'`,
      );
    }
  });
});
