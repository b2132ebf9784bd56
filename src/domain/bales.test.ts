import {
  BALE_FILE_COLUMNS,
  type Bale,
  type BaleFileRow,
  baleFileTemplate,
  batchFromBales,
  groupBalesByBatch,
  readBaleSheet,
  validateBaleRows,
} from './bales.ts';
import { DELIVERY_TABLE_2016_17 as TABLE } from './deliveryRules.ts';

const GOOD_CELLS = {
  batchNo: '65001231001',
  baleNo: '1',
  colourGrade: '31',
  lengthMm: '28.6',
  micronaire: '4.1',
  strength: '28.4',
  uniformity: '82.6',
  trashPercent: '2.4',
  moistureRegainPercent: '7.6',
  grossWeightKg: '228.4',
  tareWeightKg: '1.4',
  netWeightKg: '227.0',
  ginningGrade: 'P2',
};

const row = (line: number, cells: Partial<Record<keyof typeof GOOD_CELLS, string>> = {}): BaleFileRow => ({
  line,
  cells: { ...GOOD_CELLS, baleNo: String(line), ...cells },
});

const problemsOf = (rows: BaleFileRow[], options = {}) => {
  const result = validateBaleRows(rows, options);
  return result.ok ? [] : result.problems.map(({ line, field, code }) => ({ line, field, code }));
};

describe('the 公检 bale file', () => {
  test('the template heads every column as the 公检 file does, with an example row that passes', () => {
    const [header, example] = baleFileTemplate();
    expect(header).toEqual([
      '批号',
      '包号',
      '颜色级',
      '长度(mm)',
      '马克隆值',
      '断裂比强度(cN/tex)',
      '长度整齐度(%)',
      '含杂率(%)',
      '回潮率(%)',
      '毛重(kg)',
      '皮重(kg)',
      '净重(kg)',
      '轧工质量',
    ]);
    const read = readBaleSheet([header!, example!]);
    expect(read.problems).toEqual([]);
    expect(validateBaleRows(read.rows).ok).toBe(true);
  });

  test('reading finds the header under a title, takes units in either bracket, ignores extra columns and blank rows', () => {
    const sheet = [
      ['2025/26 年度公检包数据'],
      [
        '批号',
        '包号',
        '颜色级',
        '长度（毫米）',
        '马克隆值',
        '反射率',
        '断裂比强度',
        '长度整齐度',
        '含杂率',
        '回潮率',
        '毛重',
        '皮重',
      ],
      ['B1', 1001, '31', 28.6, 4.1, 78.2, 28.4, 82.6, 2.4, 7.6, 228.4, 1.4],
      [],
      ['', null, '', '', '', '', '', '', '', '', '', ''],
      ['B1', 1002, '21', 29.1, 3.9, 80.1, 29.2, 83.1, 2.3, 7.9, '227.0', '1.5'],
    ];
    const { rows, problems } = readBaleSheet(sheet);
    expect(problems).toEqual([]);
    expect(rows.map((r) => r.line)).toEqual([3, 6]);
    expect(rows[0]!.cells).toMatchObject({
      baleNo: '1001',
      lengthMm: '28.6',
      strength: '28.4',
      tareWeightKg: '1.4',
    });
    const result = validateBaleRows(rows);
    expect(result.ok && result.bales[1]).toMatchObject({ baleNo: '1002', netWeightKg: '225.5' });
    expect(result.ok && result.bales[1]!.ginningGrade).toBeUndefined();
  });

  test('a file without a required column is refused naming the column', () => {
    const { rows, problems } = readBaleSheet([
      ['批号', '包号', '颜色级', '长度', '马克隆值'],
      ['B1', '1', '31', '28.6', '4.1'],
    ]);
    expect(problems.map((p) => p.message)).toContain('第 1 行：缺少“断裂比强度(cN/tex)”列');
    expect(rows).toEqual([]);
    expect(readBaleSheet([['批号', '颜色级']]).problems[0]!.message).toBe('找不到表头：文件中没有“包号”列');
  });
});

describe('checking bale rows', () => {
  test('good rows give the bales', () => {
    const result = validateBaleRows([row(2), row(3)]);
    expect(result).toEqual({
      ok: true,
      bales: [expect.objectContaining({ baleNo: '2' }), expect.objectContaining({ baleNo: '3' })],
    });
  });

  test('each kind of bad row is reported with its line, field and what to fix', () => {
    const result = validateBaleRows([
      row(2),
      row(3, { lengthMm: '' }),
      row(4, { micronaire: '四点一' }),
      row(5, { strength: '55.0' }),
      row(6, { uniformity: '82.65' }),
      row(7, { colourGrade: '61' }),
      row(8, { baleNo: '2' }),
      row(9, { tareWeightKg: '20.5' }),
      row(10, { netWeightKg: '226.0' }),
      row(11, { ginningGrade: 'P4' }),
    ]);
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems.map((p) => p.message)).toEqual([
      '第 3 行 长度(mm)：未填写',
      '第 4 行 马克隆值：“四点一”不是数字',
      '第 5 行 断裂比强度(cN/tex)：55.0 超出范围，应在 10 到 50 之间',
      '第 6 行 长度整齐度(%)：82.65 应按检验证书写到 1 位小数',
      '第 7 行 颜色级：“61”不是可用的等级（11、21、31、41、51、12、22、32、13、23、33、14、24）',
      '第 8 行 包号：包号 2 与第 2 行重复',
      '第 9 行 皮重(kg)：20.5 超出范围，应在 0 到 20 之间',
      '第 10 行 净重(kg)：净重 226.0 不等于毛重 228.4 减皮重 1.4',
      '第 11 行 轧工质量：“P4”不是可用的等级（P1、P2、P3）',
    ]);
  });

  test('every problem of a row is reported, not just the first', () => {
    expect(problemsOf([row(2, { batchNo: '', colourGrade: '', trashPercent: '2.45' })])).toEqual([
      { line: 2, field: 'batchNo', code: 'missing' },
      { line: 2, field: 'colourGrade', code: 'missing' },
      { line: 2, field: 'trashPercent', code: 'certificatePrecision' },
    ]);
  });

  test('a bad weight is reported once, not again as weights that do not add up', () => {
    expect(problemsOf([row(2, { grossWeightKg: 'x' })])).toEqual([
      { line: 2, field: 'grossWeightKg', code: 'notANumber' },
    ]);
  });

  test('one bad row among good ones: no bales at all', () => {
    const rows = [row(2), row(3), row(4, { micronaire: '' })];
    expect(validateBaleRows(rows)).toEqual({ ok: false, problems: [expect.objectContaining({ line: 4 })] });
  });

  test('the same bale no in two batches is no duplicate', () => {
    expect(problemsOf([row(2, { baleNo: '7' }), row(3, { baleNo: '7', batchNo: 'B2' })])).toEqual([]);
  });

  test('a single-batch file refuses rows of another batch than its first row', () => {
    const rows = [row(2), row(3, { batchNo: 'B2' }), row(4)];
    expect(problemsOf(rows, { singleBatch: true })).toEqual([
      { line: 3, field: 'batchNo', code: 'mixedBatches' },
    ]);
    expect(problemsOf(rows)).toEqual([]);
  });

  test('importing onto a batch refuses rows of any other batch', () => {
    const result = validateBaleRows([row(2), row(3, { batchNo: 'B2' })], { batchNo: 'B2' });
    expect(!result.ok && result.problems.map((p) => p.message)).toEqual([
      '第 2 行 批号：批号 65001231001 不是本批 B2',
    ]);
  });

  test('an empty file is refused', () => {
    expect(problemsOf([])).toEqual([{ line: 0, field: null, code: 'noBales' }]);
  });

  test('bales group by batch no in the order the file names them', () => {
    const result = validateBaleRows([row(2, { batchNo: 'B2' }), row(3), row(4, { batchNo: 'B2' })]);
    const groups = result.ok ? groupBalesByBatch(result.bales) : new Map();
    expect([...groups].map(([batchNo, bales]) => [batchNo, bales.map((b: Bale) => b.baleNo)])).toEqual([
      ['B2', ['2', '4']],
      ['65001231001', ['3']],
    ]);
  });

  test('the column ranges are what the messages say', () => {
    const length = BALE_FILE_COLUMNS.find((c) => c.key === 'lengthMm');
    expect(length).toMatchObject({ kind: 'decimal', decimals: 1, min: '15', max: '45' });
  });
});

type BaleQuality = [
  colour: string,
  ginning: string,
  micronaire: string,
  length: string,
  strength: string,
  uniformity: string,
  trash: string,
  regain: string,
];

const bale = (baleNo: number, quality: BaleQuality, batchNo = 'B1'): Bale => {
  const [
    colourGrade,
    ginningGrade,
    micronaire,
    lengthMm,
    strength,
    uniformity,
    trashPercent,
    moistureRegainPercent,
  ] = quality;
  return {
    batchNo,
    baleNo: String(baleNo),
    colourGrade,
    ginningGrade,
    micronaire,
    lengthMm,
    strength,
    uniformity,
    trashPercent,
    moistureRegainPercent,
    grossWeightKg: '228.4',
    tareWeightKg: '1.4',
    netWeightKg: '227.0',
  };
};

// Ten bales worked by hand (a real batch has ~186; the arithmetic is the same):
//   colour   31×6, 21×3, 41×1 → (6×0 + 3×300 + 1×(−400)) / 10 = 500/10 = +50.00 (weighted by bale share)
//   ginning  P2×5, P1×4, P3×1 → (5×0 + 4×200 + 1×(−300)) / 10 = 500/10 = +50.00 (weighted by bale share)
//   micron.  A×5, B2×3, B1×2 → most bales are A → +200.00 (dominant class; the average 4.06 is only shown)
//   length   (4×29.9 + 6×30.4)/10 = 30.2 mm → grade 30 → +600.00 (batch average; bale shares would give 480)
//   strength (5×28.6 + 5×29.4)/10 = 29.0 → S2 → +250.00 (batch average; half the bales are S3)
//   uniform. (5×84.0 + 5×84.2)/10 = 84.1 → U2 → +150.00
//   total    50 + 50 + 200 + 600 + 250 + 150 = +1300.00 CNY/t
//   trash    (5×2.5 + 5×3.0)/10 = 2.75 → 2.8; regain (5×8.5 + 5×10.0)/10 = 9.25 → 9.2 (GB/T 8170: half to even)
//   weights  gross 10×228.4 = 2284, tare 14, net 2270; conditioned: 5 bales at standard = 5×227
//            + 5 × 227 × 97/97.5 × 108.5/110 (= 5 × 222.756…) = 2248.78… → 2249 kg, rounded once
//            (rounding each bale first would give 5×227 + 5×223 = 2250).
const WORKED: Bale[] = [
  bale(1, ['31', 'P2', '4.0', '29.9', '28.6', '84.0', '2.5', '8.5']),
  bale(2, ['31', 'P2', '4.1', '29.9', '28.6', '84.0', '2.5', '8.5']),
  bale(3, ['31', 'P2', '3.9', '29.9', '28.6', '84.0', '2.5', '8.5']),
  bale(4, ['31', 'P2', '3.8', '29.9', '28.6', '84.0', '2.5', '8.5']),
  bale(5, ['31', 'P2', '4.2', '30.4', '28.6', '84.0', '2.5', '8.5']),
  bale(6, ['31', 'P1', '4.4', '30.4', '29.4', '84.2', '3.0', '10.0']),
  bale(7, ['21', 'P1', '4.5', '30.4', '29.4', '84.2', '3.0', '10.0']),
  bale(8, ['21', 'P1', '4.6', '30.4', '29.4', '84.2', '3.0', '10.0']),
  bale(9, ['21', 'P1', '3.6', '30.4', '29.4', '84.2', '3.0', '10.0']),
  bale(10, ['41', 'P3', '3.5', '30.4', '29.4', '84.2', '3.0', '10.0']),
];

describe("a batch's figures from its bales", () => {
  const batch = batchFromBales(WORKED, TABLE);

  test('the premium the exchange way, worked by hand', () => {
    expect(batch.premiums).toEqual({
      colour: { grade: '31', premium: '50.00' },
      ginning: { grade: 'P2', premium: '50.00' },
      micronaire: { grade: 'A', premium: '200.00' },
      length: { grade: '30', premium: '600.00' },
      strength: { grade: 'S2', premium: '250.00' },
      uniformity: { grade: 'U2', premium: '150.00' },
    });
    expect(batch.qualityPremium).toBe('1300.00');
    expect(batch.deliverable).toBe(true);
  });

  test('weights are sums; the conditioned weight is the bales’ exact sum rounded once to the kilogram', () => {
    expect(batch).toMatchObject({
      baleCount: 10,
      grossWeightKg: '2284',
      tareWeightKg: '14',
      netWeightKg: '2270',
      conditionedWeightKg: '2249',
    });
  });

  test('averages at the certificate precision', () => {
    expect(batch).toMatchObject({
      lengthMm: '30.2',
      micronaire: '4.1',
      strength: '29.0',
      uniformity: '84.1',
      trashPercent: '2.8',
      moistureRegainPercent: '9.2',
    });
  });

  test('grade proportions: share of bales in each colour, ginning and micronaire class', () => {
    expect(batch.colourGrades).toEqual([
      { grade: '31', bales: 6, percent: '60.00' },
      { grade: '21', bales: 3, percent: '30.00' },
      { grade: '41', bales: 1, percent: '10.00' },
    ]);
    expect(batch.ginningGrades.map((s) => [s.grade, s.bales])).toEqual([
      ['P2', 5],
      ['P1', 4],
      ['P3', 1],
    ]);
    expect(batch.micronaireClasses.map((s) => [s.grade, s.percent])).toEqual([
      ['A', '50.00'],
      ['B2', '30.00'],
      ['B1', '20.00'],
    ]);
  });

  test('a share-weighted premium is rounded to the fen: (500 + 0 − 400)/3 = 33.33', () => {
    const three = [
      bale(1, ['11', 'P2', '4.0', '28.0', '26.0', '80.0', '2.5', '8.5']),
      bale(2, ['31', 'P2', '4.0', '28.0', '26.0', '80.0', '2.5', '8.5']),
      bale(3, ['41', 'P2', '4.0', '28.0', '26.0', '80.0', '2.5', '8.5']),
    ];
    const result = batchFromBales(three, TABLE);
    expect(result.premiums.colour.premium).toBe('33.33');
    expect(result.colourGrades.map((s) => s.percent)).toEqual(['33.33', '33.33', '33.33']);
    expect(result.qualityPremium).toBe('233.33');
  });

  test('a micronaire tie takes the worse class: 2 bales A (+200), 2 bales B2 (0) → B2', () => {
    const tie = [
      bale(1, ['31', 'P2', '4.0', '28.0', '26.0', '80.0', '2.5', '8.5']),
      bale(2, ['31', 'P2', '4.4', '28.0', '26.0', '80.0', '2.5', '8.5']),
      bale(3, ['31', 'P2', '3.9', '28.0', '26.0', '80.0', '2.5', '8.5']),
      bale(4, ['31', 'P2', '4.5', '28.0', '26.0', '80.0', '2.5', '8.5']),
    ];
    expect(batchFromBales(tie, TABLE).premiums.micronaire).toEqual({ grade: 'B2', premium: '0.00' });
  });

  test('a tie with an undeliverable class makes the batch undeliverable on its micronaire', () => {
    const tie = [
      bale(1, ['31', 'P2', '3.4', '28.0', '26.0', '80.0', '2.5', '8.5']),
      bale(2, ['31', 'P2', '4.0', '28.0', '26.0', '80.0', '2.5', '8.5']),
    ];
    const result = batchFromBales(tie, TABLE);
    expect(result.premiums.micronaire).toEqual({ grade: 'C1', premium: null });
    expect(result.undeliverable).toEqual([{ reason: 'micronaire', baleNos: [] }]);
    expect(result.qualityPremium).toBeNull();
  });

  test('trash, regain and colour are checked per bale, naming the bales', () => {
    const bales = WORKED.map((b) =>
      b.baleNo === '3'
        ? { ...b, trashPercent: '3.6' }
        : b.baleNo === '4' || b.baleNo === '8'
          ? { ...b, moistureRegainPercent: '10.1' }
          : b.baleNo === '9'
            ? { ...b, colourGrade: '32' }
            : b,
    );
    const result = batchFromBales(bales, TABLE);
    expect(result.deliverable).toBe(false);
    expect(result.undeliverable).toEqual([
      { reason: 'trash', baleNos: ['3'] },
      { reason: 'moistureRegain', baleNos: ['4', '8'] },
      { reason: 'colour', baleNos: ['9'] },
    ]);
    expect(result.undeliverableReasons).toEqual(['trash', 'moistureRegain', 'colour']);
    expect(result.premiums.colour.premium).toBeNull();
  });

  test('a bale at the limit is still deliverable: trash 3.5, regain 10.0', () => {
    const bales = WORKED.map((b) =>
      b.baleNo === '1' ? { ...b, trashPercent: '3.5', moistureRegainPercent: '10.0' } : b,
    );
    expect(batchFromBales(bales, TABLE).deliverable).toBe(true);
  });

  test('length, strength and uniformity are refused on the batch average, not on single bales', () => {
    const short = WORKED.map((b) => ({ ...b, lengthMm: b.baleNo === '1' ? '25.0' : '27.0' }));
    expect(batchFromBales(short, TABLE).undeliverable).toEqual([{ reason: 'length', baleNos: [] }]);
    const weak = WORKED.map((b) => ({ ...b, strength: '23.9', uniformity: '76.9' }));
    expect(batchFromBales(weak, TABLE).undeliverable).toEqual([
      { reason: 'strength', baleNos: [] },
      { reason: 'uniformity', baleNos: [] },
    ]);
  });

  test('without ginning grades in the file the batch has no ginning premium and no total', () => {
    const result = batchFromBales(
      WORKED.map(({ ginningGrade: _, ...rest }) => rest),
      TABLE,
    );
    expect(result.premiums.ginning).toEqual({ grade: null, premium: null });
    expect(result.ginningGrades).toEqual([]);
    expect(result.qualityPremium).toBeNull();
    expect(result.deliverable).toBe(true);
  });

  test('the pricing method is the table’s: priced by bale share, length gives 480 instead of 600', () => {
    const byShare = { ...TABLE, methods: { ...TABLE.methods, length: 'baleShare' as const } };
    // 4 bales at 29 (+300) and 6 at 30 (+600): (1200 + 3600)/10 = 480
    expect(batchFromBales(WORKED, byShare).premiums.length).toEqual({ grade: '30', premium: '480.00' });
  });

  test('bales of two batches are refused', () => {
    expect(() => batchFromBales([...WORKED, { ...WORKED[0]!, batchNo: 'B2' }], TABLE)).toThrow();
  });
});
