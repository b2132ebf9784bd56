import { validateRecord } from '../../shared/resource/index.ts';
import {
  type BatchCertificate,
  batch,
  conditionedWeightKg,
  deriveBatchValues,
  lengthGrade,
  micronaireGrade,
  strengthGrade,
  undeliverableReasons,
  uniformityGrade,
} from './batches.ts';
import { BASE_GRADE_CERTIFICATE } from './examples.ts';

const BASE_GRADE: BatchCertificate = BASE_GRADE_CERTIFICATE;

test('conditioned weight follows domain.md: 20000 kg gross, 100 tare, trash 3.0, regain 10.0 → 19528 kg', () => {
  expect(conditionedWeightKg(BASE_GRADE).toString()).toBe('19528');
  expect(deriveBatchValues(BASE_GRADE)).toMatchObject({ netWeight: '19.9', conditionedWeight: '19.528' });
});

test('at standard trash and regain the conditioned weight is the net weight', () => {
  const standard = { ...BASE_GRADE, trashPercent: '2.5', moistureRegainPercent: '8.5', tareWeightKg: '97.5' };
  expect(deriveBatchValues(standard)).toMatchObject({ netWeight: '19.9025', conditionedWeight: '19.903' });
});

test.each([
  ['3.4', 'C1'],
  ['3.5', 'B1'],
  ['3.6', 'B1'],
  ['3.7', 'A'],
  ['4.2', 'A'],
  ['4.3', 'B2'],
  ['4.9', 'B2'],
  ['5.0', 'C2'],
])('micronaire %s is grade %s', (value, grade) => expect(micronaireGrade(value)).toBe(grade));

test.each([
  ['31', 'S1'],
  ['30.9', 'S2'],
  ['29', 'S2'],
  ['28.9', 'S3'],
  ['26', 'S3'],
  ['25.9', 'S4'],
  ['24', 'S4'],
  ['23.9', 'S5'],
])('strength %s cN/tex is %s', (value, grade) => expect(strengthGrade(value)).toBe(grade));

test.each([
  ['86', 'U1'],
  ['85.9', 'U2'],
  ['83', 'U2'],
  ['82.9', 'U3'],
  ['80', 'U3'],
  ['79.9', 'U4'],
  ['77', 'U4'],
  ['76.9', 'U5'],
])('uniformity %s %% is %s', (value, grade) => expect(uniformityGrade(value)).toBe(grade));

test.each([
  ['26.4', '26'],
  ['26.5', '27'],
  ['28', '28'],
  ['29.4', '29'],
  ['29.5', '30'],
  ['32', '30'],
])('length %s mm is named %s in the premium table', (value, grade) => expect(lengthGrade(value)).toBe(grade));

test('the base grade is deliverable; each rule of domain.md §1 makes a batch undeliverable on its own', () => {
  expect(deriveBatchValues(BASE_GRADE)).toMatchObject({ deliverable: true, undeliverableReasons: [] });
  expect(undeliverableReasons({ ...BASE_GRADE, trashPercent: '3.5' })).toEqual([]);
  expect(undeliverableReasons({ ...BASE_GRADE, trashPercent: '3.6' })).toEqual(['trash']);
  expect(undeliverableReasons({ ...BASE_GRADE, moistureRegainPercent: '10.1' })).toEqual(['moistureRegain']);
  for (const colour of ['51', '32', '13', '23', '33', '14', '24'])
    expect(undeliverableReasons({ ...BASE_GRADE, colourGrade: colour }), colour).toEqual(['colour']);
  for (const colour of ['11', '21', '41', '12', '22'])
    expect(undeliverableReasons({ ...BASE_GRADE, colourGrade: colour }), colour).toEqual([]);
  expect(undeliverableReasons({ ...BASE_GRADE, lengthMm: '26.4' })).toEqual(['length']);
  expect(undeliverableReasons({ ...BASE_GRADE, lengthMm: '26.5' })).toEqual([]);
  expect(undeliverableReasons({ ...BASE_GRADE, micronaire: '3.4' })).toEqual(['micronaire']);
  expect(undeliverableReasons({ ...BASE_GRADE, micronaire: '5.2' })).toEqual([]);
  expect(undeliverableReasons({ ...BASE_GRADE, strength: '23.9' })).toEqual(['strength']);
  expect(undeliverableReasons({ ...BASE_GRADE, uniformity: '76.9' })).toEqual(['uniformity']);
  expect(
    deriveBatchValues({ ...BASE_GRADE, trashPercent: '4', colourGrade: '51', uniformity: '70' }),
  ).toMatchObject({ deliverable: false, undeliverableReasons: ['trash', 'colour', 'uniformity'] });
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
