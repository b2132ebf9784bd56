// One validation for the form (on blur and submit) and the server (before any write).

import Decimal from 'decimal.js';
import { formFields } from './derive.ts';
import type { FieldDecl, FieldProblem, FieldType, InputDecl, ValidationRule } from './types.ts';

export interface ValidateOptions {
  /** Decimals allowed for weights in tonnes: the tenant's weightDigit (default 4). */
  weightDigit?: number;
}

const DEFAULT_WEIGHT_DIGIT = 4;
const PERCENT_DIGITS = 4;

type Input = Readonly<Record<string, unknown>>;

export const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** Digits before the point that the columns hold (numeric(16,2) amounts, numeric(16,4) weights …). */
const INTEGER_DIGITS = { number: 10, integer: 9, money: 14, weight: 12, percent: 4 } as const;

const decimalPattern = (digits: number, integerDigits: number) =>
  digits === 0
    ? new RegExp(`^-?\\d{1,${integerDigits}}$`)
    : new RegExp(`^-?\\d{1,${integerDigits}}(\\.\\d{1,${digits}})?$`);
const isDecimalText = (value: unknown, digits: number, integerDigits: number) =>
  (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) &&
  decimalPattern(digits, integerDigits).test(String(value));

/** Text a database can store: no NUL byte, no half of a surrogate pair. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
export const isStorableText = (text: string) => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** The server checks an id's form at its edge (server/platform/resources/requestSchemas.ts). */
const isId = (value: unknown) => typeof value === 'string' || typeof value === 'number';

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text.slice(0, 10);
}

/** Years 1000–9999 (the database has no year 0). */
const DATE = '[1-9]\\d{3}-\\d{2}-\\d{2}';

/** A list where the field takes several values; one value otherwise. */
const several = (field: FieldDecl, value: unknown): value is unknown[] =>
  'multiple' in field && field.multiple === true && Array.isArray(value);

const TYPE_CHECKS: Record<
  FieldType,
  (value: unknown, options: Required<ValidateOptions>, field: FieldDecl) => boolean
> = {
  text: (v) => typeof v === 'string' && isStorableText(v),
  longText: (v) => typeof v === 'string' && isStorableText(v),
  number: (v) => isDecimalText(v, 10, INTEGER_DIGITS.number),
  integer: (v) => isDecimalText(v, 0, INTEGER_DIGITS.integer),
  money: (v) => isDecimalText(v, 2, INTEGER_DIGITS.money),
  weight: (v, o) => isDecimalText(v, o.weightDigit, INTEGER_DIGITS.weight),
  percent: (v) => isDecimalText(v, PERCENT_DIGITS, INTEGER_DIGITS.percent),
  date: (v) => typeof v === 'string' && new RegExp(`^${DATE}$`).test(v) && isCalendarDate(v),
  datetime: (v) =>
    typeof v === 'string' && new RegExp(`^${DATE} \\d{2}:\\d{2}:\\d{2}$`).test(v) && isCalendarDate(v),
  boolean: (v) => typeof v === 'boolean' || v === 'true' || v === 'false',
  enum: (v, _, f) =>
    (typeof v === 'string' && isStorableText(v)) ||
    (several(f, v) && v.every((item) => typeof item === 'string' && isStorableText(item))),
  partner: isId,
  warehouse: isId,
  batch: (v) => (typeof v === 'string' && isStorableText(v)) || typeof v === 'number',
  user: isId,
  department: isId,
  reference: (v, _, f) => isId(v) || (several(f, v) && v.every((item) => typeof item === 'string')),
};

/** The longest text a field takes unless its rules say otherwise. */
const DEFAULT_MAX_LENGTH: Partial<Record<FieldType, number>> = { text: 500, longText: 10_000 };

/** Numbers and amounts compare as decimals, dates as text (ISO order). */
function compare(field: FieldDecl, value: unknown, limit: number | string): number {
  if (field.type === 'date' || field.type === 'datetime') return String(value).localeCompare(String(limit));
  return new Decimal(String(value)).comparedTo(new Decimal(String(limit)));
}

const lengthOf = (value: unknown) => (Array.isArray(value) ? value.length : String(value).length);

function ruleProblem(
  key: string,
  field: FieldDecl,
  rule: ValidationRule,
  value: unknown,
  record: Input,
): FieldProblem | undefined {
  const problem = (message: string, params?: FieldProblem['params']) => ({ field: key, message, params });
  switch (rule.kind) {
    case 'required':
      return undefined;
    case 'min':
      return compare(field, value, rule.value) < 0
        ? problem(rule.message ?? 'validation.min', { min: rule.value })
        : undefined;
    case 'max':
      return compare(field, value, rule.value) > 0
        ? problem(rule.message ?? 'validation.max', { max: rule.value })
        : undefined;
    case 'minLength':
      return lengthOf(value) < rule.value
        ? problem(rule.message ?? 'validation.minLength', { min: rule.value })
        : undefined;
    case 'maxLength':
      return lengthOf(value) > rule.value
        ? problem(rule.message ?? 'validation.maxLength', { max: rule.value })
        : undefined;
    case 'pattern':
      return new RegExp(`^(?:${rule.value})$`).test(String(value)) ? undefined : problem(rule.message);
    case 'custom':
      return rule.check(value, record) ? undefined : problem(rule.message);
  }
}

/** The first problem of one field's value, or undefined when it is acceptable. */
export function validateField(
  key: string,
  field: FieldDecl,
  record: Input,
  options: ValidateOptions = {},
): FieldProblem | undefined {
  const value = record[key];
  const rules = field.rules ?? [];
  if (isEmpty(value)) {
    const required = rules.find((rule) => rule.kind === 'required' && (rule.when?.(record) ?? true));
    return required ? { field: key, message: required.message ?? 'validation.required' } : undefined;
  }
  if (typeof value === 'string' && !isStorableText(value))
    return { field: key, message: 'validation.unstorable' };
  const weightDigit = options.weightDigit ?? DEFAULT_WEIGHT_DIGIT;
  if (!TYPE_CHECKS[field.type](value, { weightDigit }, field)) {
    return { field: key, message: `validation.type.${field.type}`, params: { digits: weightDigit } };
  }
  for (const rule of rules) {
    const problem = ruleProblem(key, field, rule, value, record);
    if (problem) return problem;
  }
  const max = DEFAULT_MAX_LENGTH[field.type];
  if (max !== undefined && lengthOf(value) > max)
    return { field: key, message: 'validation.maxLength', params: { max } };
  return undefined;
}

function lineProblems(decl: InputDecl, input: Input, options: ValidateOptions): FieldProblem[] {
  if (!decl.lines) return [];
  const { key, declaration, minLines = 0 } = decl.lines;
  const value = input[key] ?? [];
  const isLine = (line: unknown) => typeof line === 'object' && line !== null && !Array.isArray(line);
  if (!Array.isArray(value) || !value.every(isLine)) return [{ field: key, message: 'validation.lines' }];
  const lines = value as Input[];
  if (lines.length < minLines)
    return [{ field: key, message: 'validation.minLines', params: { min: minLines } }];
  return lines.flatMap((line, index) =>
    validateRecord(declaration, line, options).map((problem) => ({
      ...problem,
      field: `${key}.${index}.${problem.field}`,
    })),
  );
}

/**
 * The problems of a record about to be saved: one per form field at most (the first rule it breaks),
 * then those of its line items (`<lines>.<index>.<field>`). Empty when it may be saved.
 */
export function validateRecord(decl: InputDecl, input: Input, options: ValidateOptions = {}): FieldProblem[] {
  const problems = formFields(decl)
    .filter(({ field }) => !field.readOnly)
    .map(({ key, field }) => validateField(key, field, input, options))
    .filter((problem): problem is FieldProblem => problem !== undefined);
  return [...problems, ...lineProblems(decl, input, options)];
}
