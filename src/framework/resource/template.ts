// Contract and bill templates: text with {{placeholders}} filled from a document's values. A template
// may name only the placeholders of its document (templatePlaceholderNames), so nothing prints as code.

import { shownField } from './derive.ts';
import type { FieldType, Label, ResourceDecl, TenantTerm } from './types.ts';

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The placeholder names a template uses, once each, in order of appearance. */
export const templatePlaceholders = (template: string): string[] => [
  ...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!)),
];

/** The template with each {{name}} replaced; a name without a value is left visible for the reader. */
export function fillTemplate(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    values[name] === undefined ? whole : String(values[name]),
  );
}

/** The tenant's own words a template may use as {{tenant.<term>}}. */
export const TEMPLATE_TERMS: readonly TenantTerm[] = ['name', 'buyer', 'seller'];

/** One placeholder a template of a document may use: its name, what it prints, and its type. */
export interface TemplatePlaceholder {
  name: string;
  label: Label;
  /** `inWords` for an amount in Chinese capitals (大写); `term` for the tenant's own words. */
  type: FieldType | 'inWords' | 'term';
}

/**
 * The placeholders of a document: each field and computed value as displayed (percentages with their
 * sign, dictionary values in words), each amount also in Chinese capitals as `<field>InWords`, and the
 * tenant's own words as `tenant.<term>`.
 */
export function templatePlaceholderNames(decl: ResourceDecl): TemplatePlaceholder[] {
  const fields = [...Object.keys(decl.fields), ...Object.keys(decl.computed ?? {})].map((key) =>
    shownField(decl, key),
  );
  return [
    ...fields.flatMap((field): TemplatePlaceholder[] => [
      { name: field.key, label: field.label, type: field.type },
      ...(field.type === 'money'
        ? [{ name: `${field.key}InWords`, label: field.label, type: 'inWords' as const }]
        : []),
    ]),
    ...TEMPLATE_TERMS.map((term) => ({ name: `tenant.${term}`, label: { term }, type: 'term' as const })),
  ];
}

/**
 * What keeps a template from printing as written: a placeholder the document does not have, a percent
 * sign after a percentage (which prints its own), a brace left open. Empty when it prints cleanly.
 */
export function templateProblems(template: string, names: readonly TemplatePlaceholder[]): string[] {
  const known = new Map(names.map((placeholder) => [placeholder.name, placeholder]));
  const used = templatePlaceholders(template);
  const problems = used.filter((name) => !known.has(name)).map((name) => `{{${name}}}`);
  const doubled = [...template.matchAll(/\{\{\s*([\w.]+)\s*\}\}\s*[%％]/g)]
    .filter((match) => known.get(match[1]!)?.type === 'percent')
    .map((match) => match[0]);
  const open = template.replace(PLACEHOLDER, '');
  const stray = open.includes('{{') || open.includes('}}') ? ['{{ }}'] : [];
  return [...problems, ...doubled, ...stray];
}
