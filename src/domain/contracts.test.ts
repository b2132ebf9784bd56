import {
  CONTRACT_NO_PATTERN_SEED,
  combineContracts,
  contractApprovalRoute,
  contractNumber,
  isContractNoPattern,
  splitContractFixings,
} from './contracts.ts';

describe('contract numbers', () => {
  test('the seed pattern numbers a November 2026 purchase CG202611-0001, restarting per month and side', () => {
    const number = contractNumber(CONTRACT_NO_PATTERN_SEED, 'purchase', '2026-11-20');
    expect(number.prefix).toBe('CG202611-');
    expect(number.format(1)).toBe('CG202611-0001');
    expect(contractNumber(CONTRACT_NO_PATTERN_SEED, 'sale', '2026-12-01').format(27)).toBe('XS202612-0027');
  });

  test('a pattern with text after the sequence and two-digit years', () => {
    const number = contractNumber('HT{yy}{side}{seq}/{dd}', 'sale', '2027-01-09');
    expect(number.prefix).toBe('HT27XS');
    expect(number.format(12345)).toBe('HT27XS12345/09');
  });

  test('a pattern must number and use known tokens only', () => {
    expect(isContractNoPattern(CONTRACT_NO_PATTERN_SEED)).toBe(true);
    expect(isContractNoPattern('{side}{yyyy}')).toBe(false);
    expect(isContractNoPattern('{side}{month}{seq}')).toBe(false);
  });
});

describe('approval routing', () => {
  const sale = {
    side: 'sale',
    tonnage: '200',
    deskLimitTonnes: '500',
    creditHeadroom: '4000000',
    contractValue: '3200000',
    basis: '850',
    sheetBasis: '800',
  } as const;

  test('within every limit the desk approves', () => {
    expect(contractApprovalRoute(sale)).toEqual({ level: 'desk', reasons: [] });
  });

  test('over the tonnage, past the credit headroom and under the sheet basis: risk, with each reason', () => {
    expect(
      contractApprovalRoute({ ...sale, tonnage: '500.0001', contractValue: '4000000.01', basis: '799.99' }),
    ).toEqual({
      level: 'risk',
      reasons: [
        '数量 500.0001 吨超过业务审批限额 500 吨',
        '合同金额 4000000.01 元超过客户剩余授信 4000000.00 元',
        '基差 799.99 低于销售基差表 800.00 元/吨',
      ],
    });
  });

  test('exactly at the limits is still the desk’s; a purchase is not checked against credit or the sheet', () => {
    expect(
      contractApprovalRoute({ ...sale, tonnage: '500', contractValue: '4000000', basis: '800' }).level,
    ).toBe('desk');
    expect(
      contractApprovalRoute({ ...sale, side: 'purchase', contractValue: '9999999', basis: '0' }).level,
    ).toBe('desk');
  });

  test('a client over its limit already: any sale goes to risk, saying by how much it is over', () => {
    expect(contractApprovalRoute({ ...sale, creditHeadroom: '-12.50' }).reasons).toEqual([
      '合同金额 3200000.00 元，客户已超出授信额度 12.50 元',
    ]);
  });

  test('no credit limit set, or no quoted basis: not checked', () => {
    expect(
      contractApprovalRoute({ ...sale, creditHeadroom: null, contractValue: '1e9', sheetBasis: null }).level,
    ).toBe('desk');
  });
});

describe('splitting a contract', () => {
  const fixings = [
    { tonnage: '30', futuresPrice: '15000' },
    { tonnage: '20', futuresPrice: '15500' },
  ];

  test('100 t with 30 t @ 15000 and 20 t @ 15500 split 60 / 40: each fixing shared 3 : 2, both parts keep F̄ 15200', () => {
    // Fixed 50 of 100: the first part gets 50 × 60 / 100 = 30 (18 of the first fixing, 12 of the second),
    // the second part 20 (12 and 8). F̄ = (18·15000 + 12·15500) / 30 = 15200 = (12·15000 + 8·15500) / 20.
    const parts = splitContractFixings('100', fixings, '60');
    expect(parts).toEqual({
      first: {
        tonnage: '60.0000',
        fixed: '30.0000',
        fixings: [
          { tonnage: '18.0000', futuresPrice: '15000' },
          { tonnage: '12.0000', futuresPrice: '15500' },
        ],
      },
      second: {
        tonnage: '40.0000',
        fixed: '20.0000',
        fixings: [
          { tonnage: '12.0000', futuresPrice: '15000' },
          { tonnage: '8.0000', futuresPrice: '15500' },
        ],
      },
    });
  });

  test('a fully fixed contract of thirds: the kilogram rounding leaves goes to a fixing, nothing exceeds a part', () => {
    // 10 t fixed 3.3333 + 3.3333 + 3.3334; half of each, rounded down, is 1.6666 + 1.6666 + 1.6667 = 4.9999:
    // the missing kilogram goes to the first fixing, so the first part is fixed exactly 5, the second 5.
    const parts = splitContractFixings(
      '10',
      [
        { tonnage: '3.3333', futuresPrice: '15000' },
        { tonnage: '3.3333', futuresPrice: '15100' },
        { tonnage: '3.3334', futuresPrice: '15200' },
      ],
      '5',
    );
    if ('code' in parts) throw new Error(parts.message);
    expect(parts.first.fixings.map((f) => f.tonnage)).toEqual(['1.6667', '1.6666', '1.6667']);
    expect(parts.first.fixed).toBe('5.0000');
    expect(parts.second.fixings.map((f) => f.tonnage)).toEqual(['1.6666', '1.6667', '1.6667']);
    expect(parts.second.fixed).toBe('5.0000');
  });

  test('an unfixed contract splits with no fixings; a third of a kilogram rounds to the kg', () => {
    expect(splitContractFixings('3', [], '1')).toEqual({
      first: { tonnage: '1.0000', fixed: '0.0000', fixings: [] },
      second: { tonnage: '2.0000', fixed: '0.0000', fixings: [] },
    });
    const parts = splitContractFixings('3', [{ tonnage: '1', futuresPrice: '15000' }], '1');
    if ('code' in parts) throw new Error(parts.message);
    expect(parts.first.fixed).toBe('0.3333');
    expect(parts.second.fixed).toBe('0.6667');
  });

  test('the parts must both be positive and sum to the contract', () => {
    expect(splitContractFixings('100', fixings, '100')).toMatchObject({ code: 'split.tonnage' });
    expect(splitContractFixings('100', fixings, '0')).toMatchObject({ code: 'split.tonnage' });
    expect(splitContractFixings('100', fixings, '-5')).toMatchObject({ code: 'split.tonnage' });
    expect(splitContractFixings('100', fixings, '10.00001')).toMatchObject({ code: 'split.precision' });
  });
});

describe('combining contracts', () => {
  const base = {
    partnerId: '7',
    side: 'sale',
    kind: 'basis',
    futuresMonth: 'CF2705',
    basis: '850.00',
    cropYear: '2025/26',
  };

  test('60 t fixed 30 @ 15200 and 40 t fixed 10 @ 15600 become 100 t fixed 40 @ 15300', () => {
    // F̄ = (30·15200 + 10·15600) / 40 = (456000 + 156000) / 40 = 15300.
    const combined = combineContracts([
      { ...base, contractNo: 'A', tonnage: '60', fixings: [{ tonnage: '30', futuresPrice: '15200' }] },
      {
        ...base,
        contractNo: 'B',
        basis: '850',
        tonnage: '40',
        fixings: [{ tonnage: '10', futuresPrice: '15600' }],
      },
    ]);
    expect(combined).toEqual({
      tonnage: '100.0000',
      fixed: '40.0000',
      averageFixedPrice: '15300.00',
      fixings: [
        { tonnage: '30.0000', futuresPrice: '15200' },
        { tonnage: '10.0000', futuresPrice: '15600' },
      ],
    });
  });

  test('refused: one contract, or a different month, basis, client or crop year', () => {
    const a = { ...base, contractNo: 'A', tonnage: '60', fixings: [] };
    expect(combineContracts([a])).toMatchObject({ code: 'combine.count' });
    for (const change of [
      { futuresMonth: 'CF2709' },
      { basis: '800' },
      { partnerId: '8' },
      { cropYear: '2024/25' },
      { kind: 'deferred' },
      { qualityPremium: '300' },
    ]) {
      const result = combineContracts([a, { ...a, contractNo: 'B', ...change }]);
      expect(result).toMatchObject({ code: 'combine.terms' });
      expect((result as { message: string }).message).toContain('合同 B');
    }
  });
});
