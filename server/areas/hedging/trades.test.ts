// Futures accounts and trades through HTTP, as the desk books them: the month in either writing stored as
// CF2605, the book of the account, a close no larger than the position, and the book's lot limit per
// month — each refusal a 400 that says why, with nothing booked.
import type { FastifyInstance } from 'fastify';
import { futuresAccount, futuresTrade } from '../../../src/areas/hedging/index.ts';
import { BACKENDS, login, manualClock, openTestDb, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('futures trades on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const tradeCount = async () =>
    Number((await env.db.query<{ n: string }>('select count(*)::text as n from futures_trades'))[0]!.n);
  let hedgeAccount = '';
  let speculationAccount = '';

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const user of ['admin', 'trader', 'risk']) tokens[user] = (await login(app, user)).token;
    const [broker] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('中粮期货', '{supplier}') returning id::text`,
    );
    hedgeAccount = (
      await saved('trader', futuresAccount, {
        accountNo: '81001',
        brokerId: broker!.id,
        team: '新疆组',
        book: 'hedge',
      })
    ).id;
    speculationAccount = (
      await saved('trader', futuresAccount, { accountNo: '81002', brokerId: broker!.id, book: 'speculation' })
    ).id;
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values ('speculationBookLotLimit', '10', '2026-01-01')`,
    );
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  const trade = (body: Partial<Body>): Body => ({
    accountId: hedgeAccount,
    book: 'hedge',
    futuresMonth: 'CF605',
    side: 'sell',
    effect: 'open',
    lots: 10,
    price: '15000',
    fee: '30',
    tradedAt: '2026-11-23 10:00:00',
    ...body,
  });
  const refused = async (body: Body) => {
    const before = await tradeCount();
    const { json } = await call('trader', futuresTrade, 'save', body);
    expect(json.code, json.msg).toBe(400);
    expect(await tradeCount()).toBe(before);
    return json;
  };

  it('books a trade with the month in the market writing and a number', async () => {
    const row = await saved('trader', futuresTrade, trade({}));
    expect(row).toMatchObject({ futuresMonth: 'CF2605', lots: 10, price: '15000.00', book: 'hedge' });
    expect(String(row.tradeNo)).toMatch(/^QH20261123\d{5}$/);
  });

  it('keeps the time a trade was entered at: Beijing wall-clock time in, the same out, the instant stored', async () => {
    const row = await saved(
      'trader',
      futuresTrade,
      trade({ tradedAt: '2026-11-23 09:30:00', lots: 1, futuresMonth: 'CF2701' }),
    );
    expect(row.tradedAt).toBe('2026-11-23 09:30:00');
    const [stored] = await env.db.query<{ utc: string }>(
      `select to_char(traded_at at time zone 'UTC', 'HH24:MI') as utc from futures_trades where id = $1`,
      [row.id],
    );
    expect(stored!.utc).toBe('01:30');
  });

  it('refuses a trade booked in another book than its account', async () => {
    const json = await refused(trade({ book: 'speculation' }));
    expect(JSON.stringify(json.data)).toContain('套保账簿');
  });

  it('refuses a price off the tick', async () => {
    const json = await refused(trade({ price: '15002' }));
    expect(JSON.stringify(json.data)).toContain('最小变动价位');
  });

  it('refuses a close larger than the position', async () => {
    const json = await refused(trade({ side: 'buy', effect: 'close', lots: 11, price: '14900' }));
    expect(json.msg).toContain('平仓 11 手超过 CF2605 空头持仓');
    await saved('trader', futuresTrade, trade({ side: 'buy', effect: 'close', lots: 4, price: '14900' }));
  });

  it('refuses a trade past the book limit of the month, saying the limit', async () => {
    const spec = { accountId: speculationAccount, book: 'speculation', side: 'buy' };
    await saved('trader', futuresTrade, trade({ ...spec, lots: 8 }));
    const json = await refused(trade({ ...spec, lots: 3 }));
    expect(json.msg).toContain('投机账簿 CF2605 持仓将为多头 11 手');
    expect(json.msg).toContain('超过每月限额 10 手');
    // Another month has its own limit; a close frees the position.
    await saved('trader', futuresTrade, trade({ ...spec, lots: 3, futuresMonth: 'CF2609' }));
    await saved('trader', futuresTrade, trade({ ...spec, side: 'sell', effect: 'close', lots: 5 }));
    await saved('trader', futuresTrade, trade({ ...spec, lots: 7 }));
  });

  it('lets risk read the trades but not book one', async () => {
    const { json } = await call('risk', futuresTrade, 'list', {});
    expect(json.code).toBe(200);
    const booked = await call('risk', futuresTrade, 'save', trade({}));
    expect(booked.json.code).toBe(403);
  });
});
