// Batches of cotton (domain.md §2, §7) with what their inspection certificate says, the exchange's
// premium of each delivery warehouse (§3) and the premium overview of every batch against the base grade
// 3128B (§1). The derived values of a batch (weights, grades, deliverability) are computed here once: the
// server stores them on save so lists can filter and sort by them.

import Decimal from 'decimal.js';
import { customRule, defineResource } from '../../shared/resource/index.ts';
import type { SystemArea } from './area.ts';
import { entries } from './dictionaries.ts';
import { cropYearField } from './settings.ts';
import { crudPermissions } from './workflows.ts';

/** Trash and moisture regain the conditioned weight is brought to (domain.md §2, saw-ginned lint). */
export const STANDARD_TRASH_PERCENT = '2.5';
export const STANDARD_REGAIN_PERCENT = '8.5';

/** What the inspection certificate gives; values as they travel (decimal text). */
export interface BatchCertificate {
  grossWeightKg: string;
  tareWeightKg: string;
  trashPercent: string;
  moistureRegainPercent: string;
  colourGrade: string;
  lengthMm: string;
  micronaire: string;
  strength: string;
  uniformity: string;
}

export type UndeliverableReason =
  | 'trash'
  | 'moistureRegain'
  | 'colour'
  | 'length'
  | 'micronaire'
  | 'strength'
  | 'uniformity';

export interface BatchDerivedValues {
  /** Tonnes. */
  netWeight: string;
  /** Tonnes, rounded to the kilogram. */
  conditionedWeight: string;
  lengthGrade: string;
  micronaireGrade: string;
  strengthGrade: string;
  uniformityGrade: string;
  deliverable: boolean;
  undeliverableReasons: UndeliverableReason[];
}

const KG_PER_TONNE = 1000;

export function netWeightKg(grossWeightKg: string, tareWeightKg: string): Decimal {
  return new Decimal(grossWeightKg).minus(tareWeightKg);
}

/** W_c = W_net × (100 − trash)/(100 − 2.5) × (100 + 8.5)/(100 + regain), rounded to the kilogram. */
export function conditionedWeightKg(
  batch: Pick<BatchCertificate, 'grossWeightKg' | 'tareWeightKg' | 'trashPercent' | 'moistureRegainPercent'>,
): Decimal {
  const hundred = new Decimal(100);
  return netWeightKg(batch.grossWeightKg, batch.tareWeightKg)
    .times(hundred.minus(batch.trashPercent))
    .times(hundred.plus(STANDARD_REGAIN_PERCENT))
    .dividedBy(hundred.minus(STANDARD_TRASH_PERCENT).times(hundred.plus(batch.moistureRegainPercent)))
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}

const tonnes = (kilograms: Decimal) => kilograms.dividedBy(KG_PER_TONNE).toString();

/** Grades by lower bound, best first; a value below every bound takes the last grade. */
function gradeByLowerBound(value: string, bounds: readonly [string, number][], lowest: string): string {
  const found = bounds.find(([, bound]) => new Decimal(value).greaterThanOrEqualTo(bound));
  return found ? found[0] : lowest;
}

/** Micronaire: C1 ≤3.4 · B1 3.5–3.6 · A 3.7–4.2 · B2 4.3–4.9 · C2 ≥5.0 (domain.md §2). */
export function micronaireGrade(micronaire: string): string {
  return gradeByLowerBound(
    micronaire,
    [
      ['C2', 5.0],
      ['B2', 4.3],
      ['A', 3.7],
      ['B1', 3.5],
    ],
    'C1',
  );
}

/** Breaking strength cN/tex: S1 ≥31 · S2 ≥29 · S3 ≥26 · S4 ≥24 · S5 below. */
export function strengthGrade(strength: string): string {
  return gradeByLowerBound(
    strength,
    [
      ['S1', 31],
      ['S2', 29],
      ['S3', 26],
      ['S4', 24],
    ],
    'S5',
  );
}

/** Length uniformity %: U1 ≥86 · U2 ≥83 · U3 ≥80 · U4 ≥77 · U5 below. */
export function uniformityGrade(uniformity: string): string {
  return gradeByLowerBound(
    uniformity,
    [
      ['U1', 86],
      ['U2', 83],
      ['U3', 80],
      ['U4', 77],
    ],
    'U5',
  );
}

/** The premium table's top length grade stands for itself and every longer staple ("≥30"). */
const TOP_LENGTH_GRADE = 30;

/**
 * Length grade in whole millimetres as the premium table names it. The national standard rounds to the
 * nearest millimetre (27.5–28.4 mm is grade 28).
 */
export function lengthGrade(lengthMm: string): string {
  const whole = new Decimal(lengthMm).toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
  return Decimal.min(whole, TOP_LENGTH_GRADE).toString();
}

const MAX_TRASH_PERCENT = 3.5;
const MAX_REGAIN_PERCENT = 10;
const MIN_LENGTH_GRADE = 27;
const UNDELIVERABLE_COLOURS: ReadonlySet<string> = new Set(['51', '32', '13', '23', '33', '14', '24']);

/** Why the exchange would refuse the batch for delivery (domain.md §1 "Not deliverable"); empty if it would not. */
export function undeliverableReasons(batch: BatchCertificate): UndeliverableReason[] {
  const reasons: [UndeliverableReason, boolean][] = [
    ['trash', new Decimal(batch.trashPercent).greaterThan(MAX_TRASH_PERCENT)],
    ['moistureRegain', new Decimal(batch.moistureRegainPercent).greaterThan(MAX_REGAIN_PERCENT)],
    ['colour', UNDELIVERABLE_COLOURS.has(batch.colourGrade)],
    ['length', Number(lengthGrade(batch.lengthMm)) < MIN_LENGTH_GRADE],
    ['micronaire', micronaireGrade(batch.micronaire) === 'C1'],
    ['strength', strengthGrade(batch.strength) === 'S5'],
    ['uniformity', uniformityGrade(batch.uniformity) === 'U5'],
  ];
  return reasons.filter(([, applies]) => applies).map(([reason]) => reason);
}

/** Every server-owned value of a batch, from its certificate. */
export function deriveBatchValues(batch: BatchCertificate): BatchDerivedValues {
  const reasons = undeliverableReasons(batch);
  return {
    netWeight: tonnes(netWeightKg(batch.grossWeightKg, batch.tareWeightKg)),
    conditionedWeight: tonnes(conditionedWeightKg(batch)),
    lengthGrade: lengthGrade(batch.lengthMm),
    micronaireGrade: micronaireGrade(batch.micronaire),
    strengthGrade: strengthGrade(batch.strength),
    uniformityGrade: uniformityGrade(batch.uniformity),
    deliverable: reasons.length === 0,
    undeliverableReasons: reasons,
  };
}

const range = (min: number | string, max: number | string) =>
  [
    { kind: 'min', value: min },
    { kind: 'max', value: max },
  ] as const;

/** Kilograms as the certificate writes them: at most one decimal. */
const KILOGRAMS = { kind: 'pattern', value: '\\d+(\\.\\d)?', message: 'validation.kilograms' } as const;

/** Checked only against a gross weight that is itself a number (its own rules report it otherwise). */
const tareBelowGross = customRule('validation.tareBelowGross', (value, record) => {
  const gross = String(record.grossWeightKg ?? '');
  return !/^\d+(\.\d+)?$/.test(gross) || new Decimal(String(value)).lessThan(gross);
});

const required = { kind: 'required' } as const;

/** A batch and its inspection certificate; status is moved by other documents (moveBatch). */
const batchStates = {
  field: 'status',
  initial: 'stock',
  states: {
    inTransit: 'state.inTransit',
    stock: 'state.inStock',
    reserved: 'state.reserved',
    pledged: 'state.pledged',
    receipted: 'state.receipted',
    sold: 'state.sold',
    out: 'state.out',
  },
  transitions: [],
} as const;

export const batch = defineResource({
  key: 'batch',
  area: 'pri',
  resource: 'MtfmBatchData',
  title: 'route.MtfmBatchData',
  titleField: 'batchNo',
  fields: {
    batchNo: {
      label: 'field.batchNo',
      type: 'text',
      rules: [required, { kind: 'pattern', value: '[A-Za-z0-9-]{1,32}', message: 'validation.batchNo' }],
    },
    ginner: { label: 'field.ginner', type: 'text', rules: [required, { kind: 'maxLength', value: 100 }] },
    cropYear: cropYearField,
    warehouseId: { label: 'field.warehouse', type: 'warehouse', rules: [required] },
    baleCount: { label: 'field.baleCount', type: 'integer', rules: [required, ...range(1, 400)] },
    grossWeightKg: {
      label: 'field.grossWeightKg',
      type: 'number',
      unit: 'kg',
      rules: [required, KILOGRAMS, ...range('0.1', 100000)],
    },
    tareWeightKg: {
      label: 'field.tareWeightKg',
      type: 'number',
      unit: 'kg',
      rules: [required, KILOGRAMS, { kind: 'min', value: 0 }, tareBelowGross],
    },
    netWeight: { label: 'field.netWeight', type: 'weight', readOnly: true },
    trashPercent: { label: 'field.trashPercent', type: 'percent', rules: [required, ...range(0, 10)] },
    moistureRegainPercent: {
      label: 'field.moistureRegainPercent',
      type: 'percent',
      rules: [required, ...range(0, 20)],
    },
    conditionedWeight: { label: 'field.conditionedWeight', type: 'weight', readOnly: true },
    colourGrade: { label: 'field.colourGrade', type: 'enum', dictionary: 'colourGrade', rules: [required] },
    lengthMm: { label: 'field.lengthMm', type: 'number', unit: 'mm', rules: [required, ...range(25, 32)] },
    lengthGrade: { label: 'field.lengthGrade', type: 'text', readOnly: true },
    micronaire: { label: 'field.micronaire', type: 'number', rules: [required, ...range(2, 7)] },
    micronaireGrade: {
      label: 'field.micronaireGrade',
      type: 'enum',
      dictionary: 'micronaire',
      readOnly: true,
    },
    strength: {
      label: 'field.strength',
      type: 'number',
      unit: 'cN/tex',
      rules: [required, ...range(10, 50)],
    },
    strengthGrade: {
      label: 'field.strengthGrade',
      type: 'enum',
      dictionary: 'strengthGrade',
      readOnly: true,
    },
    uniformity: { label: 'field.uniformity', type: 'percent', rules: [required, ...range(60, 100)] },
    uniformityGrade: {
      label: 'field.uniformityGrade',
      type: 'enum',
      dictionary: 'uniformityGrade',
      readOnly: true,
    },
    ginningGrade: {
      label: 'field.ginningGrade',
      type: 'enum',
      dictionary: 'ginningGrade',
      rules: [required],
    },
    deliverable: { label: 'field.deliverable', type: 'boolean', readOnly: true },
    undeliverableReasons: {
      label: 'field.undeliverableReasons',
      type: 'enum',
      dictionary: 'undeliverableReason',
      multiple: true,
      readOnly: true,
    },
    status: { label: 'field.status', type: 'enum', dictionary: 'batchState', readOnly: true },
  },
  list: {
    columns: [
      'batchNo',
      'cropYear',
      'warehouseId',
      'ginner',
      'baleCount',
      'netWeight',
      'conditionedWeight',
      'colourGrade',
      'lengthGrade',
      'micronaireGrade',
      'strengthGrade',
      'uniformityGrade',
      'ginningGrade',
      'deliverable',
      'status',
      { field: 'grossWeightKg', hiddenByDefault: true },
      { field: 'tareWeightKg', hiddenByDefault: true },
      { field: 'trashPercent', hiddenByDefault: true },
      { field: 'moistureRegainPercent', hiddenByDefault: true },
      { field: 'lengthMm', hiddenByDefault: true },
      { field: 'micronaire', hiddenByDefault: true },
      { field: 'strength', hiddenByDefault: true },
      { field: 'uniformity', hiddenByDefault: true },
      { field: 'undeliverableReasons', hiddenByDefault: true },
    ],
    filters: [
      'batchNo',
      'cropYear',
      'warehouseId',
      'colourGrade',
      { field: 'status', op: 'in' },
      'deliverable',
    ],
    defaultSort: { field: 'batchNo', order: 'asc' },
  },
  form: {
    fields: [
      'batchNo',
      'ginner',
      'cropYear',
      'warehouseId',
      'baleCount',
      'grossWeightKg',
      'tareWeightKg',
      'trashPercent',
      'moistureRegainPercent',
      'colourGrade',
      'lengthMm',
      'micronaire',
      'strength',
      'uniformity',
      'ginningGrade',
    ],
  },
  detail: {
    sections: [
      {
        title: 'section.batchPlace',
        fields: ['batchNo', 'ginner', 'cropYear', 'warehouseId', 'baleCount', 'status'],
      },
      {
        title: 'section.weights',
        fields: [
          'grossWeightKg',
          'tareWeightKg',
          'netWeight',
          'trashPercent',
          'moistureRegainPercent',
          'conditionedWeight',
        ],
      },
      {
        title: 'section.quality',
        fields: [
          'colourGrade',
          'lengthMm',
          'lengthGrade',
          'micronaire',
          'micronaireGrade',
          'strength',
          'strengthGrade',
          'uniformity',
          'uniformityGrade',
          'ginningGrade',
          'deliverable',
          'undeliverableReasons',
        ],
      },
    ],
  },
  // A batch has no actions of its own: documents move it (moveBatch). Declaring its states shows the state
  // and that history (who, when, which document) on the batch itself.
  workflow: batchStates,
  permissions: crudPermissions,
  report: {
    groupBy: ['warehouseId', 'cropYear', 'status'],
    totals: ['conditionedWeight', 'baleCount', 'netWeight'],
    chart: true,
  },
});

/** The exchange's premium (+) or discount (−) of a delivery warehouse, CNY/t, versioned by crop year. */
export const warehousePremium = defineResource({
  key: 'warehousePremium',
  area: 'pri',
  resource: 'QmFuturesDiscount',
  title: 'route.QmFuturesDiscount',
  titleField: 'cropYear',
  fields: {
    cropYear: cropYearField,
    warehouseId: { label: 'field.warehouse', type: 'warehouse', rules: [required] },
    premium: { label: 'field.premiumPerTonne', type: 'money', rules: [required, ...range(-5000, 5000)] },
    effectiveFrom: { label: 'field.effectiveFrom', type: 'date', rules: [required] },
    remark: { label: 'field.remark', type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: ['cropYear', 'warehouseId', 'premium', 'effectiveFrom', 'remark'],
    filters: ['cropYear', 'warehouseId'],
    defaultSort: { field: 'cropYear', order: 'desc' },
  },
  form: { fields: ['cropYear', 'warehouseId', 'premium', 'effectiveFrom', 'remark'] },
  permissions: crudPermissions,
});

const premiumField = (label: string) => ({ label, type: 'money' }) as const;

/** Per batch: each quality indicator's premium against 3128B, the warehouse's, and the total (read-only). */
export const batchPremium = defineResource({
  key: 'batchPremium',
  area: 'pri',
  resource: 'QmFuturesDiscountAll',
  title: 'route.QmFuturesDiscountAll',
  titleField: 'batchNo',
  fields: {
    batchNo: { label: 'field.batchNo', type: 'text' },
    cropYear: { label: 'field.cropYear', type: 'text' },
    warehouseId: { label: 'field.warehouse', type: 'warehouse' },
    conditionedWeight: { label: 'field.conditionedWeight', type: 'weight' },
    premiumTableCropYear: { label: 'field.premiumTableCropYear', type: 'text' },
    colourGrade: { label: 'field.colourGrade', type: 'enum', dictionary: 'colourGrade' },
    colourPremium: premiumField('field.colourPremium'),
    lengthGrade: { label: 'field.lengthGrade', type: 'text' },
    lengthPremium: premiumField('field.lengthPremium'),
    micronaireGrade: { label: 'field.micronaireGrade', type: 'enum', dictionary: 'micronaire' },
    micronairePremium: premiumField('field.micronairePremium'),
    strengthGrade: { label: 'field.strengthGrade', type: 'enum', dictionary: 'strengthGrade' },
    strengthPremium: premiumField('field.strengthPremium'),
    uniformityGrade: { label: 'field.uniformityGrade', type: 'enum', dictionary: 'uniformityGrade' },
    uniformityPremium: premiumField('field.uniformityPremium'),
    ginningGrade: { label: 'field.ginningGrade', type: 'enum', dictionary: 'ginningGrade' },
    ginningPremium: premiumField('field.ginningPremium'),
    qualityPremium: premiumField('field.qualityPremiumTotal'),
    warehousePremium: premiumField('field.warehousePremium'),
    totalPremium: premiumField('field.totalPremium'),
    deliverable: { label: 'field.deliverable', type: 'boolean' },
    status: { label: 'field.status', type: 'enum', dictionary: 'batchState' },
  },
  list: {
    columns: [
      'batchNo',
      'cropYear',
      'warehouseId',
      'conditionedWeight',
      'colourPremium',
      'lengthPremium',
      'micronairePremium',
      'strengthPremium',
      'uniformityPremium',
      'ginningPremium',
      'qualityPremium',
      'warehousePremium',
      'totalPremium',
      'deliverable',
      'status',
      { field: 'premiumTableCropYear', hiddenByDefault: true },
      { field: 'colourGrade', hiddenByDefault: true },
      { field: 'lengthGrade', hiddenByDefault: true },
      { field: 'micronaireGrade', hiddenByDefault: true },
      { field: 'strengthGrade', hiddenByDefault: true },
      { field: 'uniformityGrade', hiddenByDefault: true },
      { field: 'ginningGrade', hiddenByDefault: true },
    ],
    filters: ['batchNo', 'cropYear', 'warehouseId', 'deliverable', { field: 'status', op: 'in' }],
    defaultSort: { field: 'batchNo', order: 'asc' },
  },
  detail: {
    sections: [
      {
        title: 'section.batchPlace',
        fields: ['batchNo', 'cropYear', 'warehouseId', 'conditionedWeight', 'deliverable', 'status'],
      },
      {
        title: 'section.premiums',
        fields: [
          'premiumTableCropYear',
          'colourGrade',
          'colourPremium',
          'lengthGrade',
          'lengthPremium',
          'micronaireGrade',
          'micronairePremium',
          'strengthGrade',
          'strengthPremium',
          'uniformityGrade',
          'uniformityPremium',
          'ginningGrade',
          'ginningPremium',
          'qualityPremium',
          'warehousePremium',
          'totalPremium',
        ],
      },
    ],
  },
  permissions: { view: 'view', export: 'export' },
});

/** Batch states, the quality grades of a certificate (domain.md §2) and why a batch is not deliverable. */
const dictionaries: SystemArea['dictionaries'] = {
  batchState: entries([
    ['inTransit', '在途'],
    ['stock', '在库'],
    ['reserved', '已预留'],
    ['pledged', '已质押'],
    ['receipted', '已注册仓单'],
    ['sold', '已售出'],
    ['out', '已出库'],
  ]),
  colourGrade: entries([
    ['11', '白棉1级'],
    ['21', '白棉2级'],
    ['31', '白棉3级'],
    ['41', '白棉4级'],
    ['51', '白棉5级'],
    ['12', '淡点污棉1级'],
    ['22', '淡点污棉2级'],
    ['32', '淡点污棉3级'],
    ['13', '淡黄染棉1级'],
    ['23', '淡黄染棉2级'],
    ['33', '淡黄染棉3级'],
    ['14', '黄染棉1级'],
    ['24', '黄染棉2级'],
  ]),
  micronaire: entries([
    ['A', 'A级 3.7–4.2'],
    ['B1', 'B1级 3.5–3.6'],
    ['B2', 'B2级 4.3–4.9'],
    ['C1', 'C1级 ≤3.4'],
    ['C2', 'C2级 ≥5.0'],
  ]),
  strengthGrade: entries([
    ['S1', 'S1 很强 ≥31'],
    ['S2', 'S2 强 29–30.9'],
    ['S3', 'S3 中等 26–28.9'],
    ['S4', 'S4 差 24–25.9'],
    ['S5', 'S5 很差 <24'],
  ]),
  uniformityGrade: entries([
    ['U1', 'U1 很高 ≥86'],
    ['U2', 'U2 高 83–85.9'],
    ['U3', 'U3 中等 80–82.9'],
    ['U4', 'U4 低 77–79.9'],
    ['U5', 'U5 很低 <77'],
  ]),
  ginningGrade: entries([
    ['P1', 'P1 好'],
    ['P2', 'P2 中'],
    ['P3', 'P3 差'],
  ]),
  undeliverableReason: entries([
    ['trash', '含杂率高于 3.5%'],
    ['moistureRegain', '回潮率高于 10%'],
    ['colour', '颜色级不可交割'],
    ['length', '长度级低于 27 毫米'],
    ['micronaire', '马克隆值 C1 级'],
    ['strength', '断裂比强度 S5 档'],
    ['uniformity', '长度整齐度 U5 档'],
  ]),
};

export const batchArea: SystemArea = { resources: [batch, warehousePremium, batchPremium], dictionaries };
