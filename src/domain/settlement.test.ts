import Decimal from 'decimal.js';
import { isProblem } from './problem.ts';
import {
  type BlueLine,
  invoiceLine,
  invoiceTotals,
  lateLiftingStorage,
  latePaymentInterest,
  overInvoiced,
  priceSettlement,
  qualityClaim,
  redLines,
  type SettlementContract,
  type SettlementLine,
  settlementTotals,
  shortfallCharge,
  splitInvoices,
  toInvoice,
  weightClaim,
} from './settlement.ts';

// domain-money.md §1.6: a sale of 200 t ±5 % on CF2605 at basis +900, fixed 100 t @ 14,500 and 100 t @ 14,700.
const contract: SettlementContract = {
  contractNo: 'XS202605-001',
  kind: 'basis',
  tonnage: '200',
  tolerancePercent: '5',
  basis: '900',
  settledBefore: '0',
  fixings: [
    { id: 'f1', tonnage: '100', futuresPrice: '14500', consumed: '0' },
    { id: 'f2', tonnage: '100', futuresPrice: '14700', consumed: '0' },
  ],
};
const batches = [
  { batchNo: 'P2601', weight: '40.112', qualityPremium: '0' },
  { batchNo: 'P2602', weight: '39.876', qualityPremium: '150' },
  { batchNo: 'P2603', weight: '40.305', qualityPremium: '-100' },
  { batchNo: 'P2604', weight: '41.020', qualityPremium: '300' },
  { batchNo: 'P2605', weight: '40.251', qualityPremium: '0' },
];
const lines = (given = contract, rule: 'averageFixed' | 'settlementDayPrice' = 'averageFixed') => {
  const priced = priceSettlement(given, batches, rule);
  if (isProblem(priced)) throw new Error(priced.message);
  return priced;
};
const total = (priced: readonly SettlementLine[]) =>
  priced.reduce((s, l) => s.plus(l.amount), new Decimal(0)).toFixed(2);

describe('sale settlement of a basis contract (§1.6)', () => {
  test('V = 3,138,498.90 over 201.564 t: fixings first in, first out, the 1.564 tolerance tonnes at F̄ = 14,600', () => {
    const priced = lines();
    expect(total(priced)).toBe('3138498.90');
    expect(priced.map((l) => l.weight)).toEqual(['40.112', '39.876', '40.305', '41.020', '40.251']);
    // P2601 and P2602 consume the first fixing only: 40.112 × (14,500 + 900).
    expect(priced[0]).toMatchObject({ amount: '617724.80', pricedBy: 'fixing', unitPrice: '15400.00' });
    // P2603 takes the first fixing's last 20.012 t and 20.293 t of the second.
    expect(priced[2]!.uses.map((u) => [u.fixingId, u.tonnage])).toEqual([
      ['f1', '20.012'],
      ['f2', '20.293'],
    ]);
    // The last batch carries W − T = 1.564 t as a tolerance pseudo-fixing at F̄.
    expect(priced[4]!.uses.at(-1)).toMatchObject({
      source: 'tolerance',
      tonnage: '1.564',
      futuresPrice: '14600',
    });
    expect(priced[4]!.pricedBy).toBe('tolerance');
  });

  test('the lines use exactly Σ F_i·q_i of the fixings: 100 × 14,500 + 100 × 14,700', () => {
    const used = lines()
      .flatMap((l) => l.uses)
      .filter((u) => u.source === 'fixing')
      .reduce((s, u) => s.plus(new Decimal(u.tonnage).times(u.futuresPrice)), new Decimal(0));
    expect(used.toFixed(2)).toBe('2920000.00');
  });

  test("under settlementDayPrice the tolerance tonnes take the out day's settlement: 1.564 × (15,000 − 14,600) more", () => {
    const priced = priceSettlement(
      contract,
      batches.map((b) => ({ ...b, outDayFuturesPrice: '15000' })),
      'settlementDayPrice',
    );
    if (isProblem(priced)) throw new Error(priced.message);
    expect(total(priced)).toBe('3139124.50');
  });

  test('a second settlement consumes what the first left of the fixings', () => {
    const first = priceSettlement(contract, batches.slice(0, 2), 'averageFixed') as SettlementLine[];
    expect(total(first)).toBe('1237796.60'); // 79.988 × 14,500 + 40.112 × 900 + 39.876 × 1,050
    const second = priceSettlement(
      {
        ...contract,
        settledBefore: '79.988',
        fixings: [
          { id: 'f1', tonnage: '100', futuresPrice: '14500', consumed: '79.988' },
          { id: 'f2', tonnage: '100', futuresPrice: '14700', consumed: '0' },
        ],
      },
      batches.slice(2),
      'averageFixed',
    ) as SettlementLine[];
    expect(new Decimal(total(first)).plus(total(second)).toFixed(2)).toBe('3138498.90');
  });

  test('unpriced tonnes are refused: fixed 100 t only, 201.564 t cannot settle finally', () => {
    const found = priceSettlement(
      { ...contract, fixings: contract.fixings.slice(0, 1) },
      batches,
      'averageFixed',
    );
    expect(found).toMatchObject({ code: 'settlement.unpriced', params: { batchNo: 'P2603' } });
  });

  test('settling beyond T·(1 + t%) = 210 t is refused', () => {
    expect(priceSettlement({ ...contract, settledBefore: '9' }, batches, 'averageFixed')).toMatchObject({
      code: 'settlement.overTolerance',
      params: { ceiling: '210.000' },
    });
    expect(
      priceSettlement({ ...contract, settledBefore: '8.436' }, batches, 'averageFixed'),
    ).not.toHaveProperty('code');
  });

  test('a spot contract on a grade prices each batch at P + QA_i − QA_spec', () => {
    const priced = priceSettlement(
      { ...contract, kind: 'spot', unitPrice: '15500', specPremium: '150', fixings: [] },
      batches.slice(0, 2),
      'averageFixed',
    ) as SettlementLine[];
    expect(priced.map((l) => [l.unitPrice, l.amount, l.pricedBy])).toEqual([
      ['15350.00', '615719.20', 'fixed'],
      ['15500.00', '618078.00', 'fixed'],
    ]);
  });
});

describe('charges, claims and balance (§1.6)', () => {
  test('late-payment interest on P2604, 12 days at 5 %: 1,065.40', () => {
    expect(latePaymentInterest('648116.00', '5', 12)).toBe('1065.40');
  });

  test('late lifting of P2605, 10 days beyond the free 7 at 0.50/t/day: 201.26, nothing within them', () => {
    expect(lateLiftingStorage('40.251', '0.50', 17, 7)).toBe('201.26');
    expect(lateLiftingStorage('40.251', '0.50', 5, 7)).toBe('0.00');
  });

  test('balance: 3,138,498.90 + 1,065.40 + 201.26 − 2,800,000.00 = 339,765.56 owed by the mill', () => {
    const totals = settlementTotals(
      lines(),
      [
        { kind: 'latePaymentInterest', amount: '1065.40' },
        { kind: 'lateLiftingStorage', amount: '201.26' },
      ],
      '2800000.00',
    );
    expect(totals).toEqual({
      tonnage: '201.564',
      goodsAmount: '3138498.90',
      chargesAmount: '1266.66',
      claimsAmount: '0.00',
      total: '3139765.56',
      paidAmount: '2800000.00',
      balance: '339765.56',
    });
  });

  test('weight claim: W_c 40.112, W_r 39.950 at 14,300 is −2,316.60; inside a 0.5 % franchise it is ignored', () => {
    expect(weightClaim('40.112', '39.950', '14300', '0', 'whole')).toBe('-2316.60');
    expect(weightClaim('40.112', '39.950', '14300', '0.5', 'whole')).toBe('0.00');
    // excess mode over a 0.2 % franchise: (0.162 − 0.080224) × 14,300 = 1,169.3968 → −1,169.40
    expect(weightClaim('40.112', '39.950', '14300', '0.2', 'excess')).toBe('-1169.40');
  });

  test('quality claim on P2601, QA 0 → −300: −12,033.60, a credit in the claims', () => {
    expect(qualityClaim('0', '-300', '40.112')).toBe('-12033.60');
    const totals = settlementTotals([], [{ kind: 'qualityClaim', amount: '-12033.60' }], '0');
    expect(totals).toMatchObject({ claimsAmount: '-12033.60', total: '-12033.60', balance: '-12033.60' });
  });

  test('shortfall below 190 t: 185 t delivered misses 5 t, at a penalty of 100/t is −500.00; inside the band 0', () => {
    const rates = { penaltyPerTonne: '100', marketDifferencePerTonne: '-50' };
    expect(shortfallCharge('200', '5', '185', 'penalty', rates)).toBe('-500.00');
    expect(shortfallCharge('200', '5', '185', 'marketDifference', rates)).toBe('0.00');
    expect(shortfallCharge('200', '5', '195', 'penalty', rates)).toBe('0.00');
  });
});

describe('VAT per line (§2.10 a)', () => {
  const amounts = ['621736.00', '624059.40', '620697.00', '648116.00', '623890.50'];
  const blue = batches.map((b, i) =>
    invoiceLine({ key: b.batchNo, quantity: b.weight, amount: amounts[i]!, vatPercent: '9' }),
  );

  test('each line: excl = round(incl / 1.09), tax = incl − excl, unit price excl to 8 decimals', () => {
    expect(blue.map((l) => [l.amountExcl, l.tax, l.unitPriceExcl])).toEqual([
      ['570400.00', '51336.00', '14220.18348624'],
      ['572531.56', '51527.84', '14357.79817434'],
      ['569446.79', '51250.21', '14128.44039201'],
      ['594601.83', '53514.17', '14495.41272550'],
      ['572376.61', '51513.89', '14220.18359792'],
    ]);
    for (const l of blue) {
      expect(
        new Decimal(l.quantity!).times(l.unitPriceExcl!).minus(l.amountExcl).abs().lessThanOrEqualTo('0.01'),
      ).toBe(true);
      expect(new Decimal(l.amountExcl).times('0.09').minus(l.tax).abs().lessThanOrEqualTo('0.06')).toBe(true);
    }
  });

  test('totals are the sums of the lines: 2,879,356.79 + 259,142.11', () => {
    expect(invoiceTotals(blue)).toEqual({
      quantity: '201.564',
      amount: '3138498.90',
      amountExcl: '2879356.79',
      tax: '259142.11',
    });
  });

  test('the charges line at 9 %: 1,266.66 → 1,162.07 + 104.59, no quantity', () => {
    expect(invoiceLine({ key: 'charges', quantity: null, amount: '1266.66', vatPercent: '9' })).toMatchObject(
      {
        amountExcl: '1162.07',
        tax: '104.59',
        unitPriceExcl: null,
      },
    );
  });

  test('three lines sum to tax 158,342.02 where the total would give 158,342.03', () => {
    const three = ['645257.34', '639200.16', '633240.36'].map((amount, i) =>
      invoiceLine({ key: String(i), quantity: '40', amount, vatPercent: '9' }),
    );
    expect(invoiceTotals(three)).toMatchObject({ amountExcl: '1759355.84', tax: '158342.02' });
  });
});

describe('invoice split by invoiceMaxAmount (excl.)', () => {
  const inputs = batches.map((b, i) => ({
    key: b.batchNo,
    quantity: b.weight,
    amount: ['621736.00', '624059.40', '620697.00', '648116.00', '623890.50'][i]!,
    vatPercent: '9',
  }));

  test('no maximum: one invoice', () => {
    const split = splitInvoices(inputs, null);
    expect(Array.isArray(split) && split.length).toBe(1);
  });

  test('max 1,800,000: P2601–P2603 then P2604–P2605, lines in order, every invoice under the maximum', () => {
    const split = splitInvoices(inputs, '1800000') as ReturnType<typeof invoiceLine>[][];
    expect(split.map((inv) => inv.map((l) => l.key))).toEqual([
      ['P2601', 'P2602', 'P2603'],
      ['P2604', 'P2605'],
    ]);
    expect(split.map((inv) => invoiceTotals(inv).amount)).toEqual(['1866492.40', '1272006.50']);
  });

  test('a line above the maximum splits by kg, its pieces adding up to the line exactly', () => {
    const split = splitInvoices([inputs[0]!], '200000') as ReturnType<typeof invoiceLine>[][];
    expect(split.length).toBe(3);
    const pieces = split.flat();
    expect(invoiceTotals(pieces)).toMatchObject({ quantity: '40.112', amount: '621736.00' });
    for (const inv of split)
      expect(new Decimal(invoiceTotals(inv).amountExcl).lessThanOrEqualTo(200000)).toBe(true);
  });

  test('a charge line above the maximum is refused', () => {
    expect(
      splitInvoices([{ key: 'c', quantity: null, amount: '5000', vatPercent: '9' }], '1000'),
    ).toMatchObject({
      code: 'invoice.chargeOverMax',
    });
  });
});

describe('invoiceable = settled − invoiced (§2.10 c)', () => {
  test('after invoices 1 and 2 and the red 04, nothing remains', () => {
    expect(
      toInvoice(
        { tonnes: '201.564', amount: '3127731.96' },
        { tonnes: '201.564', amount: '3139765.56' },
        { tonnes: '0', amount: '-12033.60' },
      ),
    ).toEqual({ tonnes: '0.000', amount: '0.00' });
  });

  test('applying beyond what remains is refused, in tonnes and in money', () => {
    const remaining = { tonnes: '40.112', amount: '621736.00' };
    expect(overInvoiced('P2601', remaining, { tonnes: '40.112', amount: '621736.00' })).toBeNull();
    expect(overInvoiced('P2601', remaining, { tonnes: '40.113', amount: '621736.00' })).toMatchObject({
      code: 'invoice.overTonnes',
    });
    expect(overInvoiced('P2601', remaining, { tonnes: '40', amount: '621736.01' })).toMatchObject({
      code: 'invoice.overAmount',
    });
    expect(overInvoiced('P2601', remaining, { tonnes: '0', amount: '0' })).toMatchObject({
      code: 'invoice.nonPositive',
    });
  });
});

describe('red invoices never beyond their blue (§2.6, decision 4)', () => {
  const none = { quantity: '0', amount: '0', amountExcl: '0', tax: '0' };
  const blue: BlueLine[] = [
    {
      lineNo: 1,
      quantity: '40.112',
      amount: '621736.00',
      amountExcl: '570400.00',
      tax: '51336.00',
      vatPercent: '9',
      unitPriceExcl: '14220.18348624',
      reversed: none,
    },
    {
      lineNo: 2,
      quantity: null,
      amount: '1266.66',
      amountExcl: '1162.07',
      tax: '104.59',
      vatPercent: '9',
      unitPriceExcl: null,
      reversed: none,
    },
  ];

  test('the quality claim as a red 04: −12,033.60 = −11,040.00 − 993.60, no quantity', () => {
    expect(redLines(blue, '04', [{ lineNo: 1, amount: '12033.60' }], true)).toEqual([
      { lineNo: 1, quantity: '0.000', amountExcl: '-11040.00', tax: '-993.60', amount: '-12033.60' },
    ]);
  });

  test('before the buyer confirms the use only a full reversal: 01 reverses every line', () => {
    expect(redLines(blue, '04', [{ lineNo: 1, amount: '1' }], false)).toMatchObject({ code: 'red.fullOnly' });
    expect(redLines(blue, '01', [], false)).toEqual([
      { lineNo: 1, quantity: '-40.112', amountExcl: '-570400.00', tax: '-51336.00', amount: '-621736.00' },
      { lineNo: 2, quantity: '0.000', amountExcl: '-1162.07', tax: '-104.59', amount: '-1266.66' },
    ]);
  });

  test('a weight claim as a red 02: 0.162 t at the blue unit price excl.: excl 2,303.67, tax 207.33', () => {
    expect(redLines(blue, '02', [{ lineNo: 1, quantity: '0.162' }], true)).toEqual([
      { lineNo: 1, quantity: '-0.162', amountExcl: '-2303.67', tax: '-207.33', amount: '-2511.00' },
    ]);
  });

  test('beyond the blue line, in tonnes or money, is refused; so is a full reversal after a partial one', () => {
    const partly = blue.map((l) =>
      l.lineNo === 1
        ? { ...l, reversed: { quantity: '40', amount: '620000.00', amountExcl: '0', tax: '0' } }
        : l,
    );
    expect(redLines(partly, '02', [{ lineNo: 1, quantity: '0.113' }], true)).toMatchObject({
      code: 'red.overQuantity',
    });
    expect(redLines(partly, '04', [{ lineNo: 1, amount: '1736.01' }], true)).toMatchObject({
      code: 'red.overBlue',
    });
    expect(redLines(partly, '04', [{ lineNo: 1, amount: '1736.00' }], true)).not.toHaveProperty('code');
    expect(redLines(partly, '01', [], true)).toMatchObject({ code: 'red.fullAfterPartial' });
    expect(redLines(blue, '02', [{ lineNo: 2, quantity: '1' }], true)).toMatchObject({
      code: 'red.noQuantity',
    });
    expect(redLines(blue, '04', [{ lineNo: 9, amount: '1' }], true)).toMatchObject({
      code: 'red.noSuchLine',
    });
  });
});
