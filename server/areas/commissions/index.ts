// Commissions on the server: the commission run of a month (runs.ts: its lines by src/domain/commission.ts,
// four eyes, confirmed by someone with no line in it, then frozen), its lines read by the line views and
// reports each person only their own unless they hold the run screen (lines.ts), and the desks' targets
// against the actuals of their confirmed settlements (targets.ts).
import path from 'node:path';
import { commissionsArea } from '../../../src/areas/commissions/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import { commissionsDemo } from './demo.ts';
import { commissionLineStorage, ownLinesOnly } from './lines.ts';
import { commissionRunStorage } from './runs.ts';
import { targetStorage } from './targets.ts';

const on = (screens: string[], permissions: string[]): RoleGrant[] =>
  screens.map((scope) => ({ scope, permissions }));
const READ = ['view', 'export'];

export const commissions = defineServerArea({
  key: 'commissions',
  declarations: commissionsArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  calls: ownLinesOnly,
  demo: commissionsDemo,
  parts: [
    {
      migration: '250_commissions.sql',
      storage: {
        commissionRun: commissionRunStorage,
        commissionLine: commissionLineStorage,
        commissionTarget: targetStorage,
      },
      referenceNames: { commissionRun: { table: 'commission_runs', column: 'run_no' } },
      // Finance runs commissions (it holds the FinSett group: compute, submit, approve) and confirms and
      // pays them; the desks read their own lines; management (the administrator) sets the targets, the
      // desks read theirs.
      grants: {
        finance: on(['RoyaltyAccounting'], ['submit', 'delete', 'confirm', 'settle']),
        sales: [
          ...on(['SaleRoyaltyAccounting', 'SelfSaleDeductReport', 'SelfB2BDeductReport'], READ),
          ...on(['CommissionSumReport'], READ),
          ...on(['SaleTarget'], READ),
        ],
        trader: [
          ...on(['PurRoyaltyAccounting', 'SelfPurchaseDeductReport', 'CommissionSumReport'], READ),
          ...on(['PurTarget'], READ),
        ],
      },
    },
    { migration: '251_commission_lookups.sql', storage: {}, grants: {} },
    { migration: '252_commission_settings.sql', storage: {}, grants: {} },
  ],
});
