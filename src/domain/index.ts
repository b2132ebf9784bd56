// The business rules of every area (quality and delivery, receipts, money and tax, contracts and pricing,
// hedging, margin and credit): the one import for the areas on both sides.

export * from './bales.ts';
export * from './bankStatements.ts';
export * from './batchCost.ts';
export * from './clientOrders.ts';
export * from './commission.ts';
export * from './contracts.ts';
export * from './costInvoices.ts';
export * from './credit.ts';
export * from './deliveryRules.ts';
export * from './exchange.ts';
export * from './futures.ts';
export * from './futuresStatements.ts';
export * from './hedgeBook.ts';
export * from './journal.ts';
export * from './margin.ts';
export * from './money.ts';
export * from './outgoingPayments.ts';
export * from './packages.ts';
export * from './pledges.ts';
export * from './positions.ts';
export * from './pricing.ts';
export * from './problem.ts';
export * from './profit.ts';
export * from './quality.ts';
export * from './receipts.ts';
export * from './receivedInvoice.ts';
export * from './redInvoice.ts';
export * from './rolls.ts';
export * from './salesBasis.ts';
export * from './settlement.ts';
export * from './taxPlatform.ts';
export * from './weights.ts';
