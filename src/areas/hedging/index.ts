// Hedging: futures accounts and trades, hedge orders from fixings, positions and exposure.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { hedgingPart } from './resources.ts';
import { rollsPart } from './rolls.ts';
import { speculationPart } from './speculation.ts';
import { statementsPart } from './statements.ts';

export {
  futuresAccount,
  futuresAllocation,
  futuresPosition,
  futuresTrade,
  hedgeFill,
  hedgeGenerate,
  hedgeOrder,
} from './resources.ts';
export { futuresRoll, futuresTransfer } from './rolls.ts';

export { bookMark, speculationFill, speculationOrder } from './speculation.ts';
export {
  CLOSE_OUTS_PATH,
  futuresStatement,
  futuresTeamLimit,
  IMPORT_STATEMENT_PATH,
  type StatementImportAnswer,
  type StatementOutcome,
  statementBreak,
  type TradeCloseOut,
  type TradeCloseOutsAnswer,
  teamPosition,
} from './statements.ts';

export const hedgingArea = defineArea(area, hedgingPart, statementsPart, speculationPart, rollsPart);
