// The documents a template prints and the placeholders each may use: those of the record its print
// pages show (a purchase contract prints a transaction contract's fields).

import {
  registeredResource,
  type TemplatePlaceholder,
  templatePlaceholderNames,
} from '../../framework/resource/index.ts';
import { BUSINESS_ROUTES } from '../../shared/routes/businessRoutes.ts';

const printRoutes = BUSINESS_ROUTES.filter((route) => route.print && route.resource);

/** The resources the print pages print (their declarations give the templates' placeholders). */
export const PRINTED_RESOURCES: readonly string[] = [...new Set(printRoutes.map((route) => route.resource!))];

/** The placeholders a template of the document may use; none for a document no page prints yet. */
export function documentPlaceholders(document: unknown): TemplatePlaceholder[] {
  const route = printRoutes.find((printing) => printing.print!.document === String(document ?? ''));
  const decl = route && registeredResource(route.resource!);
  return decl ? templatePlaceholderNames(decl) : [];
}
