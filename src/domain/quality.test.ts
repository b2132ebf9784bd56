import {
  certificatePrecisionProblems,
  conditionedWeight,
  conditionedWeightExact,
  lengthGrade,
  micronaireClass,
  netWeight,
  strengthGrade,
  uniformityGrade,
} from './quality.ts';

test.each([
  ['24.3', '25'],
  ['25.9', '25'],
  ['26.0', '26'],
  ['27.9', '27'],
  ['28.0', '28'],
  ['28.9', '28'],
  ['29.0', '29'],
  ['30.9', '30'],
  ['31.0', '31'],
  ['31.9', '31'],
  ['32.0', '32'],
  ['33.4', '32'],
])('length %s mm is grade %s (truncated, 25 and 32 open-ended)', (length, grade) => {
  expect(lengthGrade(length)).toBe(grade);
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
])('micronaire %s is class %s', (value, grade) => expect(micronaireClass(value)).toBe(grade));

test.each([
  ['23.9', 'S5'],
  ['24.0', 'S4'],
  ['25.9', 'S4'],
  ['26.0', 'S3'],
  ['28.9', 'S3'],
  ['29.0', 'S2'],
  ['30.9', 'S2'],
  ['31.0', 'S1'],
])('strength %s cN/tex is %s', (value, grade) => expect(strengthGrade(value)).toBe(grade));

test.each([
  ['76.9', 'U5'],
  ['77.0', 'U4'],
  ['79.9', 'U4'],
  ['80.0', 'U3'],
  ['82.9', 'U3'],
  ['83.0', 'U2'],
  ['85.9', 'U2'],
  ['86.0', 'U1'],
])('uniformity %s %% is %s', (value, grade) => expect(uniformityGrade(value)).toBe(grade));

test('a value at the certificate precision passes, with or without trailing zeros', () => {
  expect(
    certificatePrecisionProblems({
      lengthMm: '28.3',
      micronaire: '4.10',
      strength: '29',
      uniformity: '82.9',
      trashPercent: '3.0',
      moistureRegainPercent: '10',
    }),
  ).toEqual([]);
});

test('a value finer than the certificate, or not a number, is named with what to fix', () => {
  expect(
    certificatePrecisionProblems({
      lengthMm: '28.35',
      strength: '30.95',
      uniformity: 'abc',
      micronaire: '4.2',
    }),
  ).toEqual([
    {
      field: 'lengthMm',
      code: 'certificatePrecision',
      message: '长度：28.35 应按检验证书写到 1 位小数',
      params: { value: '28.35', decimals: 1 },
    },
    expect.objectContaining({ field: 'strength', code: 'certificatePrecision' }),
    {
      field: 'uniformity',
      code: 'notANumber',
      message: '长度整齐度：“abc”不是数字',
      params: { value: 'abc' },
    },
  ]);
});

test('domain.md §2: gross 20000 kg, tare 100, trash 3.0, regain 10.0 → 19528 kg conditioned', () => {
  const net = netWeight('20000', '100');
  expect(net.toString()).toBe('19900');
  // 19900 × 97/97.5 × 108.5/110 = 19527.977… → 19528
  expect(
    conditionedWeightExact({ netWeightKg: net, trashPercent: '3.0', moistureRegainPercent: '10.0' }).toFixed(
      2,
    ),
  ).toBe('19527.98');
  expect(
    conditionedWeight({ netWeightKg: net, trashPercent: '3.0', moistureRegainPercent: '10.0' }).toString(),
  ).toBe('19528');
});

test('at the standard trash and regain the conditioned weight is the net weight; the standard is a parameter', () => {
  expect(
    conditionedWeight({ netWeightKg: '19900', trashPercent: '2.5', moistureRegainPercent: '8.5' }).toString(),
  ).toBe('19900');
  const rollerGinned = { trashPercent: '3.0', moistureRegainPercent: '8.5' };
  expect(
    conditionedWeight(
      { netWeightKg: '19900', trashPercent: '3.0', moistureRegainPercent: '8.5' },
      rollerGinned,
    ).toString(),
  ).toBe('19900');
});
