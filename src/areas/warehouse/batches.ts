// Batches of cotton (domain.md §2, §7) with what their inspection certificate says, the exchange's
// premium of each delivery warehouse (§3) and the premium overview of every batch against the base grade
// 3128B (§1). The derived values of a batch (weights, grades, deliverability) are computed here once: the
// server stores them on save so lists can filter and sort by them.

import Decimal from 'decimal.js';
import {
  type BatchFigures,
  type BatchFromBales,
  CERTIFICATE_DECIMALS,
  conditionedWeight,
  type DeliveryTable,
  type GradeShare,
  lengthGrade,
  micronaireClass,
  netWeight,
  type QualityValue,
  strengthGrade,
  type UndeliverableReason,
  undeliverableReasons,
  uniformityGrade,
  withinDecimals,
} from '../../domain/index.ts';
import type { AreaPart } from '../../framework/resource/area.ts';
import { customRule, defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { cropYearField } from '../fields.ts';
import { batchOwnershipFields, batchOwnershipFormFields } from './ownership.ts';

/** What the inspection certificate gives; values as they travel (decimal text). */
export interface BatchCertificate extends BatchFigures {
  grossWeightKg: string;
  tareWeightKg: string;
  strength: string;
  uniformity: string;
}

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
const tonnes = (kilograms: Decimal.Value) => new Decimal(kilograms).dividedBy(KG_PER_TONNE).toString();

/** Every server-owned value of a batch known by its certificate, under the delivery table of its crop year. */
export function deriveBatchValues(batch: BatchCertificate, table: DeliveryTable): BatchDerivedValues {
  const net = netWeight(batch.grossWeightKg, batch.tareWeightKg);
  const reasons = undeliverableReasons(batch, table);
  return {
    netWeight: tonnes(net),
    conditionedWeight: tonnes(conditionedWeight({ ...batch, netWeightKg: net })),
    lengthGrade: lengthGrade(batch.lengthMm),
    micronaireGrade: micronaireClass(batch.micronaire),
    strengthGrade: strengthGrade(batch.strength),
    uniformityGrade: uniformityGrade(batch.uniformity),
    deliverable: reasons.length === 0,
    undeliverableReasons: reasons,
  };
}

const shareText = (shares: readonly GradeShare[]) =>
  shares.map((share) => `${share.grade}: ${share.bales} (${share.percent}%)`).join(' · ');

/**
 * A batch's stored figures when it follows from its bales: sums and averages as the certificate fields,
 * the grades of the averages (micronaire: the class most bales have), grade proportions as text.
 */
export function batchValuesFromBales(figures: BatchFromBales) {
  return {
    baleCount: figures.baleCount,
    grossWeightKg: figures.grossWeightKg,
    tareWeightKg: figures.tareWeightKg,
    trashPercent: figures.trashPercent,
    moistureRegainPercent: figures.moistureRegainPercent,
    colourGrade: figures.premiums.colour.grade,
    lengthMm: figures.lengthMm,
    micronaire: figures.micronaire,
    strength: figures.strength,
    uniformity: figures.uniformity,
    ginningGrade: figures.premiums.ginning.grade,
    netWeight: tonnes(figures.netWeightKg),
    conditionedWeight: tonnes(figures.conditionedWeightKg),
    lengthGrade: figures.premiums.length.grade,
    micronaireGrade: figures.premiums.micronaire.grade,
    strengthGrade: figures.premiums.strength.grade,
    uniformityGrade: figures.premiums.uniformity.grade,
    colourShares: shareText(figures.colourGrades),
    micronaireShares: shareText(figures.micronaireClasses),
    ginningShares: shareText(figures.ginningGrades),
    exchangePremium: figures.qualityPremium,
    deliverable: figures.deliverable,
    undeliverableReasons: figures.undeliverableReasons,
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

/** A quality value at the precision the certificate writes it (0.1), so it falls in exactly one band. */
const certificatePrecision = (field: QualityValue) =>
  customRule('validation.certificatePrecision', (value) => {
    const text = String(value ?? '');
    return (
      !/^-?\d+(\.\d+)?$/.test(text) || withinDecimals(text.replace('-', ''), CERTIFICATE_DECIMALS[field])
    );
  });

/** The states of a batch that lies in a warehouse as the company's stock (not on its way, sold or shipped). */
export const STOCK_STATES = ['stock', 'reserved', 'pledged', 'receipted'] as const;

/**
 * The states in which a batch of the company's own is still its property, as the exposure counts it (issue
 * 21): in the warehouse, on its way there, and sold but not out (a sold batch whose warehouse receipt was
 * transferred is the buyer's: its sale has delivered it).
 */
export const PROPERTY_STATES = ['inTransit', ...STOCK_STATES, 'sold'] as const;

/** The house's own cotton not yet sold: on its way or in stock, what the stock's mark-to-market values. */
export const UNSOLD_STATES = ['inTransit', ...STOCK_STATES] as const;

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
  title: 'warehouse:route.MtfmBatchData',
  titleField: 'batchNo',
  fields: {
    batchNo: {
      type: 'text',
      rules: [required, { kind: 'pattern', value: '[A-Za-z0-9-]{1,32}', message: 'validation.batchNo' }],
    },
    ginner: { type: 'text', rules: [required, { kind: 'maxLength', value: 100 }] },
    cropYear: cropYearField,
    warehouseId: { type: 'warehouse', rules: [required] },
    baleCount: { type: 'integer', rules: [required, ...range(1, 400)] },
    grossWeightKg: {
      type: 'number',
      unit: 'kg',
      rules: [required, KILOGRAMS, ...range('0.1', 100000)],
    },
    tareWeightKg: {
      type: 'number',
      unit: 'kg',
      rules: [required, KILOGRAMS, { kind: 'min', value: 0 }, tareBelowGross],
    },
    netWeight: { type: 'weight', readOnly: true },
    trashPercent: {
      type: 'percent',
      rules: [required, certificatePrecision('trashPercent'), ...range(0, 10)],
    },
    moistureRegainPercent: {
      type: 'percent',
      rules: [required, certificatePrecision('moistureRegainPercent'), ...range(0, 20)],
    },
    conditionedWeight: { type: 'weight', readOnly: true },
    colourGrade: { type: 'enum', dictionary: 'colourGrade', rules: [required] },
    lengthMm: {
      type: 'number',
      unit: 'mm',
      rules: [required, certificatePrecision('lengthMm'), ...range(25, 32)],
    },
    lengthGrade: { type: 'text', readOnly: true },
    micronaire: {
      type: 'number',
      rules: [required, certificatePrecision('micronaire'), ...range(2, 7)],
    },
    micronaireGrade: {
      type: 'enum',
      dictionary: 'micronaire',
      readOnly: true,
    },
    strength: {
      type: 'number',
      unit: 'cN/tex',
      rules: [required, certificatePrecision('strength'), ...range(10, 50)],
    },
    strengthGrade: {
      type: 'enum',
      dictionary: 'strengthGrade',
      readOnly: true,
    },
    uniformity: {
      type: 'percent',
      rules: [required, certificatePrecision('uniformity'), ...range(60, 100)],
    },
    uniformityGrade: {
      type: 'enum',
      dictionary: 'uniformityGrade',
      readOnly: true,
    },
    ginningGrade: {
      type: 'enum',
      dictionary: 'ginningGrade',
      rules: [required],
    },
    deliverable: { type: 'boolean', readOnly: true },
    undeliverableReasons: {
      type: 'enum',
      dictionary: 'undeliverableReason',
      multiple: true,
      readOnly: true,
    },
    colourShares: { type: 'text', readOnly: true },
    micronaireShares: { type: 'text', readOnly: true },
    ginningShares: { type: 'text', readOnly: true },
    exchangePremium: { type: 'money', readOnly: true },
    status: { type: 'enum', dictionary: 'batchState', readOnly: true },
    ...batchOwnershipFields,
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
      { field: 'ownerKind', hiddenByDefault: true },
      { field: 'ownerId', hiddenByDefault: true },
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
      ...batchOwnershipFormFields,
    ],
  },
  detail: {
    sections: [
      {
        title: 'section.batchPlace',
        fields: [
          'batchNo',
          'ginner',
          'cropYear',
          'warehouseId',
          'baleCount',
          'status',
          ...batchOwnershipFormFields,
        ],
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
      {
        title: 'section.baleFigures',
        fields: ['colourShares', 'micronaireShares', 'ginningShares', 'exchangePremium'],
      },
    ],
  },
  // A batch has no actions of its own: documents move it (moveBatch). Declaring its states shows the state
  // and that history (who, when, which document) on the batch itself.
  workflow: batchStates,
  permissions: crudPermissions,
  // Importing a bale file (the warehouse area's own call): offered on the batch screen, so a role can get it.
  extraPermissions: ['import'],
  report: {
    groupBy: ['warehouseId', 'cropYear', 'status'],
    totals: ['conditionedWeight', 'baleCount', 'netWeight'],
    chart: true,
    filters: { status: STOCK_STATES },
    note: 'warehouse:notes.stockReport',
  },
});

/** The exchange's premium (+) or discount (−) of a delivery warehouse, CNY/t, versioned by crop year. */
export const warehousePremium = defineResource({
  key: 'warehousePremium',
  area: 'pri',
  resource: 'QmFuturesDiscount',
  title: 'warehouse:route.QmFuturesDiscount',
  titleField: 'cropYear',
  fields: {
    cropYear: cropYearField,
    warehouseId: { type: 'warehouse', rules: [required] },
    premium: { type: 'money', rules: [required, ...range(-5000, 5000)] },
    effectiveFrom: { type: 'date', rules: [required] },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
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
  title: 'warehouse:route.QmFuturesDiscountAll',
  titleField: 'batchNo',
  fields: {
    batchNo: { type: 'text' },
    cropYear: { type: 'text' },
    warehouseId: { type: 'warehouse' },
    conditionedWeight: { type: 'weight' },
    premiumTableCropYear: { type: 'text' },
    colourGrade: { type: 'enum', dictionary: 'colourGrade' },
    colourPremium: premiumField('field.colourPremium'),
    lengthGrade: { type: 'text' },
    lengthPremium: premiumField('field.lengthPremium'),
    micronaireGrade: { type: 'enum', dictionary: 'micronaire' },
    micronairePremium: premiumField('field.micronairePremium'),
    strengthGrade: { type: 'enum', dictionary: 'strengthGrade' },
    strengthPremium: premiumField('field.strengthPremium'),
    uniformityGrade: { type: 'enum', dictionary: 'uniformityGrade' },
    uniformityPremium: premiumField('field.uniformityPremium'),
    ginningGrade: { type: 'enum', dictionary: 'ginningGrade' },
    ginningPremium: premiumField('field.ginningPremium'),
    qualityPremium: premiumField('field.qualityPremiumTotal'),
    warehousePremium: premiumField('field.warehousePremium'),
    totalPremium: premiumField('field.totalPremium'),
    deliverable: { type: 'boolean' },
    status: { type: 'enum', dictionary: 'batchState' },
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

export const batchPart: AreaPart = {
  resources: [batch, warehousePremium, batchPremium],
};
