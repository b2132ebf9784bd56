// Hedging on the server: futures accounts and trades (book limits, FIFO close-out), hedge orders from the
// contracts' fixings, and the positions and exposure of the desk.
import path from 'node:path';
import { hedgingArea } from '../../../src/areas/hedging/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import { FIXING_MADE } from '../contracts/index.ts';
import { futuresAllocationStorage } from './allocations.ts';
import { hedgingDemo } from './demo.ts';
import { hedgeOrderStorage, hedgeTheFixing } from './hedgeOrders.ts';
import { futuresPositionStorage, positionCalls } from './positions.ts';
import { futuresRollStorage, futuresTransferStorage } from './rolls.ts';
import { bookMarkStorage, speculationOrderStorage } from './speculation.ts';
import {
  futuresStatementStorage,
  futuresTeamLimitStorage,
  statementCalls,
  teamPositionStorage,
} from './statements.ts';
import { futuresAccountStorage, futuresTradeStorage } from './trades.ts';

export { positionsOn } from './positions.ts';

const VIEW = ['view', 'export'];
const FULL = [...VIEW, 'create', 'edit', 'delete'];
const on = (scope: string, permissions: string[]): RoleGrant => ({ scope, permissions });

export const hedging = defineServerArea({
  key: 'hedging',
  declarations: hedgingArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  calls: (app, ctx) => {
    positionCalls(app, ctx);
    statementCalls(app, ctx);
  },
  demo: hedgingDemo,
  reactions: { [FIXING_MADE]: hedgeTheFixing },
  parts: [
    {
      migration: '023_futures_trades.sql',
      storage: { futuresAccount: futuresAccountStorage, futuresTrade: futuresTradeStorage },
      // A trade, a statement or a roll names its account by the account's number, not its id.
      referenceNames: { futuresAccount: { table: 'futures_accounts', column: 'account_no' } },
      // The trading desk keeps the accounts and books the trades; risk reads them.
      grants: {
        trader: [on('FuturesAccount', FULL), on('OrderTrade', FULL), on('TradeDetail', VIEW)],
        risk: [on('FuturesAccount', VIEW), on('OrderTrade', VIEW), on('TradeDetail', VIEW)],
      },
    },
    {
      migration: '024_hedge_orders.sql',
      storage: { hedgeOrder: hedgeOrderStorage },
      // The trading desk creates the orders from the fixings and fills them; risk watches them.
      grants: {
        trader: [
          on('pendingList', [...VIEW, 'generate', 'fill', 'cancel']),
          on('hedge', [...VIEW, 'generate', 'fill', 'cancel']),
        ],
        risk: [on('pendingList', VIEW), on('hedge', VIEW)],
      },
    },
    {
      migration: '025_hedging_grants.sql',
      storage: { futuresPosition: futuresPositionStorage },
      // Positions and exposure: the desk and risk read them.
      grants: { trader: [on('TradeTotal', VIEW)], risk: [on('TradeTotal', VIEW)] },
    },
    {
      migration: '027_statements_speculation.sql',
      storage: {
        futuresStatement: futuresStatementStorage,
        futuresTeamLimit: futuresTeamLimitStorage,
        teamPosition: teamPositionStorage,
        speculationOrder: speculationOrderStorage,
        bookMark: bookMarkStorage,
      },
      // The desk imports the statements, keeps the team limits, works the speculation book and reads the
      // teams' books; risk reads all of it.
      grants: {
        trader: [
          on('FuturesStatement', [...VIEW, 'import']),
          on('FuturesTeamLimit', FULL),
          on('teamHedge', VIEW),
          on('speculationTransaction', FULL),
          on('speculationEntrust', [...FULL, 'fill', 'cancel']),
          on('speculationDeal', VIEW),
          on('yaSpeculation', VIEW),
        ],
        risk: [
          on('FuturesStatement', VIEW),
          on('FuturesTeamLimit', VIEW),
          on('teamHedge', VIEW),
          on('speculationTransaction', VIEW),
          on('speculationEntrust', VIEW),
          on('speculationDeal', VIEW),
          on('yaSpeculation', VIEW),
        ],
      },
    },
    {
      migration: '028_position_rolls.sql',
      storage: { futuresRoll: futuresRollStorage, futuresTransfer: futuresTransferStorage },
      // Rolls and transfers: the desk enters and executes them; risk reads them.
      grants: {
        trader: [on('moveWarehouse', [...FULL, 'roll']), on('movePan', [...FULL, 'transfer'])],
        risk: [on('moveWarehouse', VIEW), on('movePan', VIEW)],
      },
    },
    {
      migration: '033_open_lots_allocations.sql',
      storage: { futuresAllocation: futuresAllocationStorage },
      // Manual allocation of trades: the desk makes and undoes it; risk reads it.
      grants: {
        trader: [on('TradeAllocation', [...VIEW, 'create', 'delete'])],
        risk: [on('TradeAllocation', VIEW)],
      },
    },
  ],
});
