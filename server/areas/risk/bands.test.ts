// Interval warnings through HTTP. The band of CF2701 runs from 14,000 to 15,000; the desk enters the day's
// prices 16–20 November: 14,800 (inside), 15,050 (out above: a warning), 15,100 and 15,200 (still out: none),
// 14,900 (back in), then 15,010 on the 23rd (out again: a second warning). Each warning reaches the band's
// people (risk and trader) in the message centre and live; one of them acknowledges it with a comment.
import type { FastifyInstance } from 'fastify';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { priceBand, priceWarning } from '../../../src/areas/risk/index.ts';
import { PATHS, SOCKET_TYPE, type SocketFrame } from '../../../src/shared/api/contract.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';
import { openSocket } from '../../test/socketClient.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const PORT = 47310;

describe.each(BACKENDS)('interval warnings on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  const { call, saved, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let bandId = '';

  const band = (over: Partial<Body> = {}): Body => ({
    futuresMonth: 'CF701',
    lowerPrice: '14000',
    upperPrice: '15000',
    recipientIds: [userIds.risk!, userIds.trader!],
    enabled: 'true',
    ...over,
  });
  const price = async (tradeDate: string, lastPrice: string) => {
    const [row] = await env.db.query<{ id: string }>(
      `select id::text from futures_prices where trade_date = $1 and futures_month = 'CF2701'`,
      [tradeDate],
    );
    return saved('trader', futuresPrice, {
      ...(row ? { id: row.id } : {}),
      tradeDate,
      futuresMonth: 'CF2701',
      lastPrice,
    });
  };
  const warnings = () =>
    env.db.query<{ no: string; day: string; price: string; previous: string | null; side: string }>(
      `select warning_no as no, to_char(trade_date, 'YYYY-MM-DD') as day, price::text, previous_price::text as previous,
              side from price_band_warnings order by id`,
    );
  const messagesTo = (who: string) =>
    env.db.query<{ message: string }>(
      `select message from messages where user_id = $1 and message_type = '1000003' and message like '区间预警%' order by id`,
      [userIds[who]],
    );
  const command = (who: string, id: string, body: Body) =>
    post(
      app,
      `/api/${priceWarning.area}/${priceWarning.resource}/acknowledge`,
      { id, ...body },
      {
        token: tokens[who]!,
      },
    );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'finance', 'warehouse']) {
      const session = await login(app, who);
      tokens[who] = session.token;
      userIds[who] = String(session.user.id);
    }
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('lets risk keep the bands, the desk read them, and nobody else', async () => {
    const created = await saved('risk', priceBand, band());
    bandId = created.id;
    expect(created).toMatchObject({ futuresMonth: 'CF2701', lowerPrice: '14000.00', upperPrice: '15000.00' });
    expect([...(created.recipientIds as string[])].sort()).toEqual([userIds.risk, userIds.trader].sort());
    expect((await call('trader', priceBand, 'list')).json.code).toBe(200);
    expect((await call('trader', priceBand, 'save', band({ futuresMonth: 'CF2703' }))).json.code).toBe(403);
    expect((await call('warehouse', priceBand, 'list')).json.code).toBe(403);
    expect((await call('warehouse', priceWarning, 'list')).json.code).toBe(403);
  });

  it('refuses a band that cannot be kept, with the field to correct, nothing stored', async () => {
    const before = await env.db.query('select id from price_bands order by id');
    const cases: [Partial<Body>, string, RegExp][] = [
      [{ lowerPrice: '15000' }, 'upperPrice', /./],
      [{ lowerPrice: '', upperPrice: '' }, 'lowerPrice', /./],
      [{ recipientIds: ['999999'] }, 'recipientIds', /不存在/],
      [{ futuresMonth: 'CF702' }, 'futuresMonth', /./],
    ];
    for (const [over, field, reason] of cases) {
      const { json } = await call('risk', priceBand, 'save', band(over));
      expect(json.code, JSON.stringify(over)).toBe(400);
      const fields = (json.data as { fields: Record<string, string> }).fields;
      expect(fields[field], JSON.stringify(json)).toMatch(reason);
    }
    expect(await env.db.query('select id from price_bands order by id')).toEqual(before);
  });

  it('raises one warning per crossing, not one per price, and tells the band’s people', async () => {
    await price('2026-11-16', '14800');
    expect(await warnings()).toEqual([]);
    await price('2026-11-17', '15050');
    await price('2026-11-18', '15100');
    await price('2026-11-19', '15200');
    expect(await warnings()).toEqual([
      {
        no: expect.stringMatching(/^YJ20261123\d{5}$/),
        day: '2026-11-17',
        price: '15050.00',
        previous: '14800.00',
        side: 'above',
      },
    ]);
    await price('2026-11-20', '14900');
    await price('2026-11-23', '15010');
    expect((await warnings()).map((w) => [w.day, w.side, w.previous])).toEqual([
      ['2026-11-17', 'above', '14800.00'],
      ['2026-11-23', 'above', '14900.00'],
    ]);
    for (const who of ['risk', 'trader']) {
      const told = await messagesTo(who);
      expect(told.map((m) => m.message)).toHaveLength(2);
      expect(told[0]!.message).toContain(
        'CF2701 2026-11-17 价格 15050.00 突破上限（区间 14000.00 – 15000.00',
      );
    }
    expect(await messagesTo('finance')).toEqual([]);
    // A correction of an earlier day is history: it raises nothing and leaves the band's last price alone.
    await price('2026-11-18', '13900');
    expect(await warnings()).toHaveLength(2);
    const [stored] = await env.db.query<{ last: string; day: string }>(
      `select last_price::text as last, to_char(last_trade_date, 'YYYY-MM-DD') as day from price_bands where id = $1`,
      [bandId],
    );
    expect(stored).toEqual({ last: '15010.00', day: '2026-11-23' });
    // The same day's price moved further out: still the same crossing.
    await price('2026-11-23', '15100');
    expect(await warnings()).toHaveLength(2);
  });

  it('sends the warning live to a named person’s open socket', async () => {
    const base = await app.listen({ port: PORT, host: '127.0.0.1' });
    const socket = await openSocket(base, PATHS.socket(userIds.risk!), { authorization: tokens.risk! });
    try {
      await price('2026-11-23', '14950');
      await price('2026-11-23', '13990');
      const frames: SocketFrame[] = [];
      const seen = (type: string) => frames.some((frame) => frame.messageType === type);
      while (!seen(SOCKET_TYPE.notification) || !seen(SOCKET_TYPE.dataChanged))
        frames.push(await socket.next());
      const notice = frames.find((frame) => frame.messageType === SOCKET_TYPE.notification);
      expect(notice?.result).toContain('跌破下限');
      expect(notice?.notice?.messageType).toBe('1000003');
      const changed = frames.flatMap((frame) => frame.changed ?? []);
      expect(changed).toEqual(expect.arrayContaining(['furRiskManage/IntervalWarning']));
    } finally {
      socket.ws.terminate();
    }
  });

  it('is acknowledged by one of the band’s people, with a comment, once', async () => {
    const [first] = await records('risk', priceWarning, { status: 'open', sort: 'raisedAt,asc' });
    expect(first).toMatchObject({ status: 'open', side: 'above', futuresMonth: 'CF2701' });
    expect((await command('finance', first!.id, { comment: '知悉' })).json.code).toBe(403);
    // The administrator may open the screen but is not one of the band's people.
    const notNamed = await command('admin', first!.id, { comment: '知悉' });
    expect(notNamed.json.code).toBe(403);
    expect(notNamed.json.msg).toContain('通知人');
    const empty = await command('risk', first!.id, { comment: '' });
    expect(empty.json.code).toBe(400);
    const done = await command('trader', first!.id, { comment: '已减仓 20 手' });
    expect(done.json.code, done.json.msg).toBe(200);
    const [row] = await env.db.query<Record<string, string>>(
      `select status, acknowledged_by::text as by, acknowledge_comment as comment,
              to_char(acknowledged_at at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI') as at
         from price_band_warnings where id = $1`,
      [first!.id],
    );
    expect(row).toEqual({
      status: 'acknowledged',
      by: userIds.trader,
      comment: '已减仓 20 手',
      at: '2026-11-23 16:00',
    });
    const history = await call('risk', priceWarning, 'history', { id: first!.id });
    expect(JSON.stringify(history.json.data)).toContain('已减仓 20 手');
    const again = await command('risk', first!.id, { comment: '再确认' });
    expect(again.json.code).toBe(400);
  });

  it('reads an imported price the same way; a preview of the import raises nothing', async () => {
    await saved('risk', priceBand, band({ futuresMonth: 'CF2703', recipientIds: [userIds.risk!] }));
    const file = Buffer.from('交易日期,合约,最新价,结算价\n2026-11-20,CF703,15100,15105\n', 'utf8').toString(
      'base64',
    );
    const importing = (preview: boolean) =>
      post(
        app,
        '/api/pending/FuturesPrice/importPrices',
        { fileName: 'prices.csv', content: file, ...(preview ? { preview: 'true' } : {}) },
        { token: tokens.trader! },
      );
    const before = (await warnings()).length;
    const preview = (await importing(true)).json;
    expect(preview.code, preview.msg).toBe(200);
    expect(JSON.stringify(preview.data)).toContain('触发区间预警 1 条');
    expect(await warnings()).toHaveLength(before);
    const done = (await importing(false)).json;
    expect(done.code, done.msg).toBe(200);
    expect(done.msg).toContain('触发区间预警 1 条');
    const raised = await env.db.query<{ month: string; price: string; source: string }>(
      `select futures_month as month, price::text, source from price_band_warnings where futures_month = 'CF2703'`,
    );
    // The row has the day's settlement: that is the price read against the band.
    expect(raised).toEqual([{ month: 'CF2703', price: '15105.00', source: 'imported' }]);
  });

  it('forgets the last price when a band moves to another month', async () => {
    const wide = { lowerPrice: '13000', recipientIds: [userIds.risk!] };
    const moved = await saved('risk', priceBand, band(wide));
    await price('2026-11-23', '13990');
    const kept = await saved('risk', priceBand, { ...band({ ...wide, remark: '放宽' }), id: moved.id });
    expect(kept).toMatchObject({
      futuresMonth: 'CF2701',
      lastPrice: '13990.00',
      lastTradeDate: '2026-11-23',
    });
    const elsewhere = await saved('risk', priceBand, {
      ...band({ ...wide, futuresMonth: 'CF2709' }),
      id: moved.id,
    });
    expect(elsewhere).toMatchObject({ futuresMonth: 'CF2709', lastPrice: null, lastTradeDate: null });
  });

  it('keeps a band that raised warnings: deleting it is refused in words', async () => {
    const { json } = await call('risk', priceBand, 'delete', { id: bandId });
    expect(json.code).toBe(400);
    expect(json.msg).toContain('停用');
  });
});
