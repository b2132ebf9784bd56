import { describe, expect, it } from 'vitest';
import { exposureAfterFixing } from './positions.ts';
import { isProblem } from './problem.ts';
import {
  planRoll,
  planTransfer,
  type RollContract,
  type RollPlan,
  type RollRequest,
  type TransferRequest,
} from './rolls.ts';

const basisContract = (over: Partial<RollContract> = {}): RollContract => ({
  id: '1',
  contractNo: 'HT-001',
  kind: 'basis',
  futuresMonth: 'CF2601',
  basis: '800',
  qualityPremium: '150',
  tonnage: '50',
  fixedTonnage: '0',
  ...over,
});

const request: RollRequest = {
  fromMonth: 'CF2601',
  toMonth: 'CF2605',
  side: 'sell',
  lots: 10,
  fromPrice: '14200',
  toPrice: '14500',
  openLots: 12,
  contracts: [basisContract()],
  lotTonnes: '5',
};

const planned = (over: Partial<typeof request> = {}): RollPlan => {
  const plan = planRoll({ ...request, ...over });
  if (isProblem(plan)) throw new Error(plan.message);
  return plan;
};

const refusal = (over: Partial<typeof request>) => {
  const plan = planRoll({ ...request, ...over });
  return isProblem(plan) ? plan.code : 'accepted';
};

describe('planRoll', () => {
  it('rolls a short 10 lots CF2601 → CF2605 with the basis contract price-neutral (800 → 500)', () => {
    const plan = planned();
    // A short is closed by a buy in the old month and opened again by a sell in the new one.
    expect(plan.closeLeg).toEqual({
      month: 'CF2601',
      side: 'buy',
      effect: 'close',
      lots: 10,
      price: '14200.00',
    });
    expect(plan.openLeg).toEqual({
      month: 'CF2605',
      side: 'sell',
      effect: 'open',
      lots: 10,
      price: '14500.00',
    });
    // B_new = 800 + (14200 − 14500) = 500; P = 14200 + 800 + 150 = 15150 = 14500 + 500 + 150.
    expect(plan.contracts).toEqual([
      {
        id: '1',
        contractNo: 'HT-001',
        tonnage: '50.0000',
        oldBasis: '800.00',
        newBasis: '500.00',
        unitPriceBefore: '15150.00',
        unitPriceAfter: '15150.00',
      },
    ]);
    expect(plan.contractTonnage).toBe('50.0000');
  });

  it('rolls a long by a sell close and a buy open; a fall of the new month raises the basis', () => {
    const plan = planned({ side: 'buy', toPrice: '13900' });
    expect([plan.closeLeg.side, plan.openLeg.side]).toEqual(['sell', 'buy']);
    expect(plan.contracts[0]).toMatchObject({
      newBasis: '1100.00',
      unitPriceAfter: plan.contracts[0]!.unitPriceBefore,
    });
  });

  it('refuses what cannot be rolled', () => {
    expect(refusal({ toMonth: 'CF2601' })).toBe('rolls.sameMonth');
    expect(refusal({ lots: 13 })).toBe('rolls.exceedsOpen');
    expect(refusal({ lots: 0 })).toBe('rolls.lots');
    expect(refusal({ toPrice: '0' })).toBe('rolls.price');
    expect(refusal({ contracts: [basisContract({ kind: 'spot', basis: null })] })).toBe('rolls.notBasis');
    expect(refusal({ contracts: [basisContract({ futuresMonth: 'CF2603' })] })).toBe('rolls.otherMonth');
    expect(refusal({ contracts: [basisContract({ fixedTonnage: '5' })] })).toBe('rolls.priced');
    expect(refusal({ contracts: [basisContract(), basisContract()] })).toBe('rolls.contractTwice');
    // 10 lots cover 50 t: 50 t + 0.5 t is too much.
    expect(refusal({ contracts: [basisContract(), basisContract({ id: '2', tonnage: '0.5' })] })).toBe(
      'rolls.tonnage',
    );
    expect(refusal({ contracts: [] })).toBe('accepted');
  });
});

describe('planTransfer', () => {
  const transfer: TransferRequest = {
    month: 'CF2605',
    side: 'buy',
    lots: 6,
    price: '14350',
    openLots: 20,
    sourceAccount: '1',
    targetAccount: '2',
  };
  it('closes in the source and opens in the target at the stated price', () => {
    expect(planTransfer(transfer)).toEqual({
      closeLeg: { month: 'CF2605', side: 'sell', effect: 'close', lots: 6, price: '14350.00' },
      openLeg: { month: 'CF2605', side: 'buy', effect: 'open', lots: 6, price: '14350.00' },
    });
  });
  it('refuses one account, too many lots, no price', () => {
    const code = (over: Partial<typeof transfer>) => {
      const plan = planTransfer({ ...transfer, ...over });
      return isProblem(plan) ? plan.code : 'accepted';
    };
    expect(code({ targetAccount: '1' })).toBe('rolls.sameAccount');
    expect(code({ lots: 21 })).toBe('rolls.exceedsOpen');
    expect(code({ price: '-1' })).toBe('rolls.price');
  });
});

describe('exposureAfterFixing', () => {
  it('a sale fixing of 20 t against 40 short lots: net −200 → −220, −200 once its 4 lots are bought back', () => {
    const what = exposureAfterFixing(
      {
        inventoryTonnes: '0',
        contracts: [{ side: 'sale', tonnage: '100', fixedTonnage: '0' }],
        longLots: 0,
        shortLots: 40,
        lotTonnes: '5',
      },
      { contract: 0, tonnage: '20' },
    );
    expect(what.before).toMatchObject({
      unpricedSales: '100.0000',
      pricedPhysicalLong: '0.0000',
      netExposure: '-200.0000',
    });
    expect(what.after).toMatchObject({
      unpricedSales: '80.0000',
      pricedPhysicalLong: '-20.0000',
      netExposure: '-220.0000',
    });
    expect(what.afterHedge).toMatchObject({ futuresNetTonnes: '-180.0000', netExposure: '-200.0000' });
  });
  it('a purchase fixing of 12 t raises the physical long by 12 and sells 2 lots', () => {
    const what = exposureAfterFixing(
      {
        inventoryTonnes: '0',
        contracts: [
          { side: 'sale', tonnage: '30', fixedTonnage: '30' },
          { side: 'purchase', tonnage: '60', fixedTonnage: '10' },
        ],
        longLots: 0,
        shortLots: 0,
        lotTonnes: '5',
      },
      { contract: 1, tonnage: '12' },
    );
    // Before: 10 − 30 = −20; after: 22 − 30 = −8; hedge sells 2 lots: −8 − 10 = −18.
    expect([what.before.netExposure, what.after.netExposure, what.afterHedge.netExposure]).toEqual([
      '-20.0000',
      '-8.0000',
      '-18.0000',
    ]);
  });
});
