// Settlement: what was delivered under a contract, at what weight, quality and price, and what money remains
// after payments and charges (domain-money.md §1, SM-1).
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { settlementPart } from './resources.ts';

export { invoiceWeightLine, invoiceWeightRecord } from './invoiceWeightRecords.ts';
export { invoiceApplication, invoiceApplicationLine } from './invoicing.ts';
export { receivedInvoice, receivedInvoiceLine } from './receivedInvoices.ts';
export { redForm, redFormLine } from './redInvoices.ts';
export { settlement, settlementLine } from './resources.ts';

export const settlementArea = defineArea(area, settlementPart);
