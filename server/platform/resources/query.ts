// Reading a resource: the select list, filters and sort of a list call, built from the declaration.

import {
  type FilterValue,
  type ListQuery,
  listFilters,
  type ResourceDecl,
} from '../../../src/framework/resource/index.ts';
import type { Page } from '../../../src/shared/api/contract.ts';
import { clientsOfUser } from '../access/clients.ts';
import { EVERY_RECORD, type Reach } from '../access/permissions.ts';
import type { Queryable } from '../db/index.ts';
import {
  columnOf,
  localTime,
  nameExpression,
  ofClients,
  type ResourceStorage,
  storedFields,
  wireExpression,
} from './storage.ts';

export type Row = Record<string, unknown>;

export function selectList(decl: ResourceDecl, storage: ResourceStorage, timeZone: string): string {
  const items = ['t.id::text as id'];
  for (const { key, field, column } of storedFields(decl, storage)) {
    items.push(`${wireExpression(field, column.read, timeZone)} as "${key}"`);
    const name = nameExpression(field, column.read);
    if (name) items.push(`${name} as "${key}Name"`);
  }
  return items.join(', ');
}

/** Positional parameters collected while the SQL is built. */
class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

function rangeCondition(
  expression: string,
  type: string,
  range: { from?: string; to?: string },
  params: Params,
  timeZone: string,
): string[] {
  const conditions: string[] = [];
  if (type === 'datetime') {
    // A bare date as upper bound means the whole day.
    const local = localTime(expression, timeZone);
    if (range.from) conditions.push(`${local} >= ${params.add(range.from)}::timestamp`);
    if (range.to)
      conditions.push(
        range.to.length === 10
          ? `${local} < ${params.add(range.to)}::date + 1`
          : `${local} <= ${params.add(range.to)}::timestamp`,
      );
    return conditions;
  }
  const cast = type === 'date' ? '::date' : '::numeric';
  if (range.from) conditions.push(`${expression} >= ${params.add(range.from)}${cast}`);
  if (range.to) conditions.push(`${expression} <= ${params.add(range.to)}${cast}`);
  return conditions;
}

function filterCondition(
  decl: ResourceDecl,
  storage: ResourceStorage,
  key: string,
  value: FilterValue,
  params: Params,
  timeZone: string,
): string[] {
  const field = decl.fields[key]!;
  const expression = columnOf(storage, key).read;
  const isArrayColumn = 'multiple' in field && field.multiple === true;
  if (typeof value === 'object' && !Array.isArray(value))
    return rangeCondition(expression, field.type, value as { from?: string; to?: string }, params, timeZone);
  const op = listFilters(decl).find((f) => f.key === key)?.op ?? 'eq';
  if (Array.isArray(value))
    return [
      isArrayColumn
        ? `${expression}::text[] && ${params.add(value)}::text[]`
        : `${expression}::text = any(${params.add(value)}::text[])`,
    ];
  if (op === 'like') return [`strpos(${expression}, ${params.add(value)}) > 0`];
  if (isArrayColumn) return [`${params.add(value)} = any(${expression}::text[])`];
  return [`${expression}::text = ${params.add(value)}`];
}

/**
 * Only the records a permission reaches (see reachOf): those of its screens' scopes and, for a user bound
 * to their own clients, those whose client (the storage's `clientScope` column) the user serves.
 */
function reachCondition(storage: ResourceStorage, reach: Reach, params: Params): string[] {
  const conditions: string[] = [];
  if (reach.clientsOf !== undefined && storage.clientScope)
    conditions.push(ofClients(storage, clientsOfUser(params.add(reach.clientsOf)))!);
  // A storage read per reader (a team's view) shows a caller only the rows it lets through.
  if (storage.viewerScope && reach.viewer !== undefined)
    conditions.push(storage.viewerScope.replaceAll('$viewer', () => params.add(reach.viewer!)));
  if (reach.screens === 'all') return conditions;
  if (reach.screens.length === 0) return ['false'];
  const fits = reach.screens.map((scope) =>
    Object.entries(scope)
      .map(([field, value]) => `(${columnOf(storage, field).read})::text = ${params.add(value)}`)
      .join(' and '),
  );
  return [...conditions, `((${fits.join(') or (')}))`];
}

/** The declared totals as extra select items: sums over the same where clause as the count, decimal text. */
function totalsList(decl: ResourceDecl, storage: ResourceStorage): string {
  return (decl.list.totals ?? [])
    .map((key) => {
      const sum = `coalesce(sum(${columnOf(storage, key).read}), 0)`;
      const text =
        decl.fields[key]?.type === 'money' ? `${sum}::numeric(20, 2)::text` : `trim_scale(${sum})::text`;
      return `, ${text} as "${key}"`;
    })
    .join('');
}

export async function listRecords(
  db: Queryable,
  decl: ResourceDecl,
  storage: ResourceStorage,
  query: ListQuery,
  timeZone: string,
  reach: Reach = EVERY_RECORD,
): Promise<Page<Row>> {
  const params = new Params();
  const conditions = [
    ...Object.entries(query.filters).flatMap(([key, value]) =>
      filterCondition(decl, storage, key, value, params, timeZone),
    ),
    ...reachCondition(storage, reach, params),
  ];
  const where = conditions.length > 0 ? `where ${conditions.join(' and ')}` : '';
  const [{ total, ...totals }] = (await db.query<{ total: number } & Record<string, string>>(
    `select count(*)::int as total${totalsList(decl, storage)} from ${storage.table} t ${where}`,
    params.values,
  )) as [{ total: number } & Record<string, string>];
  const sort = query.sort
    ? `${columnOf(storage, query.sort.field).read} ${query.sort.order === 'desc' ? 'desc' : 'asc'} nulls last, `
    : '';
  const records = await db.query<Row>(
    `select ${selectList(decl, storage, timeZone)} from ${storage.table} t ${where}
      order by ${sort}t.id limit ${params.add(query.size)} offset ${params.add((query.pageNo - 1) * query.size)}`,
    params.values,
  );
  const page = { records, total, pages: Math.ceil(total / query.size), size: query.size };
  return decl.list.totals ? { ...page, totals } : page;
}

export async function findRecord(
  db: Queryable,
  decl: ResourceDecl,
  storage: ResourceStorage,
  id: string,
  timeZone: string,
  reach: Reach = EVERY_RECORD,
): Promise<Row | undefined> {
  if (!/^\d{1,18}$/.test(id)) return undefined;
  const params = new Params();
  const conditions = [`t.id = ${params.add(id)}`, ...reachCondition(storage, reach, params)];
  const [row] = await db.query<Row>(
    `select ${selectList(decl, storage, timeZone)} from ${storage.table} t where ${conditions.join(' and ')}`,
    params.values,
  );
  if (row && decl.lines && storage.lines) row[decl.lines.key] = await storage.lines.load(db, id);
  return row;
}
