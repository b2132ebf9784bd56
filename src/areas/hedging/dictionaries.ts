// The dictionaries of the hedging declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries } from '../../framework/resource/area.ts';

export const HEDGING_DICTIONARIES = {
  // Accounts, trades, hedge orders, positions and allocations (resources.ts).
  futuresBook: entries([
    ['hedge', { i18n: 'hedging:book.hedge' }],
    ['speculation', { i18n: 'hedging:book.speculation' }],
  ]),
  futuresTradeSide: entries([
    ['buy', { i18n: 'hedging:side.buy' }],
    ['sell', { i18n: 'hedging:side.sell' }],
  ]),
  futuresTradeEffect: entries([
    ['open', { i18n: 'hedging:effect.open' }],
    ['close', { i18n: 'hedging:effect.close' }],
  ]),
  futuresAllocationTarget: entries([
    ['contract', { i18n: 'hedging:allocationTarget.contract' }],
    ['inventory', { i18n: 'hedging:allocationTarget.inventory' }],
  ]),
  hedgeOrderState: entries([
    ['open', { i18n: 'hedging:state.open' }],
    ['filled', { i18n: 'hedging:state.filled' }],
    ['cancelled', { i18n: 'hedging:state.cancelled' }],
  ]),

  // The broker's statements and their breaks (statements.ts).
  statementBreakKind: entries([
    ['matched', { i18n: 'hedging:breakKind.matched' }],
    ['booked', { i18n: 'hedging:breakKind.booked' }],
    ['missingOnStatement', { i18n: 'hedging:breakKind.missingOnStatement' }],
    ['differing', { i18n: 'hedging:breakKind.differing' }],
  ]),
  futuresTradeSource: entries([
    ['manual', { i18n: 'hedging:source.manual' }],
    ['statement', { i18n: 'hedging:source.statement' }],
    ['order', { i18n: 'hedging:source.order' }],
  ]),
  futuresCloseOutMethod: entries([
    ['fifo', { i18n: 'hedging:closeOutMethod.fifo' }],
    ['lifo', { i18n: 'hedging:closeOutMethod.lifo' }],
  ]),

  // Speculation orders (speculation.ts).
  speculationOrderState: entries([
    ['open', { i18n: 'hedging:state.open' }],
    ['filled', { i18n: 'hedging:state.filled' }],
    ['cancelled', { i18n: 'hedging:state.cancelled' }],
  ]),

  // Rolls and transfers of positions (rolls.ts).
  futuresPositionSide: entries([
    ['buy', { i18n: 'hedging:positionSide.buy' }],
    ['sell', { i18n: 'hedging:positionSide.sell' }],
  ]),
  futuresMoveState: entries([
    ['draft', { i18n: 'hedging:moveState.draft' }],
    ['done', { i18n: 'hedging:moveState.done' }],
    ['cancelled', { i18n: 'hedging:moveState.cancelled' }],
  ]),
} satisfies Dictionaries;
