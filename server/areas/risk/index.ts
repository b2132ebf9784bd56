// Risk on the server: interval warnings (price bands, the warnings an entered or imported price raises, their
// acknowledgement) and the margin the company posts to suppliers on purchase contracts (ledger, balances,
// interest accruals).
import path from 'node:path';
import { riskArea } from '../../../src/areas/risk/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import { FUTURES_PRICE_SAVED } from '../pricing/index.ts';
import { priceBandStorage, priceWarningStorage, warnOnCrossing } from './bands.ts';
import { riskDemo } from './demo.ts';
import {
  purchaseContractMarginStorage,
  purchaseMarginApplicationStorage,
  purchaseMarginBalanceStorage,
  purchaseMarginInterestPieceStorage,
  purchaseMarginInterestStorage,
  purchaseMarginMovementStorage,
} from './purchaseMargin.ts';
import { riskControlStorage } from './riskControl.ts';

const VIEW = ['view', 'export'];
const on = (scope: string, permissions: string[]): RoleGrant => ({ scope, permissions });

const MARGIN_VIEWS = [
  'PurchaseContractMargin',
  'PurchaseContractMarginAllot',
  'PurchaseContractMarginReturn',
  'PurchaseContractMarginDetail',
  'PurchaseMarginDetail',
  'PurchaseMarginBalance',
  'PurchaseMarginBalanceApply',
  'PurchaseMarginInterest',
  'PurchaseMarginInterestDetail',
];
/** Every margin screen read-only, but those named given the rights named. */
const marginGrants = (rights: Readonly<Record<string, string[]>>) =>
  MARGIN_VIEWS.map((screen) => on(screen, [...VIEW, ...(rights[screen] ?? [])]));

export const risk = defineServerArea({
  key: 'risk',
  declarations: riskArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  demo: riskDemo,
  reactions: { [FUTURES_PRICE_SAVED]: warnOnCrossing },
  parts: [
    {
      migration: '037_interval_warnings.sql',
      storage: {
        priceBand: priceBandStorage,
        priceWarning: priceWarningStorage,
        riskControlRow: riskControlStorage,
      },
      referenceNames: { priceBand: { table: 'price_bands', column: 'futures_month' } },
      // Risk keeps the bands; the desk reads them. Both acknowledge the warnings of the bands naming them, and
      // both read the teams' exposure report.
      grants: {
        risk: [
          on('IntervalWarn', [...VIEW, 'create', 'edit', 'delete']),
          on('IntervalWarning', [...VIEW, 'confirm']),
          on('RiskControlReport', VIEW),
        ],
        trader: [
          on('IntervalWarn', VIEW),
          on('IntervalWarning', [...VIEW, 'confirm']),
          on('RiskControlReport', VIEW),
        ],
      },
    },
    {
      migration: '038_purchase_margin.sql',
      storage: {
        purchaseMarginMovement: purchaseMarginMovementStorage,
        purchaseContractMargin: purchaseContractMarginStorage,
        purchaseMarginBalance: purchaseMarginBalanceStorage,
        purchaseMarginInterest: purchaseMarginInterestStorage,
        purchaseMarginInterestPiece: purchaseMarginInterestPieceStorage,
        purchaseMarginApplication: purchaseMarginApplicationStorage,
      },
      referenceNames: {
        purchaseMarginMovement: { table: 'purchase_margin_movements', column: 'movement_no' },
      },
      // Finance pays the margin, takes it back, approves the desk's applications and accrues the interest; the
      // desk applies for payments and returns and allots the margin to its purchase contracts; risk reads.
      grants: {
        finance: marginGrants({
          PurchaseContractMargin: ['create'],
          PurchaseContractMarginReturn: ['create'],
          PurchaseMarginInterest: ['create', 'delete'],
          PurchaseMarginBalanceApply: ['approve'],
        }),
        trader: marginGrants({
          PurchaseContractMarginAllot: ['create'],
          PurchaseMarginBalanceApply: ['create', 'edit', 'delete', 'submit'],
        }),
        risk: marginGrants({}),
      },
    },
  ],
});
