/** What every query needs: run one statement with positional parameters ($1, $2 …). */
export interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
}

/** One tenant's database, the same over embedded PGlite and a PostgreSQL server. */
export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** Channel of this database's events (NOTIFY is database-wide, so it carries the schema on PostgreSQL). */
  readonly channel: string;
  /** Runs fn in one transaction: committed when fn resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** Delivers every NOTIFY on channel, from any process; resolves once listening. */
  listen(handler: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Takes one of the database's request slots for a call and answers its release; refuses (DatabaseBusy)
   * when the calls waiting for one wait too long. Absent where the database serves calls side by side.
   */
  admit?: () => Promise<() => void>;
  close(): Promise<void>;
}

/** The database has more work waiting than it can do soon: the call is refused at once (HTTP 503). */
export class DatabaseBusy extends Error {
  constructor() {
    super('database busy');
  }
}
