import { DELIVERY_TABLE_2016_17 as TABLE } from '../../domain/index.ts';
import { validateRecord } from '../../framework/resource/index.ts';
import { type BatchCertificate, batch, deriveBatchValues } from './batches.ts';
import { BASE_GRADE_CERTIFICATE } from './examples.ts';

const BASE_GRADE: BatchCertificate = BASE_GRADE_CERTIFICATE;
const derive = (change: Partial<BatchCertificate> = {}) =>
  deriveBatchValues({ ...BASE_GRADE, ...change }, TABLE);

test('conditioned weight follows domain.md: 20000 kg gross, 100 tare, trash 3.0, regain 10.0 → 19528 kg', () => {
  expect(derive()).toMatchObject({ netWeight: '19.9', conditionedWeight: '19.528' });
});

test('at standard trash and regain the conditioned weight is the net weight', () => {
  expect(derive({ trashPercent: '2.5', moistureRegainPercent: '8.5', tareWeightKg: '97.5' })).toMatchObject({
    netWeight: '19.9025',
    conditionedWeight: '19.903',
  });
});

test.each([
  ['26.9', '26'],
  ['27.0', '27'],
  ['28.0', '28'],
  ['28.9', '28'],
  ['29.0', '29'],
  ['30.9', '30'],
  ['31.0', '31'],
  ['32', '32'],
])('a batch of %s mm has length grade %s (truncated, 31 and 32 kept)', (lengthMm, grade) =>
  expect(derive({ lengthMm }).lengthGrade).toBe(grade),
);

test('the base grade is deliverable; each limit of the delivery table makes a batch undeliverable on its own', () => {
  expect(derive()).toMatchObject({ deliverable: true, undeliverableReasons: [] });
  expect(derive({ trashPercent: '3.5' }).undeliverableReasons).toEqual([]);
  expect(derive({ trashPercent: '3.6' }).undeliverableReasons).toEqual(['trash']);
  expect(derive({ moistureRegainPercent: '10.1' }).undeliverableReasons).toEqual(['moistureRegain']);
  expect(derive({ colourGrade: '51' }).undeliverableReasons).toEqual(['colour']);
  expect(derive({ lengthMm: '26.9' }).undeliverableReasons).toEqual(['length']);
  expect(derive({ lengthMm: '27.0' }).undeliverableReasons).toEqual([]);
  expect(derive({ micronaire: '3.4' }).undeliverableReasons).toEqual(['micronaire']);
  expect(derive({ strength: '23.9' }).undeliverableReasons).toEqual(['strength']);
  expect(derive({ uniformity: '76.9' }).undeliverableReasons).toEqual(['uniformity']);
});

test("the limits are the table version's: a stricter trash limit refuses what the seed table takes", () => {
  const stricter = { ...TABLE, limits: { ...TABLE.limits, maxTrashPercent: '3.0' } };
  expect(deriveBatchValues({ ...BASE_GRADE, trashPercent: '3.1' }, TABLE).deliverable).toBe(true);
  expect(deriveBatchValues({ ...BASE_GRADE, trashPercent: '3.1' }, stricter).undeliverableReasons).toEqual([
    'trash',
  ]);
});

describe('a batch as entered', () => {
  const entry = {
    ...BASE_GRADE,
    batchNo: '65001251001',
    ginner: '新疆天山棉业有限公司',
    cropYear: '2025/26',
    warehouseId: '1',
    baleCount: '186',
    ginningGrade: 'P2',
  };
  const problems = (change: Record<string, string>) =>
    Object.fromEntries(validateRecord(batch, { ...entry, ...change }).map((p) => [p.field, p.message]));

  test('passes when it is whole and plausible', () => expect(problems({})).toEqual({}));

  test('is refused field by field with the rule it breaks', () => {
    expect(problems({ batchNo: '65001 251' })).toEqual({ batchNo: 'validation.batchNo' });
    expect(problems({ batchNo: 'A'.repeat(33) })).toEqual({ batchNo: 'validation.batchNo' });
    expect(problems({ cropYear: '2025' })).toEqual({ cropYear: 'validation.cropYear' });
    expect(problems({ baleCount: '0' })).toEqual({ baleCount: 'validation.min' });
    expect(problems({ baleCount: '401' })).toEqual({ baleCount: 'validation.max' });
    expect(problems({ tareWeightKg: '20000' })).toEqual({ tareWeightKg: 'validation.tareBelowGross' });
    expect(problems({ grossWeightKg: '20000.25' })).toEqual({ grossWeightKg: 'validation.kilograms' });
    expect(problems({ lengthMm: '24.9' })).toEqual({ lengthMm: 'validation.min' });
    expect(problems({ lengthMm: '32.1' })).toEqual({ lengthMm: 'validation.max' });
    expect(problems({ trashPercent: '11' })).toEqual({ trashPercent: 'validation.max' });
    expect(problems({ moistureRegainPercent: '-1' })).toEqual({ moistureRegainPercent: 'validation.min' });
    expect(problems({ ginner: '' })).toEqual({ ginner: 'validation.required' });
  });

  test('takes quality values only at the certificate precision (0.1), so none falls between two bands', () => {
    expect(problems({ lengthMm: '28.95' })).toEqual({ lengthMm: 'validation.certificatePrecision' });
    expect(problems({ strength: '30.95' })).toEqual({ strength: 'validation.certificatePrecision' });
    expect(problems({ micronaire: '3.45' })).toEqual({ micronaire: 'validation.certificatePrecision' });
    expect(problems({ uniformity: '82.95' })).toEqual({ uniformity: 'validation.certificatePrecision' });
    expect(problems({ trashPercent: '2.55' })).toEqual({ trashPercent: 'validation.certificatePrecision' });
    expect(problems({ moistureRegainPercent: '8.55' })).toEqual({
      moistureRegainPercent: 'validation.certificatePrecision',
    });
    expect(problems({ lengthMm: '28.90' })).toEqual({});
  });

  test('keeps its status and derived values out of the form: the server owns them', () => {
    const entered = batch.form?.fields ?? [];
    for (const owned of [
      'status',
      'conditionedWeight',
      'netWeight',
      'deliverable',
      'micronaireGrade',
    ] as const)
      expect(entered).not.toContain(owned);
  });
});
