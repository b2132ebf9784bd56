// Bale-level inspection data (公检 bale file, domain.md §2): one row a bale. The file's columns, the check of
// every row before anything is written, and the batch's figures as they follow from its bales, with the
// exchange premium computed the exchange's way (domain.md §1).

import Decimal from 'decimal.js';
import {
  type DeliveryTable,
  gradePremium,
  INDICATORS,
  type Indicator,
  isUndeliverableGrade,
  type UndeliverableReason,
} from './deliveryRules.ts';
import { type Problem, problem } from './problem.ts';
import {
  CERTIFICATE_DECIMALS,
  COLOUR_GRADES,
  conditionedWeightExact,
  type DecimalText,
  GINNING_GRADES,
  isDecimalText,
  lengthGrade,
  MICRONAIRE_CLASSES,
  micronaireClass,
  roundToKilogram,
  STANDARD_CONDITIONS,
  type StandardConditions,
  strengthGrade,
  uniformityGrade,
} from './quality.ts';

export interface Bale {
  batchNo: string;
  baleNo: string;
  colourGrade: string;
  lengthMm: DecimalText;
  micronaire: DecimalText;
  strength: DecimalText;
  uniformity: DecimalText;
  trashPercent: DecimalText;
  moistureRegainPercent: DecimalText;
  grossWeightKg: DecimalText;
  tareWeightKg: DecimalText;
  netWeightKg: DecimalText;
  /** Only when the file has the column (轧工质量). */
  ginningGrade?: string;
}

export type BaleField = keyof Bale;

interface ColumnBase {
  key: BaleField;
  /** As the 公检 file heads the column; the unit in brackets is optional when reading. */
  header: string;
  required: boolean;
  /** A value for the template's example row. */
  example: string;
}

export type BaleColumn = ColumnBase &
  (
    | { kind: 'code' }
    | { kind: 'grade'; grades: readonly string[] }
    | { kind: 'decimal'; decimals: number; min: DecimalText; max: DecimalText }
  );

const decimal = (decimals: number, min: string, max: string) =>
  ({ kind: 'decimal', decimals, min, max }) as const;

/** The columns of a 公检 bale file, in the template's order. Ranges refuse what no bale can measure. */
export const BALE_FILE_COLUMNS: readonly BaleColumn[] = [
  { key: 'batchNo', header: '批号', required: true, example: '65001231001', kind: 'code' },
  { key: 'baleNo', header: '包号', required: true, example: '6500123100101', kind: 'code' },
  {
    key: 'colourGrade',
    header: '颜色级',
    required: true,
    example: '31',
    kind: 'grade',
    grades: COLOUR_GRADES,
  },
  {
    key: 'lengthMm',
    header: '长度(mm)',
    required: true,
    example: '28.6',
    ...decimal(CERTIFICATE_DECIMALS.lengthMm, '15', '45'),
  },
  {
    key: 'micronaire',
    header: '马克隆值',
    required: true,
    example: '4.1',
    ...decimal(CERTIFICATE_DECIMALS.micronaire, '2', '7'),
  },
  {
    key: 'strength',
    header: '断裂比强度(cN/tex)',
    required: true,
    example: '28.4',
    ...decimal(CERTIFICATE_DECIMALS.strength, '10', '50'),
  },
  {
    key: 'uniformity',
    header: '长度整齐度(%)',
    required: true,
    example: '82.6',
    ...decimal(CERTIFICATE_DECIMALS.uniformity, '60', '100'),
  },
  {
    key: 'trashPercent',
    header: '含杂率(%)',
    required: true,
    example: '2.4',
    ...decimal(CERTIFICATE_DECIMALS.trashPercent, '0', '10'),
  },
  {
    key: 'moistureRegainPercent',
    header: '回潮率(%)',
    required: true,
    example: '7.6',
    ...decimal(CERTIFICATE_DECIMALS.moistureRegainPercent, '0', '20'),
  },
  { key: 'grossWeightKg', header: '毛重(kg)', required: true, example: '228.4', ...decimal(1, '100', '400') },
  { key: 'tareWeightKg', header: '皮重(kg)', required: true, example: '1.4', ...decimal(1, '0', '20') },
  { key: 'netWeightKg', header: '净重(kg)', required: false, example: '227.0', ...decimal(1, '100', '400') },
  {
    key: 'ginningGrade',
    header: '轧工质量',
    required: false,
    example: 'P2',
    kind: 'grade',
    grades: GINNING_GRADES,
  },
];

const COLUMN_BY_KEY = new Map(BALE_FILE_COLUMNS.map((column) => [column.key, column]));

/** A header without its unit or spaces: "长度（毫米）" and "长度 (mm)" both read as 长度. */
const headerName = (header: string) => header.replace(/[(（].*?[)）]/g, '').replace(/\s+/g, '');

/** The template: the header row and one example row. */
export const baleFileTemplate = (): string[][] => [
  BALE_FILE_COLUMNS.map((column) => column.header),
  BALE_FILE_COLUMNS.map((column) => column.example),
];

/** One row of the file as read: its line in the file (the header is line 1) and its cells by field. */
export interface BaleFileRow {
  line: number;
  cells: Partial<Record<BaleField, string>>;
}

export interface BaleRowProblem extends Problem {
  /** The file's line; 0 for the file as a whole. */
  line: number;
  field: BaleField | null;
}

const cellText = (cell: unknown): string =>
  cell === null || cell === undefined ? '' : typeof cell === 'string' ? cell.trim() : String(cell);

const lineProblem = (line: number, field: BaleField | null, found: Problem): BaleRowProblem => {
  const where = [line > 0 ? `第 ${line} 行` : '', field ? COLUMN_BY_KEY.get(field)!.header : ''].filter(
    Boolean,
  );
  const message = where.length > 0 ? `${where.join(' ')}：${found.message}` : found.message;
  return { ...found, line, field, message };
};

/**
 * The rows of a sheet (CSV or the first worksheet, cells as read): the header is the first row naming 包号;
 * columns the file has beyond BALE_FILE_COLUMNS are ignored, blank rows skipped. A file missing a required
 * column gives no rows, only the problems of its header.
 */
export function readBaleSheet(sheet: readonly (readonly unknown[])[]): {
  rows: BaleFileRow[];
  problems: BaleRowProblem[];
} {
  const headerIndex = sheet.findIndex((row) => row.some((cell) => headerName(cellText(cell)) === '包号'));
  if (headerIndex < 0)
    return {
      rows: [],
      problems: [lineProblem(0, null, problem('noHeader', '找不到表头：文件中没有“包号”列'))],
    };
  const names = (sheet[headerIndex] ?? []).map((cell) => headerName(cellText(cell)));
  const positions = BALE_FILE_COLUMNS.map(
    (column) => [column, names.indexOf(headerName(column.header))] as const,
  );
  const problems = positions
    .filter(([column, at]) => column.required && at < 0)
    .map(([column]) =>
      lineProblem(
        headerIndex + 1,
        null,
        problem('missingColumn', `缺少“${column.header}”列`, { column: column.header }),
      ),
    );
  if (problems.length > 0) return { rows: [], problems };
  const rows = sheet
    .map((row, index) => ({
      line: index + 1,
      cells: Object.fromEntries(
        positions.filter(([, at]) => at >= 0).map(([column, at]) => [column.key, cellText(row[at])]),
      ),
    }))
    .slice(headerIndex + 1)
    .filter((row) => Object.values(row.cells).some((value) => value !== ''));
  return { rows, problems };
}

const CODE_PATTERN = /^[A-Za-z0-9-]{1,32}$/;

/** The problem of one cell, or undefined when it is fine. */
function cellProblem(column: BaleColumn, value: string | undefined): Problem | undefined {
  if (value === undefined || value === '') return column.required ? problem('missing', '未填写') : undefined;
  switch (column.kind) {
    case 'code':
      return CODE_PATTERN.test(value)
        ? undefined
        : problem('badCode', `“${value}”只能由字母、数字和“-”组成，最多 32 位`, { value });
    case 'grade':
      return column.grades.includes(value)
        ? undefined
        : problem('unknownGrade', `“${value}”不是可用的等级（${column.grades.join('、')}）`, { value });
    case 'decimal':
      return decimalProblem(column, value);
  }
}

function decimalProblem(
  column: Extract<BaleColumn, { kind: 'decimal' }>,
  value: string,
): Problem | undefined {
  if (!isDecimalText(value)) return problem('notANumber', `“${value}”不是数字`, { value });
  const number = new Decimal(value);
  if (number.decimalPlaces() > column.decimals)
    return problem('certificatePrecision', `${value} 应按检验证书写到 ${column.decimals} 位小数`, {
      value,
      decimals: column.decimals,
    });
  if (number.lessThan(column.min) || number.greaterThan(column.max))
    return problem('outOfRange', `${value} 超出范围，应在 ${column.min} 到 ${column.max} 之间`, {
      value,
      min: column.min,
      max: column.max,
    });
  return undefined;
}

/** A net weight given must be gross − tare (the ranges keep tare well below gross). */
function weightProblems(row: BaleFileRow): BaleRowProblem[] {
  const { grossWeightKg: gross, tareWeightKg: tare, netWeightKg: net } = row.cells;
  if (!gross || !tare || !net || new Decimal(net).equals(new Decimal(gross).minus(tare))) return [];
  const mismatch = problem('netNotGrossLessTare', `净重 ${net} 不等于毛重 ${gross} 减皮重 ${tare}`, {
    net,
    gross,
    tare,
  });
  return [lineProblem(row.line, 'netWeightKg', mismatch)];
}

export interface BaleRowOptions {
  /** The batch the file must be for (importing onto one batch). */
  batchNo?: string;
  /** The file must hold one batch only; without it, rows group by batch no. */
  singleBatch?: boolean;
}

/** Rows of another batch than the expected one (or than the first row's, for a single-batch file). */
function batchProblems(rows: readonly BaleFileRow[], options: BaleRowOptions): BaleRowProblem[] {
  const expected = options.batchNo ?? (options.singleBatch ? rows[0]?.cells.batchNo : undefined);
  if (!expected) return [];
  return rows
    .filter((row) => row.cells.batchNo && row.cells.batchNo !== expected)
    .map((row) =>
      lineProblem(
        row.line,
        'batchNo',
        options.batchNo
          ? problem('otherBatch', `批号 ${row.cells.batchNo} 不是本批 ${expected}`, { expected })
          : problem(
              'mixedBatches',
              `批号 ${row.cells.batchNo} 与首行批号 ${expected} 不同，一个文件只能是一批`,
              {
                expected,
              },
            ),
      ),
    );
}

/** A bale number seen before in the same batch. */
function duplicateProblems(rows: readonly BaleFileRow[]): BaleRowProblem[] {
  const firstLine = new Map<string, number>();
  const found: BaleRowProblem[] = [];
  for (const row of rows) {
    const { batchNo, baleNo } = row.cells;
    if (!baleNo) continue;
    const key = `${batchNo ?? ''}\u0000${baleNo}`;
    const seen = firstLine.get(key);
    if (seen === undefined) firstLine.set(key, row.line);
    else
      found.push(
        lineProblem(
          row.line,
          'baleNo',
          problem('duplicateBale', `包号 ${baleNo} 与第 ${seen} 行重复`, { line: seen }),
        ),
      );
  }
  return found;
}

function toBale(row: BaleFileRow): Bale {
  const cells = row.cells as Record<BaleField, string>;
  const bale: Bale = {
    batchNo: cells.batchNo,
    baleNo: cells.baleNo,
    colourGrade: cells.colourGrade,
    lengthMm: cells.lengthMm,
    micronaire: cells.micronaire,
    strength: cells.strength,
    uniformity: cells.uniformity,
    trashPercent: cells.trashPercent,
    moistureRegainPercent: cells.moistureRegainPercent,
    grossWeightKg: cells.grossWeightKg,
    tareWeightKg: cells.tareWeightKg,
    netWeightKg: cells.netWeightKg || new Decimal(cells.grossWeightKg).minus(cells.tareWeightKg).toString(),
  };
  return cells.ginningGrade ? { ...bale, ginningGrade: cells.ginningGrade } : bale;
}

export type BaleValidation = { ok: true; bales: Bale[] } | { ok: false; problems: BaleRowProblem[] };

/** Every bad row with its line, field and what to fix; the bales only when every row is good. */
export function validateBaleRows(rows: readonly BaleFileRow[], options: BaleRowOptions = {}): BaleValidation {
  if (rows.length === 0)
    return { ok: false, problems: [lineProblem(0, null, problem('noBales', '文件中没有包的数据'))] };
  const cellProblems = rows.flatMap((row) =>
    BALE_FILE_COLUMNS.flatMap((column) => {
      const found = cellProblem(column, row.cells[column.key]);
      return found ? [lineProblem(row.line, column.key, found)] : [];
    }),
  );
  const flagged = new Set(cellProblems.map((p) => `${p.line}:${p.field}`));
  const weightChecked = rows.filter(
    (row) =>
      !['grossWeightKg', 'tareWeightKg', 'netWeightKg'].some((field) => flagged.has(`${row.line}:${field}`)),
  );
  const problems = [
    ...cellProblems,
    ...weightChecked.flatMap(weightProblems),
    ...batchProblems(rows, options),
    ...duplicateProblems(rows),
  ].sort((a, b) => a.line - b.line);
  return problems.length > 0 ? { ok: false, problems } : { ok: true, bales: rows.map(toBale) };
}

/** Bales by batch no, in the order the file first names each batch. */
export function groupBalesByBatch(bales: readonly Bale[]): Map<string, Bale[]> {
  const groups = new Map<string, Bale[]>();
  for (const bale of bales) {
    const group = groups.get(bale.batchNo);
    if (group) group.push(bale);
    else groups.set(bale.batchNo, [bale]);
  }
  return groups;
}

export interface GradeShare {
  grade: string;
  bales: number;
  /** Share of the batch's bales, percent with 2 decimals. */
  percent: string;
}

export interface IndicatorPremium {
  /** The grade the batch is described by: the average's grade, or the grade most bales have. */
  grade: string | null;
  /** CNY/t against the base grade; null when a bale's grade is unknown or not priced. */
  premium: string | null;
}

export interface BatchFromBales {
  batchNo: string;
  baleCount: number;
  grossWeightKg: string;
  tareWeightKg: string;
  netWeightKg: string;
  /** Kilograms, rounded once (see `batchFromBales`). */
  conditionedWeightKg: string;
  /** Averages of the bales at the certificate's precision. */
  lengthMm: string;
  micronaire: string;
  strength: string;
  uniformity: string;
  trashPercent: string;
  moistureRegainPercent: string;
  colourGrades: GradeShare[];
  ginningGrades: GradeShare[];
  micronaireClasses: GradeShare[];
  premiums: Record<Indicator, IndicatorPremium>;
  /** Sum of the indicators' premiums; null when one of them is. */
  qualityPremium: string | null;
  deliverable: boolean;
  undeliverableReasons: UndeliverableReason[];
  /** Each reason with the bales that cause it; no bales when the batch's own grade causes it. */
  undeliverable: { reason: UndeliverableReason; baleNos: string[] }[];
}

type AverageField =
  | 'lengthMm'
  | 'micronaire'
  | 'strength'
  | 'uniformity'
  | 'trashPercent'
  | 'moistureRegainPercent';

/** The mean at the certificate's precision, rounded as GB/T 8170 rounds (half to even). */
function average(bales: readonly Bale[], field: AverageField): string {
  const sum = bales.reduce((total, bale) => total.plus(bale[field]), new Decimal(0));
  const decimals = CERTIFICATE_DECIMALS[field];
  return sum.dividedBy(bales.length).toDecimalPlaces(decimals, Decimal.ROUND_HALF_EVEN).toFixed(decimals);
}

const sumOf = (bales: readonly Bale[], field: 'grossWeightKg' | 'tareWeightKg' | 'netWeightKg') =>
  bales.reduce((total, bale) => total.plus(bale[field]), new Decimal(0));

const BALE_GRADE: Record<Indicator, (bale: Bale) => string | undefined> = {
  colour: (bale) => bale.colourGrade,
  ginning: (bale) => bale.ginningGrade,
  micronaire: (bale) => micronaireClass(bale.micronaire),
  length: (bale) => lengthGrade(bale.lengthMm),
  strength: (bale) => strengthGrade(bale.strength),
  uniformity: (bale) => uniformityGrade(bale.uniformity),
};

type Averages = Pick<BatchFromBales, 'lengthMm' | 'micronaire' | 'strength' | 'uniformity'>;

const AVERAGE_GRADE: Partial<Record<Indicator, (averages: Averages) => string>> = {
  length: (averages) => lengthGrade(averages.lengthMm),
  micronaire: (averages) => micronaireClass(averages.micronaire),
  strength: (averages) => strengthGrade(averages.strength),
  uniformity: (averages) => uniformityGrade(averages.uniformity),
};

/** Bale counts per grade, most bales first. */
function countGrades(grades: readonly (string | undefined)[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const grade of grades) if (grade !== undefined) counts.set(grade, (counts.get(grade) ?? 0) + 1);
  return counts;
}

function shares(
  grades: readonly (string | undefined)[],
  total: number,
  order: readonly string[],
): GradeShare[] {
  return [...countGrades(grades)]
    .sort(([a, x], [b, y]) => y - x || order.indexOf(a) - order.indexOf(b))
    .map(([grade, bales]) => ({
      grade,
      bales,
      percent: new Decimal(bales)
        .times(100)
        .dividedBy(total)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toFixed(2),
    }));
}

/**
 * The grade most bales have (主体). A tie takes the worse grade: the one the table prices lower, a grade it
 * does not price (not deliverable) worst of all; so a tie never prices a batch above what most bales are.
 */
function dominantGrade(table: DeliveryTable, indicator: Indicator, grades: readonly (string | undefined)[]) {
  const worth = (grade: string) => gradePremium(table, indicator, grade) ?? new Decimal(-Infinity);
  let best: [string, number] | undefined;
  for (const [grade, count] of countGrades(grades)) {
    if (!best || count > best[1] || (count === best[1] && worth(grade).lessThan(worth(best[0]))))
      best = [grade, count];
  }
  return best?.[0] ?? null;
}

const money = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2);

/** Each bale's premium weighted by its share of the bales: Σ (bales of a grade × its premium) / bales. */
function shareWeightedPremium(
  table: DeliveryTable,
  indicator: Indicator,
  grades: readonly (string | undefined)[],
) {
  if (grades.includes(undefined)) return null;
  let sum = new Decimal(0);
  for (const [grade, count] of countGrades(grades)) {
    const premium = gradePremium(table, indicator, grade);
    if (premium === null) return null;
    sum = sum.plus(premium.times(count));
  }
  return money(sum.dividedBy(grades.length));
}

function indicatorPremium(
  table: DeliveryTable,
  indicator: Indicator,
  grades: readonly (string | undefined)[],
  averages: Averages,
): IndicatorPremium {
  const method = table.methods[indicator];
  const gradeOfAverage = AVERAGE_GRADE[indicator];
  if (method === 'batchAverage' && !gradeOfAverage)
    throw new Error(`${indicator} has no average value to grade; its premium method cannot be batchAverage`);
  const grade =
    method === 'batchAverage' ? gradeOfAverage!(averages) : dominantGrade(table, indicator, grades);
  if (method === 'baleShare') return { grade, premium: shareWeightedPremium(table, indicator, grades) };
  const premium = grade === null ? null : gradePremium(table, indicator, grade);
  return { grade, premium: premium === null ? null : money(premium) };
}

const INDICATOR_REASON: Partial<Record<Indicator, UndeliverableReason>> = {
  colour: 'colour',
  length: 'length',
  micronaire: 'micronaire',
  strength: 'strength',
  uniformity: 'uniformity',
};

/**
 * Limits are checked where the table prices: per bale for trash, regain and the indicators weighted by
 * bale share (naming the bales), on the batch's own grade for the others.
 */
function undeliverableFindings(
  table: DeliveryTable,
  bales: readonly Bale[],
  baleGrades: Record<Indicator, (string | undefined)[]>,
  premiums: Record<Indicator, IndicatorPremium>,
) {
  const { limits } = table;
  const balesWhere = (test: (bale: Bale, index: number) => boolean) =>
    bales.filter(test).map((bale) => bale.baleNo);
  const findings: { reason: UndeliverableReason; baleNos: string[] }[] = [];
  const maxTrash = new Decimal(limits.maxTrashPercent);
  const maxRegain = new Decimal(limits.maxBaleRegainPercent);
  const trash = balesWhere((bale) => maxTrash.lessThan(bale.trashPercent));
  if (trash.length > 0) findings.push({ reason: 'trash', baleNos: trash });
  const regain = balesWhere((bale) => maxRegain.lessThan(bale.moistureRegainPercent));
  if (regain.length > 0) findings.push({ reason: 'moistureRegain', baleNos: regain });
  for (const indicator of INDICATORS) {
    const reason = INDICATOR_REASON[indicator];
    if (!reason) continue;
    if (table.methods[indicator] === 'baleShare') {
      const refused = balesWhere((_, i) =>
        isUndeliverableGrade(table, indicator, baleGrades[indicator][i] ?? ''),
      );
      if (refused.length > 0) findings.push({ reason, baleNos: refused });
    } else {
      const grade = premiums[indicator].grade;
      if (grade !== null && isUndeliverableGrade(table, indicator, grade))
        findings.push({ reason, baleNos: [] });
    }
  }
  return findings;
}

/**
 * A batch's figures from its bales (all of one batch, validated). The conditioned weight is the sum of the
 * bales' exact conditioned weights, rounded once to the kilogram: trash and regain are measured per bale
 * and regain divides, so the formula on the batch's averages is not the sum over its bales (and those
 * averages are rounded to 0.1, ≈20 kg on a 40 t batch); rounding each bale first would let 186 roundings
 * drift the total by up to 93 kg.
 */
export function batchFromBales(
  bales: readonly Bale[],
  table: DeliveryTable,
  standard: StandardConditions = STANDARD_CONDITIONS,
): BatchFromBales {
  const first = bales[0];
  if (!first) throw new Error('A batch needs at least one bale');
  if (bales.some((bale) => bale.batchNo !== first.batchNo)) throw new Error('Bales of more than one batch');
  const averages = {
    lengthMm: average(bales, 'lengthMm'),
    micronaire: average(bales, 'micronaire'),
    strength: average(bales, 'strength'),
    uniformity: average(bales, 'uniformity'),
    trashPercent: average(bales, 'trashPercent'),
    moistureRegainPercent: average(bales, 'moistureRegainPercent'),
  };
  const baleGrades = Object.fromEntries(
    INDICATORS.map((indicator) => [indicator, bales.map(BALE_GRADE[indicator])]),
  ) as Record<Indicator, (string | undefined)[]>;
  const premiums = Object.fromEntries(
    INDICATORS.map((indicator) => [
      indicator,
      indicatorPremium(table, indicator, baleGrades[indicator], averages),
    ]),
  ) as Record<Indicator, IndicatorPremium>;
  const amounts = INDICATORS.map((indicator) => premiums[indicator].premium);
  const conditioned = bales.reduce(
    (total, bale) => total.plus(conditionedWeightExact({ ...bale, netWeightKg: bale.netWeightKg }, standard)),
    new Decimal(0),
  );
  const undeliverable = undeliverableFindings(table, bales, baleGrades, premiums);
  return {
    batchNo: first.batchNo,
    baleCount: bales.length,
    grossWeightKg: sumOf(bales, 'grossWeightKg').toString(),
    tareWeightKg: sumOf(bales, 'tareWeightKg').toString(),
    netWeightKg: sumOf(bales, 'netWeightKg').toString(),
    conditionedWeightKg: roundToKilogram(conditioned).toString(),
    ...averages,
    colourGrades: shares(baleGrades.colour, bales.length, COLOUR_GRADES),
    ginningGrades: shares(baleGrades.ginning, bales.length, GINNING_GRADES),
    micronaireClasses: shares(baleGrades.micronaire, bales.length, MICRONAIRE_CLASSES),
    premiums,
    qualityPremium: amounts.some((amount) => amount === null)
      ? null
      : money(amounts.reduce((total, amount) => total.plus(amount!), new Decimal(0))),
    deliverable: undeliverable.length === 0,
    undeliverableReasons: undeliverable.map((finding) => finding.reason),
    undeliverable,
  };
}
