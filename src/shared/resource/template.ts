// Contract and bill templates: text with {{placeholders}} filled from a document's values.

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
