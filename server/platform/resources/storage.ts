// Where a declared resource lives: its table and, where they differ from the field names, its columns.
// The declaration stays the one source of fields; this only says how each is stored.

import type { FieldDecl, ResourceDecl } from '../../../src/framework/resource/index.ts';
import type { Queryable } from '../db/index.ts';

/** A field stored other than as the column `snake_case(field)`. */
export interface ColumnSpec {
  /** SQL expression over the row alias `t`. */
  read: string;
  /** Column written on save; absent = not written by the generic save (hooks or nobody). */
  write?: string;
  /** Wire value → column value (e.g. a state onto a boolean). */
  encode?: (value: unknown) => unknown;
}

export interface Actor {
  userId: string;
  loginName: string;
}

/** What a save or transition hook gets: the transaction, who acts, when. */
export interface HookContext {
  db: Queryable;
  actor: Actor;
  now: Date;
  /** YYYY-MM-DD of `now` in the business time zone: the day a document records as its date. */
  today: string;
  channel: string;
  /**
   * Tells the areas that react to `event` (resources/crossings.ts) inside this transaction; answers what they
   * did. Absent where no app runs (a demo's or a test's own context): nothing reacts.
   */
  emit?(event: string, payload: unknown): Promise<string[]>;
  /** Asks the area answering `question` (crossings.ts `ask`, which fails where no app runs). */
  ask?(question: string, payload: unknown): Promise<unknown>;
  /** The first refusal of the areas guarding `guard`, or null; absent where no app runs: nothing guards. */
  check?(guard: string, payload: unknown): Promise<string | null>;
}

/** A record as the generic handlers pass it to hooks: its wire values (typed by the declaration where given). */
export type StoredRecord = Record<string, unknown>;

export interface LinesStorage<R = StoredRecord, L = StoredRecord> {
  load(db: Queryable, id: string): Promise<L[]>;
  /** Replaces the record's line items. */
  save(hook: HookContext, id: string, lines: L[], record: R): Promise<void>;
}

/** What a command's service gets: the transaction, who acts, the record it applies to, its validated input. */
export interface CommandContext<I = StoredRecord, R = StoredRecord> extends HookContext {
  /** The record (its wire values) for a command on a record; absent for one on the resource. */
  record?: Readonly<R>;
  input: I;
  /** Run for its preview (`preview=true`): everything it writes is rolled back, its `data` answered. */
  preview: boolean;
  /**
   * The user, when they are bound to their own clients (permission ownClients): a command on the resource
   * touches only records of the clients they serve (`clientsOfUser` in access/clients.ts selects them).
   */
  clientsOf?: string;
  /** A message to a user through the message centre, sent when the transaction commits. */
  notify(message: { loginName: string; messageType: string; message: string }): Promise<void>;
  /**
   * Holds fields of the record the command changes to the record's own declaration, as a save would (a
   * supplementary agreement's new fixing deadline not before the signing date): refuses (400, each field in
   * words) what the rules refuse. `record`: the record as it would be. Absent outside a call (the demo).
   */
  checkFields?(record: Readonly<Record<string, unknown>>, fields: readonly string[]): void;
}

export interface CommandOutcome {
  /** The workflow state the record moves to, when the command moves it. */
  toState?: string;
  /** What was done, in words: the operation record and the document history say it. */
  summary: string;
  /** Answered as `data` (e.g. a preview). */
  data?: unknown;
}

/** A command's service: reads and writes in the call's transaction; throws BusinessError to refuse. */
export type CommandService<I = StoredRecord, R = StoredRecord> = (
  context: CommandContext<I, R>,
) => Promise<CommandOutcome>;

/** A service whose input may be declared narrower than a plain record (checked as a method is). */
type TypedService<T extends (...args: never[]) => unknown> = {
  check(...args: Parameters<T>): ReturnType<T>;
}['check'];

/**
 * Where a declared resource lives and its hooks. `R` is the record its hooks see: declare it as
 * `ResourceStorage<RecordOf<typeof decl.fields>>` so a hook reads typed fields, not `Record<string, unknown>`.
 */
export interface ResourceStorage<R = StoredRecord> {
  /** The services of the declaration's commands, by name. */
  commands?: Readonly<Record<string, TypedService<CommandService<StoredRecord, R>>>>;
  table: string;
  columns?: Readonly<Record<string, string | ColumnSpec>>;
  /** Fields whose value no other record may hold. */
  unique?: readonly string[];
  /**
   * How far a user bound to their own clients (permission `ownClients`) reaches: they list, open, change and
   * delete only the records this lets through (docs/resources.md). Either the record's client, a column
   * (a partner id; `id` for the client itself) or `{ read }`, an SQL expression over the row `t` (the client
   * of the record's contract): only records of clients they serve; or `{ names }`, an SQL array of the
   * partner ids the record names (its owner, its holder): records naming no client they do not serve, the
   * house's own included. Every declaration naming a client declares it (server/areas/clientScope.test.ts).
   * From code only: it is written into SQL.
   */
  clientScope?: string | { read: string } | { names: string };
  /**
   * The records each reader sees, whatever their grants: SQL over the row `t` in which `$viewer` stands for
   * the caller's user id (a team's view: the rows of the caller's department). Read without a caller (the
   * server's own reads of a record it just changed) it is not applied. From code only: it is written into SQL.
   */
  viewerScope?: string;
  lines?: LinesStorage<R>;
  /**
   * SQL over the row `t` giving who submitted a document of an approval workflow (a user id): they never
   * approve or reject it. Default: who took its latest `submit` step (document history).
   */
  submittedBy?: string;
  /**
   * SQL over the row `t` giving every user (a bigint[]) who may not take the document's next decision: at a
   * second approval level, its submitter (first) and its first approver. Default: the submitter alone.
   */
  barredDeciders?: string;
  /**
   * Rows that the call will lock besides the record (the batch of an outbound appointment), locked first:
   * every call then locks in one order (those rows, then the record), so simultaneous calls wait, never deadlock.
   */
  lockFirst?(
    db: Queryable,
    id: string | undefined,
    record: Record<string, unknown> | undefined,
    /** The business day of the call (YYYY-MM-DD). */
    today: string,
  ): Promise<void>;
  /** Fields kept outside the table (e.g. a user's roles): written after the row. */
  saveExtra?(hook: HookContext, id: string, record: R): Promise<void>;
  /** Columns set on every write (update stamps): column → value. */
  stamps?(hook: HookContext, creating: boolean, prepared: unknown): Record<string, unknown>;
  /** Raw SQL appended to an update's set list (e.g. a version counter). */
  onUpdate?: string;
  /** Rows that hang off the records about to be deleted (not covered by a cascade). */
  onDelete?(db: Queryable, ids: string[], today: string): Promise<void>;
  /**
   * The database refused to delete or change these rows because others still point at them (23503, or 23001 under `on delete restrict`): throws
   * the refusal in words (which records name them). Returning leaves the general message.
   */
  refusedAsReferenced?(db: Queryable, ids: string[], verb: 'delete' | 'save'): Promise<void>;
  /** Work before the transaction (password hashing); its result reaches the hooks. */
  prepare?(verb: 'save' | 'transition', input: { creating?: boolean; action?: string }): Promise<unknown>;
  afterSave?(
    hook: HookContext,
    id: string,
    creating: boolean,
    prepared: unknown,
  ): Promise<Record<string, unknown>>;
  afterTransition?(
    hook: HookContext,
    id: string,
    action: string,
    prepared: unknown,
  ): Promise<Record<string, unknown>>;
}

/** A zone name as the configuration gives it (it is written into SQL, so nothing else passes). */
const TIME_ZONE = /^[A-Za-z0-9_/+-]+$/;

/** A timestamptz as wall-clock time of the server's zone. */
export function localTime(expression: string, timeZone: string): string {
  if (!TIME_ZONE.test(timeZone)) throw new Error(`Unusable time zone ${timeZone}`);
  return `(${expression}) at time zone '${timeZone}'`;
}

/** The SQL expression giving a record's client, when its storage keeps it per client (`clientScope`). */
export function clientOf(storage: ResourceStorage): string | undefined {
  const scope = storage.clientScope;
  if (typeof scope === 'string') return `t.${scope}`;
  return scope && 'read' in scope ? scope.read : undefined;
}

/** The condition over the row `t` reaching only the records of the clients `clients` (SQL selecting their ids). */
export function ofClients(storage: ResourceStorage, clients: string): string | undefined {
  const scope = storage.clientScope;
  if (scope && typeof scope !== 'string' && 'names' in scope)
    return `not exists (select 1 from unnest(${scope.names}) named (id) join partners p on p.id = named.id
                         where 'client' = any(p.kinds) and named.id not in (${clients}))`;
  const client = clientOf(storage);
  return client && `${client} in (${clients})`;
}

export const snake = (name: string) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/** Column names and expressions come from code only, never from input; values always travel as parameters. */
export function columnOf(storage: ResourceStorage, field: string): ColumnSpec {
  const spec = storage.columns?.[field];
  if (typeof spec === 'string') return { read: `t.${spec}`, write: spec };
  return spec ?? { read: `t.${snake(field)}`, write: snake(field) };
}

const NAME_OF_TYPE: Partial<Record<FieldDecl['type'], { table: string; column: string }>> = {
  partner: { table: 'partners', column: 'name' },
  warehouse: { table: 'warehouses', column: 'name' },
  user: { table: 'users', column: 'rel_name' },
  department: { table: 'departments', column: 'name' },
};

/** Table and name column of what a reference field points at (set by the resource registry). */
export const referenceNames = new Map<string, { table: string; column: string }>();

/** The expression of a field as it travels: decimals as text, dates formatted, ids as text. */
export function wireExpression(field: FieldDecl, expression: string, timeZone: string): string {
  switch (field.type) {
    case 'money':
      return `(${expression})::numeric(20, 2)::text`;
    case 'weight':
    case 'percent':
    case 'number':
      return `trim_scale(${expression})::text`;
    // A sum over integers is a bigint, which PostgreSQL's driver answers as text: an integer travels as a number.
    case 'integer':
      return `(${expression})::int`;
    case 'date':
      return `to_char(${expression}, 'YYYY-MM-DD')`;
    case 'datetime':
      return `to_char(${localTime(expression, timeZone)}, 'YYYY-MM-DD HH24:MI:SS')`;
    case 'partner':
    case 'warehouse':
    case 'user':
    case 'department':
      return `(${expression})::text`;
    case 'reference':
      return field.multiple ? `(${expression})::text[]` : `(${expression})::text`;
    default:
      return expression;
  }
}

/** The table an id field points at, or undefined for fields that are not ids. */
export const idTarget = (field: FieldDecl) =>
  field.type === 'reference' ? referenceNames.get(field.resource) : NAME_OF_TYPE[field.type];

/** The display name of an id field (`<field>Name`), or undefined for fields that are not ids. */
export function nameExpression(field: FieldDecl, expression: string): string | undefined {
  if (field.type === 'batch') return `(${expression})::text`;
  const target = idTarget(field);
  if (!target) return undefined;
  if (field.type === 'reference' && field.multiple)
    return `array(select n.${target.column} from ${target.table} n where n.id = any(${expression}) order by n.id)`;
  return `(select n.${target.column} from ${target.table} n where n.id = ${expression})`;
}

/** Every stored field of the declaration with its read expression. */
export function storedFields(decl: ResourceDecl, storage: ResourceStorage) {
  return Object.entries(decl.fields).map(([key, field]) => ({ key, field, column: columnOf(storage, key) }));
}
