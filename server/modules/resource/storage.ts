// Where a declared resource lives: its table and, where they differ from the field names, its columns.
// The declaration stays the one source of fields; this only says how each is stored.

import type { FieldDecl, ResourceDecl } from '../../../src/shared/resource/index.ts';
import type { Queryable } from '../../db/index.ts';

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
}

export interface LinesStorage {
  load(db: Queryable, id: string): Promise<Record<string, unknown>[]>;
  /** Replaces the record's line items. */
  save(
    hook: HookContext,
    id: string,
    lines: Record<string, unknown>[],
    record: Record<string, unknown>,
  ): Promise<void>;
}

export interface ResourceStorage {
  table: string;
  columns?: Readonly<Record<string, string | ColumnSpec>>;
  /** Fields whose value no other record may hold. */
  unique?: readonly string[];
  lines?: LinesStorage;
  /** Fields kept outside the table (e.g. a user's roles): written after the row. */
  saveExtra?(hook: HookContext, id: string, record: Record<string, unknown>): Promise<void>;
  /** Columns set on every write (update stamps): column → value. */
  stamps?(hook: HookContext, creating: boolean, prepared: unknown): Record<string, unknown>;
  /** Raw SQL appended to an update's set list (e.g. a version counter). */
  onUpdate?: string;
  /** Rows that hang off the records about to be deleted (not covered by a cascade). */
  onDelete?(db: Queryable, ids: string[]): Promise<void>;
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

/** The display name of an id field (`<field>Name`), or undefined for fields that are not ids. */
export function nameExpression(field: FieldDecl, expression: string): string | undefined {
  if (field.type === 'batch') return `(${expression})::text`;
  const target = field.type === 'reference' ? referenceNames.get(field.resource) : NAME_OF_TYPE[field.type];
  if (!target) return undefined;
  if (field.type === 'reference' && field.multiple)
    return `array(select n.${target.column} from ${target.table} n where n.id = any(${expression}) order by n.id)`;
  return `(select n.${target.column} from ${target.table} n where n.id = ${expression})`;
}

/** Every stored field of the declaration with its read expression. */
export function storedFields(decl: ResourceDecl, storage: ResourceStorage) {
  return Object.entries(decl.fields).map(([key, field]) => ({ key, field, column: columnOf(storage, key) }));
}
