import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';

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

interface LabelledSchema {
  title?: string;
  description?: string;
  type?: string;
  properties?: Record<string, LabelledSchema>;
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
