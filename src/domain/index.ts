// The domain rules of the warehouse side: the one import for areas on both sides.

export * from './bales.ts';
export * from './clientOrders.ts';
export * from './contracts.ts';
export * from './credit.ts';
export * from './deliveryRules.ts';
export * from './futures.ts';
export * from './futuresStatements.ts';
export * from './margin.ts';
export * from './money.ts';
export * from './positions.ts';
export * from './pricing.ts';
export * from './problem.ts';
export * from './quality.ts';
export * from './receipts.ts';
export * from './rolls.ts';
export * from './salesBasis.ts';
export * from './weights.ts';
