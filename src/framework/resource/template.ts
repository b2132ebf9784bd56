// Contract and bill templates: text with {{placeholders}} filled from a document's values. A template
// may name only the placeholders of its document (templatePlaceholderNames), so nothing prints as code.
// A section prints only for the documents it fits: `{{#field}}…{{/field}}` when the document holds a value
// of the field (or line items, by the lines' key), `{{^field}}…{{/field}}` when it holds none, and
// `{{#field=a|b}}…{{/field}}` when the field's stored value is one of those (a basis contract's clauses).

import { shownField } from './derive.ts';
import type { FieldType, Label, ResourceDecl, TenantTerm } from './types.ts';

const PLACEHOLDER = /\{\{\s*([\w.]+)\s*\}\}/g;

/** The placeholder names a template uses, once each, in order of appearance. */
export const templatePlaceholders = (template: string): string[] => [
  ...new Set([...template.matchAll(PLACEHOLDER)].map((match) => match[1]!)),
];

/** `{{#name}}`, `{{^name}}` or `{{#name=a|b}}`, its content, and the `{{/name}}` closing it. */
const SECTION = /\{\{([#^])\s*([\w.]+)\s*(?:=\s*([\w|-]+)\s*)?\}\}([\s\S]*?)\{\{\/\s*\2\s*\}\}/g;

/** Whether the document holds a value of `name` (no `values`), or one of `values`. */
export type SectionTest = (name: string, values?: readonly string[]) => boolean;

/** The sections of a template, outer ones first: name, the values asked for, and whether inverted. */
export function templateSections(template: string): { name: string; values?: string[]; inverted: boolean }[] {
  return [...template.matchAll(SECTION)].flatMap((match) => [
    { name: match[2]!, inverted: match[1] === '^', ...(match[3] ? { values: match[3].split('|') } : {}) },
    ...templateSections(match[4]!),
  ]);
}

/** The template with the sections that fit the document kept (their tags dropped) and the others removed. */
export function keepFittingSections(template: string, holds: SectionTest): string {
  return template.replace(
    SECTION,
    (_whole, sign: string, name: string, values: string | undefined, body: string) => {
      const held = holds(name, values ? values.split('|') : undefined);
      return held === (sign === '#') ? keepFittingSections(body, holds) : '';
    },
  );
}

/** Every section's content kept, its tags dropped. */
const withoutSectionTags = (template: string): string =>
  template.replace(SECTION, (...match: string[]) => withoutSectionTags(match[4]!));

/**
 * The template with its fitting sections kept and each {{name}} replaced; a name without a value is left
 * visible for the reader. Without a test, a section fits when its name has a value.
 */
export function fillTemplate(
  template: string,
  values: Readonly<Record<string, string | number>>,
  holds: SectionTest = (name) => Boolean(values[name]),
): string {
  return keepFittingSections(template, holds).replace(PLACEHOLDER, (whole, name: string) =>
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

/** What a template's sections may test: the names they may name, and the values an enum field may take. */
export interface SectionNames {
  names: readonly string[];
  /** The stored values of an enum field (its dictionary's), undefined for any other name. */
  valuesOf?: (name: string) => readonly string[] | undefined;
}

/** The names a section of the document's templates may test: its fields, computed values and line items. */
export const sectionNames = (decl: ResourceDecl): string[] => [
  ...Object.keys(decl.fields),
  ...Object.keys(decl.computed ?? {}),
  ...(decl.lines ? [decl.lines.key] : []),
];

/** A section's problem: a name the document does not have, or a value its field never takes. */
function sectionProblems(template: string, sections: SectionNames): string[] {
  return templateSections(template).flatMap(({ name, values, inverted }) => {
    const tag = `{{${inverted ? '^' : '#'}${name}${values ? `=${values.join('|')}` : ''}}}`;
    if (!sections.names.includes(name)) return [tag];
    const allowed = values && sections.valuesOf?.(name);
    return allowed && values.some((value) => !allowed.includes(value)) ? [tag] : [];
  });
}

/**
 * What keeps a template from printing as written: a placeholder the document does not have, a percent
 * sign after a percentage (which prints its own), a brace left open or a section left unclosed, a section
 * on a name or value the document does not have. Empty when it prints cleanly.
 */
export function templateProblems(
  template: string,
  names: readonly TemplatePlaceholder[],
  sections: SectionNames = { names: names.map((placeholder) => placeholder.name) },
): string[] {
  const known = new Map(names.map((placeholder) => [placeholder.name, placeholder]));
  const used = templatePlaceholders(template);
  const problems = used.filter((name) => !known.has(name)).map((name) => `{{${name}}}`);
  const doubled = [...template.matchAll(/\{\{\s*([\w.]+)\s*\}\}\s*[%％]/g)]
    .filter((match) => known.get(match[1]!)?.type === 'percent')
    .map((match) => match[0]);
  const open = withoutSectionTags(template).replace(PLACEHOLDER, '');
  const stray = open.includes('{{') || open.includes('}}') ? ['{{ }}'] : [];
  return [...problems, ...doubled, ...sectionProblems(template, sections), ...stray];
}
