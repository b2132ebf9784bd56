// The documents a template prints and the placeholders each may use: those of the record its print
// pages show (a purchase contract prints a transaction contract's fields).

import {
  type ResourceDecl,
  type TemplatePlaceholder,
  templatePlaceholderNames,
} from '../../framework/resource/index.ts';
import { BUSINESS_ROUTES } from '../../shared/routes/businessRoutes.ts';
import { contractAmendment, contractFixing, transactionContract } from '../contracts/resources.ts';
import { marginCall } from '../margin/resources.ts';
import { warehouseReceipt } from '../receipts/resources.ts';

const PRINTED: readonly ResourceDecl[] = [
  transactionContract,
  contractFixing,
  contractAmendment,
  warehouseReceipt,
  marginCall,
];

const placeholdersByDocument = new Map<string, TemplatePlaceholder[]>();
for (const route of BUSINESS_ROUTES) {
  const decl = PRINTED.find((printed) => printed.key === route.resource);
  if (route.print && decl) placeholdersByDocument.set(route.print.document, templatePlaceholderNames(decl));
}

/** The placeholders a template of the document may use; none for a document no page prints yet. */
export const documentPlaceholders = (document: unknown): TemplatePlaceholder[] =>
  placeholdersByDocument.get(String(document ?? '')) ?? [];
