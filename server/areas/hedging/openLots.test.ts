// The open lots and realised P&L kept per book and month (migration 033) against the close-out matching
// itself: a hand-worked month, then a long sequence of trades written, changed and deleted in transactions of
// one or many statements — after each commit the kept figures equal matchFifo over the trades, lot for lot.
import Decimal from 'decimal.js';
import { type FuturesFill, isProblem, matchFifo } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { BACKENDS, openTestDb } from '../../test/harness.ts';

describe.each(BACKENDS)('open lots kept per book and month on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let account = '';
  let minute = 0;

  beforeAll(async () => {
    env = await openTestDb(backend);
    const [broker] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('中粮期货', '{broker}') returning id::text`,
    );
    [{ id: account }] = (await env.db.query<{ id: string }>(
      `insert into futures_accounts (account_no, broker_id, book) values ('K1', $1, 'hedge') returning id::text`,
      [broker!.id],
    )) as [{ id: string }];
  });
  afterAll(async () => {
    await env.drop();
  });

  const insert = (
    db: Queryable,
    trade: { book?: string; month: string; side: string; effect: string; lots: number; price: number },
  ) => {
    minute += 1;
    return db.query<{ id: string }>(
      `insert into futures_trades (account_id, book, futures_month, side, effect, lots, price, traded_at)
       values ($1, $2, $3, $4, $5, $6, $7, timestamptz '2026-11-02 09:00:00+08' + $8 * interval '1 minute')
       returning id::text`,
      [
        account,
        trade.book ?? 'hedge',
        trade.month,
        trade.side,
        trade.effect,
        trade.lots,
        trade.price,
        minute,
      ],
    );
  };

  const kept = async () => ({
    open: await env.db.query<{ tradeId: string; month: string; side: string; lots: number; price: string }>(
      `select trade_id::text as "tradeId", futures_month as month, side, lots, price::text
         from futures_open_lots order by trade_id`,
    ),
    months: await env.db.query<{ book: string; month: string; realisedPnl: string }>(
      `select book, futures_month as month, realised_pnl::text as "realisedPnl"
         from futures_book_months order by book, futures_month`,
    ),
  });

  /** What the matching itself gives over every trade, in the form the tables keep. */
  const matched = async () => {
    const trades = await env.db.query<FuturesFill & { book: string }>(
      `select id::text, book, futures_month as month, side, effect, lots, price::text from futures_trades
        order by traded_at, id`,
    );
    const open: { tradeId: string; month: string; side: string; lots: number; price: string }[] = [];
    const months: { book: string; month: string; realisedPnl: string }[] = [];
    for (const book of ['hedge', 'speculation'])
      for (const month of [...new Set(trades.filter((t) => t.book === book).map((t) => t.month))].sort()) {
        const matching = matchFifo(
          trades.filter((t) => t.book === book && t.month === month),
          '5',
        );
        if (isProblem(matching)) throw new Error(matching.message);
        open.push(
          ...matching.open.map((l) => ({
            tradeId: l.tradeId,
            month,
            side: l.side,
            lots: l.lots,
            price: l.price,
          })),
        );
        months.push({
          book,
          month,
          realisedPnl: matching.closeOuts
            .reduce((sum, c) => sum.plus(c.realisedPnl), new Decimal(0))
            .toFixed(2),
        });
      }
    return { open: open.sort((a, b) => Number(a.tradeId) - Number(b.tradeId)), months };
  };

  it('keeps a hand-worked month: 10 short @ 14800, 4 @ 14900, 3 bought back @ 14700', async () => {
    await insert(env.db, { month: 'CF2705', side: 'sell', effect: 'open', lots: 10, price: 14800 });
    await insert(env.db, { month: 'CF2705', side: 'sell', effect: 'open', lots: 4, price: 14900 });
    await insert(env.db, { month: 'CF2705', side: 'buy', effect: 'close', lots: 3, price: 14700 });
    const { open, months } = await kept();
    // FIFO: the 3 bought back close the oldest short, 7 of its 10 stay open; (14800 − 14700) × 5 × 3 = 1500.
    expect(open.map((l) => [l.side, l.lots, l.price])).toEqual([
      ['sell', 7, '14800.00'],
      ['sell', 4, '14900.00'],
    ]);
    expect(months).toEqual([{ book: 'hedge', month: 'CF2705', realisedPnl: '1500.00' }]);
  });

  it('stays equal to the matching through trades written, changed and deleted', async () => {
    // A small deterministic generator: opens and closes on two months of two books, never closing more
    // than is open, some written several in one transaction.
    let seed = 7;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % n;
    };
    const position = new Map<string, number>();
    for (let step = 0; step < 40; step++) {
      await env.db.transaction(async (tx) => {
        for (let k = 0; k <= next(3); k++) {
          const book = next(4) === 0 ? 'speculation' : 'hedge';
          const month = next(2) === 0 ? 'CF2705' : 'CF2709';
          const positionSide = next(2) === 0 ? 'buy' : 'sell';
          const key = `${book} ${month} ${positionSide}`;
          const held = position.get(key) ?? 0;
          const close = held > 0 && next(2) === 0;
          const lots = close ? 1 + next(held) : 1 + next(5);
          position.set(key, held + (close ? -lots : lots));
          const side = close ? (positionSide === 'buy' ? 'sell' : 'buy') : positionSide;
          await insert(tx, {
            book,
            month,
            side,
            effect: close ? 'close' : 'open',
            lots,
            price: 14000 + next(200) * 5,
          });
        }
      });
      expect(await kept()).toEqual(await matched());
    }
    // A close deleted, an open's price and lots changed, a late open moved to the other month.
    const [close] = await env.db.query<{ id: string }>(
      `select id::text from futures_trades where effect = 'close' order by id desc limit 1`,
    );
    await env.db.query('delete from futures_trades where id = $1', [close!.id]);
    expect(await kept()).toEqual(await matched());
    await env.db.query(
      `update futures_trades set price = price + 35, lots = lots + 2
        where id = (select min(id) from futures_trades where effect = 'open' and futures_month = 'CF2709')`,
    );
    expect(await kept()).toEqual(await matched());
    await env.db.query(
      `update futures_trades set futures_month = 'CF2801', traded_at = traded_at + interval '1 day'
        where id = (select max(id) from futures_trades where effect = 'open')`,
    );
    expect(await kept()).toEqual(await matched());
    // Settled midway (constraints set immediate), then written again: the commit settles it again.
    await env.db.transaction(async (tx) => {
      await insert(tx, { month: 'CF2705', side: 'buy', effect: 'open', lots: 3, price: 15000 });
      await tx.query('set constraints all immediate');
      await tx.query('set constraints all deferred');
      await insert(tx, { month: 'CF2705', side: 'buy', effect: 'open', lots: 4, price: 15010 });
    });
    expect(await kept()).toEqual(await matched());
    // A rolled-back transaction leaves nothing behind.
    const before = await kept();
    await expect(
      env.db.transaction(async (tx) => {
        await insert(tx, { month: 'CF2705', side: 'buy', effect: 'open', lots: 9, price: 15000 });
        throw new Error('abandoned');
      }),
    ).rejects.toThrow('abandoned');
    expect(await kept()).toEqual(before);
  });
});
