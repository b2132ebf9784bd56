// The shape of each generic call's body, checked at the edge (defineCall's JSON schema) before a handler
// reads it: every value is text (JSON scalars are coerced), a list only where a field takes several, ids and
// filter values in the form their columns hold. What a value means is the declaration's validation.
// `fieldType` (ignored by the validator) names the declared type, for tests that probe every call.

import { listFilters } from '../../../src/framework/resource/derive.ts';
import {
  type FieldDecl,
  fieldLabel,
  type InputDecl,
  type ResourceDecl,
} from '../../../src/framework/resource/types.ts';
import type { ServerContext } from '../context.ts';
import { calendarDay } from '../http/validation.ts';

type Schema = Record<string, unknown>;

/** Empty is allowed everywhere: it means "not given". */
const optional = (pattern: string) => `^(?:${pattern})?$`;

const ID = { pattern: optional('\\d{1,18}'), maxLength: 18, description: '应为记录的数字编号' };
const DECIMAL = { pattern: optional('-?\\d{1,18}(?:\\.\\d{1,10})?'), description: '应为数字' };
const { format, description } = calendarDay('');
const DATE = { format, description };

const ID_TYPES = new Set(['partner', 'warehouse', 'user', 'department', 'reference']);
const DECIMAL_TYPES = new Set(['number', 'integer', 'money', 'weight', 'percent']);

/** The form a single value of a field has on the wire. */
function valueShape(field: FieldDecl): Schema {
  return { ...shapeOf(field), fieldType: field.type };
}

function shapeOf(field: FieldDecl): Schema {
  if (ID_TYPES.has(field.type)) return ID;
  if (DECIMAL_TYPES.has(field.type)) return DECIMAL;
  if (field.type === 'date' || field.type === 'datetime') return DATE;
  if (field.type === 'boolean')
    return { pattern: optional('true|false'), description: '应为是（true）或否（false）' };
  return { maxLength: field.type === 'longText' ? 100_000 : 10_000 };
}

const labelText = (ctx: ServerContext, key: string, label: unknown) =>
  typeof label === 'string' ? ctx.t(label, key) : key;

function textSchema(title: string, shape: Schema): Schema {
  return { type: 'string', title, ...shape };
}

function listOf(title: string, shape: Schema, maxItems = 1000): Schema {
  return { type: 'array', title, maxItems, items: textSchema(title, shape) };
}

const objectOf = (properties: Record<string, Schema>): Schema => ({ type: 'object', properties });

const PAGE = { pattern: optional('\\d{1,9}'), description: '应为正整数' };

export function listSchema(ctx: ServerContext, decl: ResourceDecl): Schema {
  const properties: Record<string, Schema> = {
    page_no: textSchema('页码', PAGE),
    size: textSchema('每页条数', PAGE),
    sort: textSchema('排序', { maxLength: 100 }),
  };
  const stateField = decl.workflow?.field;
  for (const filter of listFilters(decl)) {
    const title = labelText(ctx, filter.key, filter.label);
    const shape = valueShape(filter.field);
    if (filter.op === 'range') {
      properties[`${filter.key}.from`] = textSchema(title, shape);
      properties[`${filter.key}.to`] = textSchema(title, shape);
    } else if (filter.op === 'in' || filter.key === stateField) properties[filter.key] = listOf(title, shape);
    else properties[filter.key] = textSchema(title, shape);
  }
  if (stateField && !properties[stateField]) properties[stateField] = listOf('状态', { maxLength: 100 });
  return objectOf(properties);
}

/** The fields a form of the declaration sends: a save's, or a command's input. */
function formProperties(ctx: ServerContext, decl: InputDecl): Record<string, Schema> {
  const properties: Record<string, Schema> = {};
  for (const key of decl.form?.fields ?? []) {
    const field = decl.fields[key]!;
    if (field.readOnly) continue;
    const title = labelText(ctx, key, fieldLabel(decl, key));
    const several = (field.type === 'enum' || field.type === 'reference') && field.multiple;
    properties[key] = several ? listOf(title, valueShape(field)) : textSchema(title, valueShape(field));
  }
  if (decl.lines)
    properties[decl.lines.key] = textSchema(labelText(ctx, decl.lines.key, decl.lines.title), {
      fieldType: 'lines',
    });
  return properties;
}

export function saveSchema(ctx: ServerContext, decl: ResourceDecl): Schema {
  return objectOf({ id: textSchema('记录编号', ID), ...formProperties(ctx, decl) });
}

/**
 * A command's body: its declared input, the one record it applies to (never several: the first of them
 * would be acted on), and whether it is only previewed. Nothing else reaches its service.
 */
export function commandSchema(ctx: ServerContext, decl: ResourceDecl, name: string): Schema {
  const command = decl.commands![name]!;
  return objectOf({
    ...formProperties(ctx, command.input),
    ...((command.target ?? 'record') === 'record' ? { id: textSchema('记录编号', ID) } : {}),
    ...(command.preview
      ? { preview: textSchema('预览', { pattern: optional('true|false'), fieldType: 'boolean' }) }
      : {}),
  });
}

/** detail and history: one record. */
export const oneRecordSchema = objectOf({ id: textSchema('记录编号', ID) });

/** delete and transition: one or several records. */
export const recordsSchema = (extra: Record<string, Schema> = {}) =>
  objectOf({ id: listOf('记录编号', ID), ...extra });

/** The action, its comment, and the values of the fields any of the resource's transitions asks for. */
export function transitionSchema(ctx: ServerContext, decl: ResourceDecl): Schema {
  const asked = new Set(decl.workflow?.transitions.flatMap((t) => t.fields ?? []) ?? []);
  const fields = Object.fromEntries(
    [...asked].map((key) => {
      const field = decl.fields[key]!;
      return [key, textSchema(labelText(ctx, key, fieldLabel(decl, key)), valueShape(field))];
    }),
  );
  return recordsSchema({
    ...fields,
    action: textSchema('操作', { maxLength: 100 }),
    comment: textSchema('意见', { maxLength: 2000 }),
  });
}
