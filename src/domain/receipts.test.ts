import {
  DELIVERY_UNIT,
  deliveryUnitProblems,
  oldCropDiscount,
  type ReceiptEvent,
  receiptHolding,
  receiptLots,
  receiptState,
  receiptValidUntil,
  standardTonnes,
  weightDifferenceSettlement,
} from './receipts.ts';

describe('a receipt is one delivery unit', () => {
  test('it counts as 8 lots of 5 t: 40 t standard', () => {
    expect(receiptLots()).toBe(8);
    expect(standardTonnes().toString()).toBe('40');
  });

  test.each([180, 185, 190])('%i bales make a receipt', (baleCount) => {
    expect(deliveryUnitProblems({ baleCount })).toEqual([]);
  });

  test.each([179, 191])('%i bales do not, and the message says the range', (baleCount) => {
    expect(deliveryUnitProblems({ baleCount })).toEqual([
      {
        code: 'baleCount',
        message: `包数 ${baleCount} 不符合仓单要求：一张仓单应为 180 到 190 包`,
        params: { baleCount, min: 180, max: 190 },
      },
    ]);
  });

  test('bales outside 227±10 kg are named; 217 and 237 kg are inside', () => {
    const baleWeights = [
      { baleNo: 'a', grossWeightKg: '217.0' },
      { baleNo: 'b', grossWeightKg: '237.0' },
      { baleNo: 'c', grossWeightKg: '216.9' },
      { baleNo: 'd', grossWeightKg: '237.1' },
    ];
    expect(deliveryUnitProblems({ baleCount: 185, baleWeights }).map((p) => p.message)).toEqual([
      '包重应在 217 到 237 千克之间，超出的包：c、d',
    ]);
  });

  test('the unit is a parameter: another tolerance moves the bounds', () => {
    expect(deliveryUnitProblems({ baleCount: 179 }, { ...DELIVERY_UNIT, baleCountTolerance: 6 })).toEqual([]);
  });

  test('the weight over or under 40 t is settled in cash at the price', () => {
    // 40.853 t − 40 t = 0.853 t × 15 235 CNY/t = 12 995.455 → 12 995.46 (the buyer pays)
    expect(weightDifferenceSettlement('40.853', '15235')).toEqual({
      differenceTonnes: '0.853',
      amount: '12995.46',
    });
    // 39.1 t: −0.9 t × 15 235 = −13 711.50 (the seller pays back)
    expect(weightDifferenceSettlement('39.1', '15235')).toEqual({
      differenceTonnes: '-0.9',
      amount: '-13711.50',
    });
    expect(weightDifferenceSettlement('40', '15235').amount).toBe('0.00');
  });
});

describe('validity', () => {
  const expiries = { '2024/25': '2026-03-31', '2025/26': '2027-03-31' };

  test('a receipt is valid until the date set for its crop year', () => {
    expect(receiptValidUntil('2025/26', expiries)).toBe('2027-03-31');
    expect(receiptValidUntil('2026/27', expiries)).toBeUndefined();
  });

  test('it expires the day after its valid-until date', () => {
    const receipt = { status: 'registered' as const, validUntil: '2027-03-31' };
    expect(receiptState(receipt, '2027-03-30')).toBe('registered');
    expect(receiptState(receipt, '2027-03-31')).toBe('registered');
    expect(receiptState(receipt, '2027-04-01')).toBe('expired');
    expect(receiptState({ ...receipt, status: 'transferred' }, '2027-04-01')).toBe('expired');
  });

  test('a cancelled or pre-declared receipt does not expire', () => {
    expect(receiptState({ status: 'cancelled', validUntil: '2027-03-31' }, '2028-01-01')).toBe('cancelled');
    expect(receiptState({ status: 'preDeclared', validUntil: '2027-03-31' }, '2028-01-01')).toBe(
      'preDeclared',
    );
  });

  test('the old-crop discount is data per crop year', () => {
    const discounts = { '2023/24': '-300', '2024/25': '-100' };
    expect(oldCropDiscount('2023/24', discounts).toString()).toBe('-300');
    expect(oldCropDiscount('2025/26', discounts).toString()).toBe('0');
  });
});

describe('holders and pledges', () => {
  const registered: ReceiptEvent = { kind: 'register', on: '2026-01-05', holder: 'Huafang' };

  test('a receipt changes hands many times; the last transferee holds it', () => {
    const result = receiptHolding([
      registered,
      { kind: 'transfer', on: '2026-01-10', to: 'Jinmao' },
      { kind: 'transfer', on: '2026-02-01', to: 'Yuanda' },
      { kind: 'transfer', on: '2026-02-20', to: 'Huafang' },
    ]);
    expect(result.ok && result.holding.holder).toBe('Huafang');
    expect(result.ok && result.holding.holders).toEqual([
      { holder: 'Huafang', from: '2026-01-05' },
      { holder: 'Jinmao', from: '2026-01-10' },
      { holder: 'Yuanda', from: '2026-02-01' },
      { holder: 'Huafang', from: '2026-02-20' },
    ]);
  });

  test('a pledged receipt can be neither transferred nor cancelled until released', () => {
    const pledged: ReceiptEvent[] = [registered, { kind: 'pledge', on: '2026-01-08', pledgee: 'ICBC' }];
    expect(receiptHolding([...pledged, { kind: 'transfer', on: '2026-01-09', to: 'Jinmao' }])).toEqual({
      ok: false,
      index: 2,
      problem: { code: 'receiptPledged', message: '仓单已质押给 ICBC，解押前不能过户' },
    });
    expect(receiptHolding([...pledged, { kind: 'cancel', on: '2026-01-09' }])).toMatchObject({
      ok: false,
      problem: { code: 'receiptPledged', message: '仓单已质押给 ICBC，解押前不能注销' },
    });
    const released = receiptHolding([
      ...pledged,
      { kind: 'release', on: '2026-01-20' },
      { kind: 'transfer', on: '2026-01-21', to: 'Jinmao' },
    ]);
    expect(released).toMatchObject({ ok: true, holding: { holder: 'Jinmao', pledgedTo: null } });
  });

  test('a receipt cannot be pledged twice nor released when not pledged', () => {
    const twice = receiptHolding([
      registered,
      { kind: 'pledge', on: '2026-01-08', pledgee: 'ICBC' },
      { kind: 'pledge', on: '2026-01-09', pledgee: 'BOC' },
    ]);
    expect(twice).toMatchObject({ ok: false, index: 2, problem: { code: 'receiptPledged' } });
    expect(receiptHolding([registered, { kind: 'release', on: '2026-01-09' }])).toMatchObject({
      ok: false,
      problem: { code: 'notPledged' },
    });
  });

  test('nothing happens to a receipt before it is registered or after it is cancelled', () => {
    expect(receiptHolding([{ kind: 'transfer', on: '2026-01-10', to: 'Jinmao' }])).toMatchObject({
      ok: false,
      index: 0,
      problem: { code: 'notRegistered' },
    });
    const cancelled = receiptHolding([
      registered,
      { kind: 'cancel', on: '2026-01-10' },
      { kind: 'transfer', on: '2026-01-11', to: 'Jinmao' },
    ]);
    expect(cancelled).toMatchObject({ ok: false, index: 2, problem: { code: 'receiptCancelled' } });
  });

  test('a transfer to the holder itself is refused', () => {
    expect(receiptHolding([registered, { kind: 'transfer', on: '2026-01-10', to: 'Huafang' }])).toMatchObject(
      {
        ok: false,
        problem: { code: 'sameHolder' },
      },
    );
  });

  test('after its valid-until date a receipt can only be cancelled', () => {
    const late = (event: ReceiptEvent) => receiptHolding([registered, event], '2026-03-31');
    expect(late({ kind: 'transfer', on: '2026-03-31', to: 'Jinmao' }).ok).toBe(true);
    expect(late({ kind: 'transfer', on: '2026-04-01', to: 'Jinmao' })).toMatchObject({
      ok: false,
      problem: { code: 'receiptExpired', message: '仓单已于 2026-03-31 到期，只能注销' },
    });
    expect(late({ kind: 'pledge', on: '2026-04-01', pledgee: 'ICBC' }).ok).toBe(false);
    expect(late({ kind: 'cancel', on: '2026-04-01' }).ok).toBe(true);
  });
});
