// Declaration → what the screens show: list columns, filters, form fields, detail sections.

import type {
  ColumnDecl,
  ComputedDecl,
  FieldDecl,
  FieldType,
  FilterDecl,
  FilterOp,
  InputDecl,
  Label,
  ResourceDecl,
} from './types.ts';
import { fieldLabel } from './types.ts';

/** A shown value: a declared field or a computed one. */
export interface ShownField {
  key: string;
  label: Label;
  type: FieldType;
  /** The declared field (absent for a computed value). */
  field?: FieldDecl;
  computed?: ComputedDecl<never>;
}

export interface ListColumn extends ShownField {
  sortable: boolean;
  hiddenByDefault: boolean;
  width?: number;
}

export interface ListFilter {
  key: string;
  label: Label;
  op: FilterOp;
  field: FieldDecl;
}

export interface FormField {
  key: string;
  label: Label;
  field: FieldDecl;
  required: boolean;
}

export interface DetailSection {
  title: Label;
  items: ShownField[];
}

const NUMERIC_TYPES: readonly FieldType[] = ['number', 'integer', 'money', 'weight', 'percent'];

export const isNumericType = (type: FieldType) => NUMERIC_TYPES.includes(type);

/** The declared field or computed value called `key`; throws on a name the declaration lacks. */
export function shownField(decl: InputDecl, key: string): ShownField {
  const field = decl.fields[key];
  if (field) return { key, label: fieldLabel(decl, key), type: field.type, field };
  const computed = decl.computed?.[key];
  if (computed) return { key, label: fieldLabel(decl, key), type: computed.type, computed };
  throw new Error(`Resource ${decl.key} has no field or computed value "${key}"`);
}

function columnOf(decl: ResourceDecl, entry: ColumnDecl | string): ListColumn {
  const column = typeof entry === 'string' ? { field: entry } : entry;
  const shown = shownField(decl, column.field);
  return {
    ...shown,
    // The server sorts stored fields only; a computed value is not sortable.
    sortable: shown.computed ? false : (column.sortable ?? shown.type !== 'longText'),
    hiddenByDefault: column.hiddenByDefault ?? false,
    width: column.width,
  };
}

export const listColumns = (decl: ResourceDecl): ListColumn[] =>
  decl.list.columns.map((entry) => columnOf(decl, entry));

/** like for free text, range for dates and amounts, in for multi-valued enums, eq otherwise. */
export function defaultFilterOp(field: FieldDecl): FilterOp {
  if (field.type === 'text' || field.type === 'longText') return 'like';
  if (field.type === 'date' || field.type === 'datetime' || isNumericType(field.type)) return 'range';
  if (field.type === 'enum' && field.multiple) return 'in';
  return 'eq';
}

function filterOf(decl: ResourceDecl, entry: FilterDecl | string): ListFilter {
  const filter = typeof entry === 'string' ? { field: entry } : entry;
  const field = decl.fields[filter.field];
  if (!field) throw new Error(`Resource ${decl.key} filters on unknown field "${filter.field}"`);
  return {
    key: filter.field,
    label: fieldLabel(decl, filter.field),
    op: filter.op ?? defaultFilterOp(field),
    field,
  };
}

export const listFilters = (decl: ResourceDecl): ListFilter[] =>
  decl.list.filters.map((entry) => filterOf(decl, entry));

/** Always required (a conditional requirement is checked, but not marked, in the form). */
export const isRequired = (field: FieldDecl) =>
  (field.rules ?? []).some((rule) => rule.kind === 'required' && !rule.when);

export function formFields(decl: InputDecl): FormField[] {
  return (decl.form?.fields ?? []).map((key) => {
    const field = decl.fields[key];
    if (!field) throw new Error(`Resource ${decl.key} has a form field "${key}" it does not declare`);
    return { key, label: fieldLabel(decl, key), field, required: isRequired(field) };
  });
}

/** The declared sections, or one section of every field and computed value. */
export function detailSections(decl: InputDecl): DetailSection[] {
  const sections = decl.detail?.sections ?? [
    { title: decl.title, fields: [...Object.keys(decl.fields), ...Object.keys(decl.computed ?? {})] },
  ];
  return sections.map((section) => ({
    title: section.title,
    items: section.fields.map((key) => shownField(decl, key)),
  }));
}

/** The value shown for `key`: the stored one, or the computed one from the whole record. */
export function shownValue(decl: InputDecl, record: Readonly<Record<string, unknown>>, key: string): unknown {
  const computed = decl.computed?.[key];
  return computed ? computed.compute(record as never) : record[key];
}
