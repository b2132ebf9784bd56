import {
  type BatchFigures,
  DELIVERY_TABLE_2016_17,
  type DeliveryTable,
  deliveryTableFor,
  deliveryTableFromRows,
  gradePremium,
  premiumMethodsFrom,
  premiumTableRows,
  undeliverableReasons,
} from './deliveryRules.ts';

const TABLE = DELIVERY_TABLE_2016_17;

/** 3128B, U3, S3: the base grade, deliverable at no premium. */
const BASE: BatchFigures = {
  trashPercent: '2.5',
  moistureRegainPercent: '8.5',
  colourGrade: '31',
  lengthMm: '28.0',
  micronaire: '3.5',
  strength: '26.0',
  uniformity: '80.0',
};

const premium = (indicator: Parameters<typeof gradePremium>[1], grade: string) =>
  gradePremium(TABLE, indicator, grade)?.toString() ?? null;

test('the seed table prices the grades of domain.md §1', () => {
  expect([premium('colour', '11'), premium('colour', '22'), premium('ginning', 'P3')]).toEqual([
    '500',
    '-450',
    '-300',
  ]);
  expect([premium('strength', 'S4'), premium('uniformity', 'U2'), premium('micronaire', 'C2')]).toEqual([
    '-300',
    '150',
    '-100',
  ]);
});

test('length grades 30, 31 and 32 are all priced on the "≥30" row; B1 and B2 on the B row', () => {
  expect([premium('length', '30'), premium('length', '31'), premium('length', '32')]).toEqual([
    '600',
    '600',
    '600',
  ]);
  expect([premium('micronaire', 'B1'), premium('micronaire', 'B2')]).toEqual(['0', '0']);
});

test('a grade the table does not price has no premium', () => {
  expect([premium('colour', '51'), premium('length', '26'), premium('micronaire', 'C1')]).toEqual([
    null,
    null,
    null,
  ]);
});

test('the base grade is deliverable', () => {
  expect(undeliverableReasons(BASE, TABLE)).toEqual([]);
});

test.each([
  [{ trashPercent: '3.5' }, []],
  [{ trashPercent: '3.6' }, ['trash']],
  [{ moistureRegainPercent: '10.0' }, []],
  [{ moistureRegainPercent: '10.1' }, ['moistureRegain']],
  [{ lengthMm: '27.0' }, []],
  [{ lengthMm: '26.9' }, ['length']],
  [{ micronaire: '3.4' }, ['micronaire']],
  [{ micronaire: '5.0' }, []],
  [{ strength: '24.0' }, []],
  [{ strength: '23.9' }, ['strength']],
  [{ uniformity: '77.0' }, []],
  [{ uniformity: '76.9' }, ['uniformity']],
  [{ colourGrade: '41' }, []],
  [{ colourGrade: '22' }, []],
])('at the limit %o the batch is refused for %o', (change, reasons) => {
  expect(undeliverableReasons({ ...BASE, ...change }, TABLE)).toEqual(reasons);
});

test.each(['51', '32', '13', '23', '33', '14', '24'])('colour %s cannot be delivered', (colourGrade) => {
  expect(undeliverableReasons({ ...BASE, colourGrade }, TABLE)).toEqual(['colour']);
});

test('every reason at once', () => {
  const worst = {
    trashPercent: '4.0',
    moistureRegainPercent: '11.0',
    colourGrade: '51',
    lengthMm: '25.0',
    micronaire: '3.0',
    strength: '20.0',
    uniformity: '70.0',
  };
  expect(undeliverableReasons(worst, TABLE)).toEqual([
    'trash',
    'moistureRegain',
    'colour',
    'length',
    'micronaire',
    'strength',
    'uniformity',
  ]);
});

const LATER: DeliveryTable = {
  ...TABLE,
  cropYear: '2020/21',
  limits: { ...TABLE.limits, maxTrashPercent: '3.0', minLengthGrade: 28 },
};

test('limits are versioned with the premiums: a later table refuses what the seed took', () => {
  const figures = { ...BASE, trashPercent: '3.2', lengthMm: '27.5' };
  expect(undeliverableReasons(figures, TABLE)).toEqual([]);
  expect(undeliverableReasons(figures, LATER)).toEqual(['trash', 'length']);
});

test('a crop year takes the newest table not after it', () => {
  const tables = [LATER, TABLE];
  expect(deliveryTableFor('2019/20', tables)?.cropYear).toBe('2016/17');
  expect(deliveryTableFor('2020/21', tables)?.cropYear).toBe('2020/21');
  expect(deliveryTableFor('2025/26', tables)?.cropYear).toBe('2020/21');
  expect(deliveryTableFor('2015/16', tables)).toBeUndefined();
});

test('the stored premium rows and the table are one source: rows back to a table price the same', () => {
  const rows = premiumTableRows(TABLE);
  expect(rows).toContainEqual({ cropYear: '2016/17', indicator: 'length', grade: '30', premium: '600.00' });
  expect(rows).toHaveLength(24);
  const reread = deliveryTableFromRows('2016/17', rows);
  expect(gradePremium(reread, 'length', '32')?.toString()).toBe('600');
  expect(gradePremium(reread, 'colour', '41')?.toString()).toBe('-400');
  expect(reread.limits).toEqual(TABLE.limits);
});

test('stored premium methods are read back checked: every indicator, a known method, an average only where one exists', () => {
  expect(premiumMethodsFrom(JSON.parse(JSON.stringify(TABLE.methods)))).toEqual(TABLE.methods);
  expect(premiumMethodsFrom({ ...TABLE.methods, micronaire: 'baleShare' }).micronaire).toBe('baleShare');
  expect(() => premiumMethodsFrom({ ...TABLE.methods, strength: undefined })).toThrow(/strength/);
  expect(() => premiumMethodsFrom({ ...TABLE.methods, length: 'median' })).toThrow(/length must be one of/);
  expect(() => premiumMethodsFrom({ ...TABLE.methods, colour: 'batchAverage' })).toThrow(
    /colour has no batch average/,
  );
  expect(() => premiumMethodsFrom('baleShare')).toThrow(/object/);
});
