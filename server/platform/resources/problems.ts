import { type FieldProblem, fieldLabel, type InputDecl } from '../../../src/framework/resource/index.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { BusinessError, badRequest } from '../http/envelope.ts';
import type { Row } from './query.ts';
import { idTarget } from './storage.ts';

export type Form = Record<string, string | string[] | undefined>;

/**
 * A refused save: the message of each field, answered as `data.fields` with code 400 — by the app's error
 * handler wherever it is thrown, as any business refusal.
 */
export class FieldErrors extends BusinessError {
  constructor(readonly fields: Record<string, string>) {
    super(400, Object.values(fields)[0] ?? '', { fields });
  }
}

const interpolate = (text: string, params: FieldProblem['params'] = {}) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(params[name] ?? ''));

export function labelOf(ctx: ServerContext, decl: InputDecl, field: string): string {
  const [head, index, name] = field.split('.');
  const lines = decl.lines;
  if (lines && head === lines.key && name) {
    const label = fieldLabel(lines.declaration, name);
    const lineLabel = typeof label === 'string' ? ctx.t(label, name) : name;
    return `第${Number(index) + 1}行${lineLabel}`;
  }
  const label = decl.fields[field] ? fieldLabel(decl, field) : lines?.key === field ? lines.title : undefined;
  return typeof label === 'string' ? ctx.t(label, field) : field;
}

export function fieldErrors(ctx: ServerContext, decl: InputDecl, problems: FieldProblem[]): FieldErrors {
  const fields: Record<string, string> = {};
  for (const p of problems)
    fields[p.field] = `${labelOf(ctx, decl, p.field)}：${interpolate(ctx.t(p.message, p.message), p.params)}`;
  return new FieldErrors(fields);
}

export const fieldErrorAnswer = (e: FieldErrors) => ({
  code: 400,
  msg: e.message,
  data: { fields: e.fields },
});

export const NOT_FOUND = '记录不存在或已被删除';

export const REFUSAL: Record<string, string> = {
  noWorkflow: '该记录没有状态流转',
  unknownAction: '未知的操作',
  illegalState: '当前状态不允许此操作',
  commentRequired: '请填写意见',
};

/** Options an enum field's dictionary does not hold (the declaration checks only that one was chosen). */
export async function optionProblems(db: Queryable, decl: InputDecl, record: Row): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const key of decl.form?.fields ?? []) {
    const field = decl.fields[key]!;
    const value = record[key];
    if (field.type !== 'enum' || value === undefined || value === null || value === '') continue;
    const chosen = (Array.isArray(value) ? value : [value]).map(String);
    const [{ known }] = (await db.query<{ known: number }>(
      'select count(*)::int as known from dictionary_entries where code = $1 and value = any($2::text[])',
      [field.dictionary, chosen],
    )) as [{ known: number }];
    if (known < new Set(chosen).size) problems.push({ field: key, message: 'validation.type.enum' });
  }
  return problems;
}

/** Batch numbers (fields and line fields of type batch) that name no batch: `[problem field, value]`. */
function batchValues(decl: InputDecl, record: Row): [string, string][] {
  const named = (fields: InputDecl['fields'], row: Row, prefix: string): [string, string][] =>
    Object.entries(fields)
      .filter(
        ([key, field]) =>
          field.type === 'batch' && row[key] !== undefined && row[key] !== null && row[key] !== '',
      )
      .map(([key]) => [`${prefix}${key}`, String(row[key])]);
  const lines = decl.lines ? ((record[decl.lines.key] as Row[] | undefined) ?? []) : [];
  return [
    ...named(decl.fields, record, ''),
    ...lines.flatMap((line, index) =>
      named(decl.lines!.declaration.fields, line, `${decl.lines!.key}.${index}.`),
    ),
  ];
}

export async function batchProblems(db: Queryable, decl: InputDecl, record: Row): Promise<FieldProblem[]> {
  const named = batchValues(decl, record);
  if (named.length === 0) return [];
  const rows = await db.query<{ batchNo: string }>(
    'select batch_no as "batchNo" from batches where batch_no = any($1::text[])',
    [named.map(([, batchNo]) => batchNo)],
  );
  const known = new Set(rows.map((row) => row.batchNo));
  return named
    .filter(([, batchNo]) => !known.has(batchNo))
    .map(([field, batchNo]) => ({ field, message: 'validation.batchUnknown', params: { batchNo } }));
}

/**
 * Ids in form fields that name no record (a deleted partner, a member who is no user), and partners of
 * another kind than the field takes (a supplier where a client is asked for).
 */
export async function referenceProblems(
  db: Queryable,
  decl: InputDecl,
  record: Row,
  keys: readonly string[] = (decl.form?.fields ?? []).filter((key) => !decl.fields[key]!.readOnly),
): Promise<FieldProblem[]> {
  const problems: FieldProblem[] = [];
  for (const key of keys) {
    const field = decl.fields[key]!;
    const target = idTarget(field);
    const value = record[key];
    if (!target || value === undefined || value === null || value === '') continue;
    const ids = [...new Set((Array.isArray(value) ? value : [value]).map(String))];
    const [row] = await db.query<{ known: number }>(
      `select count(*)::int as known from ${target.table} where id = any($1::bigint[])`,
      [ids],
    );
    if ((row?.known ?? 0) < ids.length) problems.push({ field: key, message: 'validation.referenceUnknown' });
    else if (field.type === 'partner' && field.partnerKind) {
      const [kind] = await db.query<{ of: number; word: string | null }>(
        `select count(*)::int as of,
                (select label from dictionary_entries where code = 'partnerKind' and value = $2) as word
           from partners where id = any($1::bigint[]) and $2 = any(kinds)`,
        [ids, field.partnerKind],
      );
      if ((kind?.of ?? 0) < ids.length)
        problems.push({
          field: key,
          message: 'validation.partnerKind',
          params: { kind: kind?.word ?? field.partnerKind },
        });
    }
  }
  return problems;
}

/** A foreign key kept a row others point at: 23503, or 23001 for one declared `on delete restrict`. */
export const isReferenced = (error: unknown) =>
  ['23503', '23001'].includes((error as { code?: string }).code ?? '');

/** Unique and foreign-key violations the checks above did not foresee, in words. */
export function databaseProblem(error: unknown): never {
  const code = (error as { code?: string }).code;
  if (code === '23505') throw badRequest('该记录与已有记录重复');
  if (code === '23503' || code === '23001') throw badRequest('记录仍被其他数据引用，或引用的数据不存在');
  if (code === '22003') throw badRequest('数值超出允许的范围，请检查输入');
  if (code === '22008') throw badRequest('日期超出允许的范围，请检查输入');
  throw error;
}
