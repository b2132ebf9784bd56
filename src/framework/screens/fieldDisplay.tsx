// How a declared value reads on screen and in an export: labels, money, weights, dictionary entries.

import { useTranslation } from 'react-i18next';
import type { DictionaryEntry } from '../../shared/api/contract.ts';
import { formatMoney, formatWeight } from '../../shared/format/index.ts';
import { tenant, tenantTerm } from '../../shared/tenant/index.ts';
import type { FieldType, Label, ShownField } from '../resource/index.ts';
import { useDictionaryWords } from './dictionaryWords.ts';

/** Turns a declaration label (i18n key or tenant term) into text, in the user's language. */
export function useLabel(): (label: Label) => string {
  const { t, i18n } = useTranslation();
  return (label) => (typeof label === 'string' ? t(label) : tenantTerm(label.term, i18n.language));
}

const ID_TYPES: readonly FieldType[] = ['partner', 'warehouse', 'batch', 'user', 'department', 'reference'];

/**
 * The text of a value. Records carry the display name of an id field as `<field>Name` (the server joins
 * it), enum values are looked up in their dictionary.
 */
export function displayText(
  shown: ShownField,
  value: unknown,
  record: Readonly<Record<string, unknown>>,
  words: { yes: string; no: string; dictionary?: readonly DictionaryEntry[] },
): string {
  if (value === null || value === undefined || value === '') return '';
  if (ID_TYPES.includes(shown.type)) {
    const name = record[`${shown.key}Name`] ?? value;
    return Array.isArray(name) ? name.join('、') : String(name);
  }
  switch (shown.type) {
    case 'money':
      return formatMoney(value as string);
    case 'weight':
      return formatWeight(value as string, tenant.weightDigit);
    case 'percent':
      return `${value}%`;
    case 'boolean':
      return value === true || value === 'true' ? words.yes : words.no;
    case 'enum': {
      const values = Array.isArray(value) ? value : [value];
      const labelOf = (v: unknown) =>
        words.dictionary?.find((entry) => entry.value === String(v))?.label ?? v;
      return values.map(labelOf).join('、');
    }
    default:
      return String(value);
  }
}

const dictionaryCodeOf = (shown: ShownField) =>
  shown.field?.type === 'enum' ? shown.field.dictionary : undefined;

/** The field as this record reads it (see FieldDecl.readAs). */
export function shownAs(shown: ShownField, record: Readonly<Record<string, unknown>>): ShownField {
  const actual = shown.field?.readAs?.(record);
  return actual ? { ...shown, type: actual.type, field: actual } : shown;
}

/** One shown value as text, with its dictionary fetched (and cached) when it is an enum. */
export function FieldText({
  shown: declared,
  record,
}: {
  shown: ShownField;
  record: Readonly<Record<string, unknown>>;
}) {
  const { t } = useTranslation();
  const shown = shownAs(declared, record);
  const code = dictionaryCodeOf(shown);
  const { data: dictionary } = useDictionaryWords(code);
  const value = shown.computed ? shown.computed.compute(record as never) : record[shown.key];
  const numeric = ['money', 'weight', 'number', 'integer', 'percent'].includes(shown.type);
  const text = displayText(shown, value, record, {
    yes: t('resource.yes'),
    no: t('resource.no'),
    dictionary,
  });
  return numeric ? <span className="resource-number">{text}</span> : text;
}
