// Client margin on the server: the margin accounts' ledger, applications approved by another person, the
// balances per client and per contract, and the calls reassessed whenever a settlement price, a fixing, an
// allotment or an approved application changes a client's requirement or balance.
import path from 'node:path';
import { marginArea } from '../../../src/areas/margin/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { FIXING_MADE, type FixingMade } from '../contracts/index.ts';
import { PAYMENT_CHANGED, type PaymentChanged } from '../payments/index.ts';
import { SETTLEMENT_PRICE_SAVED, type SettlementSaved } from '../pricing/index.ts';
import { marginDemo } from './demo.ts';
import { applicationStorage, balanceStorage, callStorage, movementStorage } from './ledger.ts';
import { clientsOfMonth, reassessClients, reassessmentWords } from './requirement.ts';
import { riskClientStorage, riskRecordStorage, riskStatementStorage } from './riskReports.ts';

export { MARGIN_MESSAGE_TYPE, type Reassessment, reassessClients } from './requirement.ts';

const VIEW = ['view', 'export'];
const on = (scope: string, permissions: string[]): RoleGrant => ({ scope, permissions });
const RISK_REPORTS = [
  'RiskStatementContract',
  'RiskSaleControlReport',
  'RiskControlMargin',
  'SaleRiskRecord',
];

/** A settlement price saved: every client with a contract of its month, and every open call, is reassessed. */
const onSettlement = async (hook: HookContext, saved: SettlementSaved) => {
  const done = await reassessClients(hook, await clientsOfMonth(hook.db, saved.futuresMonth), saved);
  return reassessmentWords(done);
};

/** A fixing changes its client's open and fixed tonnes. */
const onFixing = async (hook: HookContext, made: FixingMade) => {
  const [contract] = await hook.db.query<{ partnerId: string }>(
    `select partner_id::text as "partnerId" from transaction_contracts where id = $1 and side = 'sale'`,
    [made.contractId],
  );
  return contract ? reassessmentWords(await reassessClients(hook, [contract.partnerId])) : undefined;
};

/** A payment received or reversed changes what its client has paid for. */
const onPayment = async (hook: HookContext, changed: PaymentChanged) =>
  reassessmentWords(await reassessClients(hook, [changed.partnerId]));

export const margin = defineServerArea({
  key: 'margin',
  declarations: marginArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  demo: marginDemo,
  reactions: {
    [SETTLEMENT_PRICE_SAVED]: onSettlement,
    [FIXING_MADE]: onFixing,
    [PAYMENT_CHANGED]: onPayment,
  },
  parts: [
    {
      migration: '034_client_margin.sql',
      storage: {
        clientMarginMovement: movementStorage,
        clientMarginBalance: balanceStorage,
        clientMarginApplication: applicationStorage,
        marginCall: callStorage,
      },
      referenceNames: {
        clientMarginApplication: { table: 'client_margin_applications', column: 'application_no' },
      },
      // Finance keeps the accounts and approves applications (it holds the capital menu already); the sales
      // desk reads its own clients' accounts and applies for withdrawals and moves; risk reads the accounts
      // and works the calls; the trading desk reads the calls of the clients it prices.
      grants: {
        finance: [
          on('ClientMargin', [...VIEW, 'create']),
          on('ClientMarginAllot', [...VIEW, 'create']),
          on('ClientMarginBalance', VIEW),
          on('MarginSummary', VIEW),
          on('ClientMarginRelease', [...VIEW, 'create']),
          on('ClientMarginApplyCheck', [...VIEW, 'approve']),
          on('marginCall', VIEW),
        ],
        sales: [
          on('ClientMargin', VIEW),
          on('ClientMarginBalance', VIEW),
          on('ClientMarginRelease', [...VIEW, 'create']),
          on('marginCall', VIEW),
        ],
        risk: [
          on('ClientMargin', VIEW),
          on('ClientMarginBalance', VIEW),
          on('MarginSummary', VIEW),
          on('ClientMarginRelease', VIEW),
          on('marginCall', VIEW),
        ],
        trader: [on('marginCall', VIEW), on('ClientMarginBalance', VIEW)],
      },
    },
    {
      migration: '035_risk_notice.sql',
      storage: {},
      // Whoever reads the calls prints their notice (the page needs only view on marginCall).
      grants: {},
    },
    {
      migration: '041_risk_reports.sql',
      storage: {
        riskStatementContract: riskStatementStorage,
        riskSaleControlRow: riskClientStorage,
        riskControlMarginRow: riskClientStorage,
        saleRiskRecord: riskRecordStorage,
      },
      // Risk and the trading desk read every risk report; the sales desk its own clients' (the storage's
      // client scope); finance reads them as it reads the margin accounts.
      grants: {
        risk: RISK_REPORTS.map((screen) => on(screen, VIEW)),
        trader: RISK_REPORTS.map((screen) => on(screen, VIEW)),
        sales: RISK_REPORTS.map((screen) => on(screen, VIEW)),
        finance: RISK_REPORTS.map((screen) => on(screen, VIEW)),
      },
    },
  ],
});
