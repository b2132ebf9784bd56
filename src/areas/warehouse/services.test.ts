import { isChangeable, shownValue, validateRecord } from '../../framework/resource/index.ts';
import { BUSINESS_ROUTES } from '../index.ts';
import { chargedDays, feeAmount, outboundAppointment, vatSplit, warehouseFee } from './services.ts';

describe('the amount of a warehouse fee', () => {
  test('counts both ends of the period', () => {
    expect(chargedDays('2026-11-01', '2026-11-30')).toBe(30);
    expect(chargedDays('2026-11-05', '2026-11-05')).toBe(1);
    expect(chargedDays('2026-02-20', '2026-03-01')).toBe(10);
    expect(chargedDays('2026-03-28', '2026-03-30')).toBe(3);
  });

  test('per tonne-day: rate × tonnes × days', () => {
    const fee = { basis: 'perTonneDay', rate: '0.15', tonnage: '40.1234' };
    expect(feeAmount({ ...fee, periodFrom: '2026-11-01', periodTo: '2026-11-30' })).toBe('180.56');
    expect(feeAmount({ ...fee, periodFrom: '2026-11-01', periodTo: '2026-11-01' })).toBe('6.02');
  });

  test('per tonne, percent of value and lump sum', () => {
    expect(feeAmount({ basis: 'perTonne', rate: '12.5', tonnage: '40.004' })).toBe('500.05');
    expect(feeAmount({ basis: 'percentOfValue', rate: '0.05', insuredValue: '612345.67' })).toBe('306.17');
    expect(feeAmount({ basis: 'lumpSum', rate: '880' })).toBe('880.00');
  });

  test('rounds half up to the fen, exactly (no binary floats)', () => {
    expect(feeAmount({ basis: 'perTonne', rate: '0.1', tonnage: '0.05' })).toBe('0.01');
    expect(feeAmount({ basis: 'perTonne', rate: '0.1', tonnage: '0.0449' })).toBe('0.00');
    expect(feeAmount({ basis: 'perTonne', rate: '1.005', tonnage: '1' })).toBe('1.01');
    expect(feeAmount({ basis: 'percentOfValue', rate: '0.3', insuredValue: '0.10' })).toBe('0.00');
  });

  test('is unknown while what the basis needs is missing', () => {
    expect(feeAmount({ basis: 'perTonne', rate: '12' })).toBeNull();
    expect(
      feeAmount({ basis: 'perTonneDay', rate: '0.15', tonnage: '40', periodFrom: '2026-11-01' }),
    ).toBeNull();
    expect(feeAmount({ basis: 'percentOfValue', rate: '0.05' })).toBeNull();
    expect(feeAmount({ basis: 'lumpSum' })).toBeNull();
  });
});

describe('VAT of a tax-included amount', () => {
  test('splits it into the part excluding tax and the VAT, which add up exactly', () => {
    expect(vatSplit('106.00', '6')).toEqual({ excluded: '100.00', vat: '6.00' });
    expect(vatSplit('100.00', '6')).toEqual({ excluded: '94.34', vat: '5.66' });
    expect(vatSplit('0.01', '6')).toEqual({ excluded: '0.01', vat: '0.00' });
    expect(vatSplit('880.00', '0')).toEqual({ excluded: '880.00', vat: '0.00' });
    expect(vatSplit(null, '6')).toBeNull();
  });

  test('is shown on the fee record next to its amount', () => {
    const record = { amount: '180.56', taxRate: '6' };
    expect(shownValue(warehouseFee, record, 'amountExclTax')).toBe('170.34');
    expect(shownValue(warehouseFee, record, 'vatAmount')).toBe('10.22');
  });
});

describe('entering a fee', () => {
  const base = {
    feeNo: 'BG-001',
    kind: 'insurance',
    warehouseId: '1',
    periodFrom: '2026-11-01',
    taxRate: '6',
  };
  const problems = (input: Record<string, unknown>) =>
    Object.fromEntries(validateRecord(warehouseFee, { ...base, ...input }).map((p) => [p.field, p.message]));

  test('asks for what its basis needs, with a message saying why', () => {
    expect(problems({ basis: 'perTonneDay', rate: '0.15' })).toEqual({
      periodTo: 'validation.requiredForPerTonneDay',
      tonnage: 'validation.requiredForTonnageBasis',
    });
    expect(problems({ basis: 'perTonne', rate: '3' })).toEqual({
      tonnage: 'validation.requiredForTonnageBasis',
    });
    expect(problems({ basis: 'percentOfValue', rate: '0.05' })).toEqual({
      insuredValue: 'validation.requiredForValueBasis',
    });
    expect(problems({ basis: 'lumpSum' })).toEqual({ rate: 'validation.required' });
    expect(problems({ basis: 'lumpSum', rate: '500' })).toEqual({});
  });

  test('leaves the rate of a storage fee per tonne-day to the warehouse', () => {
    const storage = { kind: 'storage', basis: 'perTonneDay', periodTo: '2026-11-30', tonnage: '40' };
    expect(problems(storage)).toEqual({});
    expect(problems({ ...storage, kind: 'supervision' })).toEqual({ rate: 'validation.required' });
  });

  test('refuses a period ending before it starts', () => {
    expect(problems({ basis: 'lumpSum', rate: '1', periodTo: '2026-10-31' })).toEqual({
      periodTo: 'validation.periodEndBeforeStart',
    });
  });
});

test('an appointment needs a mainland mobile number and a plate', () => {
  const appointment = {
    appointmentNo: 'YY-001',
    batchNo: '65001251001',
    warehouseId: '1',
    partnerId: '2',
    plannedDate: '2026-11-25',
    vehicleNo: '新A12345',
    driverName: '王师傅',
    driverPhone: '13912345678',
    conditionedWeight: '39.876',
  };
  const problems = (input: Record<string, unknown>) =>
    validateRecord(outboundAppointment, { ...appointment, ...input }).map((p) => [p.field, p.message]);
  expect(problems({})).toEqual([]);
  expect(problems({ vehicleNo: '新A1234挂' })).toEqual([]);
  expect(problems({ driverPhone: '12912345678' })).toEqual([['driverPhone', 'validation.mobilePhone']]);
  expect(problems({ driverPhone: '1391234567' })).toEqual([['driverPhone', 'validation.mobilePhone']]);
  expect(problems({ vehicleNo: 'A12345' })).toEqual([['vehicleNo', 'validation.vehicleNo']]);
});

test('the fee screens and the outbound summary are scoped views of the two declarations', () => {
  const routes = Object.fromEntries(BUSINESS_ROUTES.map((r) => [r.key, r]));
  expect(
    ['QmJgfwFee', 'QmBxFee', 'QmBgFee', 'QmSpmFee'].map((key) => [routes[key]?.resource, routes[key]?.scope]),
  ).toEqual([
    ['warehouseFee', { kind: 'supervision' }],
    ['warehouseFee', { kind: 'insurance' }],
    ['warehouseFee', { kind: 'storage' }],
    ['warehouseFee', { kind: 'sundry' }],
  ]);
  expect(routes.QmHzCk).toMatchObject({
    kind: 'report',
    resource: 'outboundAppointment',
    scope: { status: 'done' },
  });
  expect(outboundAppointment.report).toEqual({
    groupBy: ['warehouseId', 'partnerId'],
    totals: ['conditionedWeight'],
    chart: true,
  });
});

test('only a draft fee and a booked appointment still offer edit and delete (as the server allows)', () => {
  expect(isChangeable(warehouseFee, { status: 'draft' })).toBe(true);
  expect(isChangeable(warehouseFee, { status: 'confirmed' })).toBe(false);
  expect(isChangeable(warehouseFee, { status: 'settled' })).toBe(false);
  expect(isChangeable(outboundAppointment, { status: 'booked' })).toBe(true);
  expect(isChangeable(outboundAppointment, { status: 'done' })).toBe(false);
});
