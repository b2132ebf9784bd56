// One validation for the form (on blur and submit) and the server (before any write).

import Decimal from 'decimal.js';
import { formFields } from './derive.ts';
import type { FieldDecl, FieldProblem, FieldType, ResourceDecl, ValidationRule } from './types.ts';

export interface ValidateOptions {
  /** Decimals allowed for weights in tonnes: the tenant's weightDigit (default 4). */
  weightDigit?: number;
}

const DEFAULT_WEIGHT_DIGIT = 4;
const PERCENT_DIGITS = 4;

type Input = Readonly<Record<string, unknown>>;

export const isEmpty = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

const decimalPattern = (digits: number) =>
  digits === 0 ? /^-?\d+$/ : new RegExp(`^-?\\d+(\\.\\d{1,${digits}})?$`);
const isDecimalText = (value: unknown, digits: number) =>
  (typeof value === 'string' || typeof value === 'number') && decimalPattern(digits).test(String(value));

function isCalendarDate(text: string): boolean {
  const date = new Date(`${text.slice(0, 10)}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === text.slice(0, 10);
}

const TYPE_CHECKS: Record<FieldType, (value: unknown, options: Required<ValidateOptions>) => boolean> = {
  text: (v) => typeof v === 'string',
  longText: (v) => typeof v === 'string',
  number: (v) => isDecimalText(v, 10),
  integer: (v) => isDecimalText(v, 0) || (typeof v === 'number' && Number.isInteger(v)),
  money: (v) => isDecimalText(v, 2),
  weight: (v, o) => isDecimalText(v, o.weightDigit),
  percent: (v) => isDecimalText(v, PERCENT_DIGITS),
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDate(v),
  datetime: (v) =>
    typeof v === 'string' && /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(v) && isCalendarDate(v),
  boolean: (v) => typeof v === 'boolean' || v === 'true' || v === 'false',
  enum: (v) => typeof v === 'string' || (Array.isArray(v) && v.every((item) => typeof item === 'string')),
  partner: (v) => typeof v === 'string' || typeof v === 'number',
  warehouse: (v) => typeof v === 'string' || typeof v === 'number',
  batch: (v) => typeof v === 'string' || typeof v === 'number',
  user: (v) => typeof v === 'string' || typeof v === 'number',
  department: (v) => typeof v === 'string' || typeof v === 'number',
  reference: (v) =>
    typeof v === 'string' ||
    typeof v === 'number' ||
    (Array.isArray(v) && v.every((item) => typeof item === 'string')),
};

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
  const weightDigit = options.weightDigit ?? DEFAULT_WEIGHT_DIGIT;
  if (!TYPE_CHECKS[field.type](value, { weightDigit })) {
    return { field: key, message: `validation.type.${field.type}`, params: { digits: weightDigit } };
  }
  for (const rule of rules) {
    const problem = ruleProblem(key, field, rule, value, record);
    if (problem) return problem;
  }
  return undefined;
}

function lineProblems(decl: ResourceDecl, input: Input, options: ValidateOptions): FieldProblem[] {
  if (!decl.lines) return [];
  const { key, declaration, minLines = 0 } = decl.lines;
  const lines = Array.isArray(input[key]) ? (input[key] as Input[]) : [];
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
export function validateRecord(
  decl: ResourceDecl,
  input: Input,
  options: ValidateOptions = {},
): FieldProblem[] {
  const problems = formFields(decl)
    .filter(({ field }) => !field.readOnly)
    .map(({ key, field }) => validateField(key, field, input, options))
    .filter((problem): problem is FieldProblem => problem !== undefined);
  return [...problems, ...lineProblems(decl, input, options)];
}
