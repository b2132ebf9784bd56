// The documents a template prints and the placeholders each may use: those of the record its print
// pages show (a purchase contract prints a transaction contract's fields).

import {
  registeredResource,
  type SectionNames,
  sectionNames,
  type TemplatePlaceholder,
  templatePlaceholderNames,
} from '../../framework/resource/index.ts';
import { businessRoutes } from '../../shared/routes/catalogue.ts';
import { SYSTEM_DICTIONARIES } from './dictionaries.ts';

const printRoutes = () => businessRoutes().filter((route) => route.print && route.resource);

/** The resources the print pages print (their declarations give the templates' placeholders). */
export const printedResources = (): readonly string[] => [
  ...new Set(printRoutes().map((route) => route.resource!)),
];

const printedDecl = (document: unknown) => {
  const route = printRoutes().find((printing) => printing.print!.document === String(document ?? ''));
  return route && registeredResource(route.resource!);
};

/** The placeholders a template of the document may use; none for a document no page prints yet. */
export function documentPlaceholders(document: unknown): TemplatePlaceholder[] {
  const decl = printedDecl(document);
  return decl ? templatePlaceholderNames(decl) : [];
}

/**
 * What a template's sections may test: the document's fields and lines, and the values of an enum whose
 * dictionary this area seeds (a contract's kind, side, pricing party).
 */
export function documentSections(document: unknown): SectionNames {
  const decl = printedDecl(document);
  if (!decl) return { names: [] };
  return {
    names: sectionNames(decl),
    valuesOf: (name) => {
      const field = decl.fields[name];
      return field?.type === 'enum'
        ? SYSTEM_DICTIONARIES[field.dictionary]?.map((entry) => entry.value)
        : undefined;
    },
  };
}
