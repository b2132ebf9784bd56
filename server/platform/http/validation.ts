import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import { isStorableText } from '../../../src/framework/resource/validate.ts';
import { badRequest } from './envelope.ts';

/**
 * One validator for every call. Form bodies arrive as strings, so types are coerced; a lone value of a
 * repeated field becomes an array. Unknown fields are dropped, never stored.
 */
export const ajv = new Ajv({
  coerceTypes: 'array',
  useDefaults: true,
  removeAdditional: true,
  allErrors: false,
  verbose: true,
  strict: false,
});
// ajv-formats is CommonJS: its default export is the plugin or an object holding it, by loader.
const formatsPlugin = (addFormats as unknown as { default?: typeof addFormats }).default ?? addFormats;
formatsPlugin(ajv);
/** A day of the calendar, years 1000–9999, with or without a time; empty means "not given". */
ajv.addFormat('calendar-date', (text: string) => {
  if (text === '') return true;
  const match = /^([1-9]\d{3}-\d{2}-\d{2})(?: \d{2}:\d{2}:\d{2})?$/.exec(text);
  if (!match) return false;
  const day = new Date(`${match[1]}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === match[1];
});

/** A day of the calendar as a call's property: 2026-13-45 is refused at the edge, never handed to SQL. */
export const calendarDay = (title: string) => ({
  type: 'string',
  title,
  format: 'calendar-date',
  description: '应为 YYYY-MM-DD 格式的有效日期',
});

interface LabelledSchema {
  title?: string;
  description?: string;
  type?: string;
  properties?: Record<string, LabelledSchema>;
  items?: LabelledSchema;
}

const TYPE_NAMES: Record<string, string> = {
  integer: '整数',
  number: '数字',
  string: '文本',
  array: '列表',
  boolean: '是或否',
  object: '对象',
};

function fieldLabel(error: ErrorObject): string {
  const parent = error.parentSchema as LabelledSchema | undefined;
  if (error.keyword === 'required') {
    const name = String(error.params.missingProperty);
    return parent?.properties?.[name]?.title ?? name;
  }
  return parent?.title ?? (error.instancePath.replace(/^\//, '') || '请求内容');
}

/** A sentence a person can act on, in the words of the spec (zh-chs). */
export function describeValidationError(error: ErrorObject): string {
  const label = fieldLabel(error);
  const p = error.params as Record<string, unknown>;
  const hint = (error.parentSchema as LabelledSchema | undefined)?.description;
  switch (error.keyword) {
    case 'required':
      return `请填写${label}`;
    case 'type':
      return `${label}格式不正确，应为${TYPE_NAMES[String(p.type)] ?? p.type}`;
    case 'minLength':
      return p.limit === 1 ? `请填写${label}` : `${label}至少需要${p.limit}个字符`;
    case 'maxLength':
      return `${label}不能超过${p.limit}个字符`;
    case 'minimum':
      return `${label}不能小于${p.limit}`;
    case 'maximum':
      return `${label}不能大于${p.limit}`;
    case 'enum':
      return `${label}只能是：${(p.allowedValues as unknown[]).join('、')}`;
    case 'pattern':
    case 'format':
      return hint ? `${label}格式不正确：${hint}` : `${label}格式不正确`;
    default:
      return `${label}不正确`;
  }
}

const MAX_DEPTH = 8;

/** No call stores a NUL byte or half a surrogate pair (PostgreSQL refuses both): refused before any handler. */
export function assertStorable(value: unknown, at = '', depth = 0): void {
  if (typeof value === 'string') {
    if (!isStorableText(value))
      throw badRequest(`${at || '请求内容'}含有无法保存的字符（空字符或残缺的 Unicode 字符），请删除后重试`);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  if (depth > MAX_DEPTH) throw badRequest('请求内容嵌套过深');
  for (const [key, item] of Object.entries(value)) {
    if (!isStorableText(key)) throw badRequest('请求字段名含有无法保存的字符');
    assertStorable(item, Array.isArray(value) ? at : key, depth + 1);
  }
}

/**
 * Text where a call declares text. The validator coerces types because form bodies carry only text, so a
 * JSON number, flag, null or object sent for a text field would otherwise arrive as "12.5", "true", "" or
 * fail deep inside a handler: each is refused here, naming the field, before anything reads it.
 */
export function assertTextWhereDeclared(schema: LabelledSchema | undefined, body: unknown): void {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return;
  for (const [key, value] of Object.entries(body)) {
    const property = schema?.properties?.[key];
    const text = property?.type === 'array' ? property.items : property;
    if (text?.type !== 'string') continue;
    const items = property?.type === 'array' && Array.isArray(value) ? value : [value];
    if (items.some((item) => typeof item !== 'string'))
      throw badRequest(`${property?.title ?? key}格式不正确，应为文本`);
  }
}
