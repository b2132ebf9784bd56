// Pledges on the server (domain-money.md §3): batches pledged to a bank for a loan posted in the journal,
// revalued daily with calls told to finance and risk, redeemed in part against a matched bank payment and
// only then released, and the loan's interest computed, confirmed by another person and billed.
import path from 'node:path';
import { pledgesArea } from '../../../src/areas/pledges/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import type { ResourceStorage } from '../../platform/resources/storage.ts';
import { pledgesDemo } from './demo.ts';
import { interestStorage } from './interest.ts';
import { pledgeStorage } from './pledges.ts';
import { redemptionStorage } from './redemptions.ts';
import { meetCall, revalue } from './revaluation.ts';

export { revalueAll } from './revaluation.ts';

const on = (scope: string, permissions: string[]): RoleGrant => ({ scope, permissions });
const READ = ['view', 'export'];

const valuationStorage: ResourceStorage = {
  table: 'pledge_valuations',
  commands: { revalue },
};

export const pledges = defineServerArea({
  key: 'pledges',
  declarations: pledgesArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  demo: pledgesDemo,
  parts: [
    {
      migration: '220_pledges.sql',
      storage: {
        pledge: { ...pledgeStorage, commands: { meetCall } },
        pledgeRedemption: redemptionStorage,
        pledgeRelease: { table: 'pledge_releases' },
        pledgeValuation: valuationStorage,
        pledgeInterest: interestStorage,
        pledgeUnredeemed: { table: 'pledge_unredeemed' },
      },
      referenceNames: {
        pledge: { table: 'pledges', column: 'pledge_no' },
        pledgeRedemption: { table: 'pledge_redemptions', column: 'redemption_no' },
      },
      // Finance enters, submits, approves (never its own), draws, redeems and pays; risk reads everything and
      // runs the revaluation; the warehouse sees what is released and confirms a release; the desks read the
      // valuations.
      grants: {
        finance: [
          on('ResourcePledge', [...READ, 'create', 'edit', 'delete', 'submit', 'approve', 'confirm', 'void']),
          on('RedemSpot', [...READ, 'create', 'edit', 'delete', 'submit', 'approve', 'confirm', 'execute']),
          on('ResourceRelease', READ),
          on('RedeemEval', [...READ, 'confirm']),
          on('SurchargeInterest', [...READ, 'create', 'approve', 'confirm']),
          on('UnRedemAccountDetail', READ),
        ],
        risk: [
          on('ResourcePledge', READ),
          on('RedemSpot', READ),
          on('ResourceRelease', READ),
          on('RedeemEval', [...READ, 'confirm']),
          on('SurchargeInterest', READ),
          on('UnRedemAccountDetail', READ),
        ],
        warehouse: [on('RedemSpot', ['view', 'execute']), on('ResourceRelease', READ)],
        sales: [on('RedeemEval', READ)],
        trader: [on('RedeemEval', READ), on('UnRedemAccountDetail', READ)],
      },
    },
  ],
});
