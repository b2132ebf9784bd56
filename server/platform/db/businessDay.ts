// The business day in SQL. A derived state that depends on the date (an order past its valid-until day reads
// as expired) names BUSINESS_DAY instead of now(): the server's one clock decides, not the database's, so a
// test's clock and the server's agree and no answer changes with the hour the suite runs.
import type { Db, Queryable } from './types.ts';

/** The business day as a SQL date; replaced by the day's literal on the way to the database. */
export const BUSINESS_DAY = 'business_day()';

const TOKEN = /business_day\(\)/g;

/** One connection or transaction on the business day `today()`. */
export function onBusinessDay(q: Queryable, today: () => string): Queryable {
  const dated = (sql: string) =>
    sql.includes(BUSINESS_DAY) ? sql.replace(TOKEN, `'${today()}'::date`) : sql;
  return {
    query: (sql, params) => q.query(dated(sql), params),
    exec: (sql) => q.exec(dated(sql)),
  };
}

/** The database as the server's calls see it: BUSINESS_DAY reads `today()` (YYYY-MM-DD, from the clock). */
export function withBusinessDay(db: Db, today: () => string): Db {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today()))
    throw new Error(`business day must be YYYY-MM-DD, got ${today()}`);
  return {
    ...onBusinessDay(db, today),
    kind: db.kind,
    channel: db.channel,
    transaction: (fn) => db.transaction((tx) => fn(onBusinessDay(tx, today))),
    listen: (handler) => db.listen(handler),
    close: () => db.close(),
  };
}
