// Warehouse services (domain.md §5 batch unit cost, §6 VAT, §7 fee): the fees a warehouse charges for
// storage, insurance, supervision and sundries, and the outbound appointments that let a batch leave.

import Decimal from 'decimal.js';
import { splitVat } from '../../domain/money.ts';
import type { AreaPart } from '../../framework/resource/area.ts';
import { customRule, defineResource, requiredWhen } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';

const DAY_MS = 86_400_000;

type DecimalText = string | number | null | undefined;

const isBlank = (value: unknown) => value === undefined || value === null || value === '';

/** Days charged for a period, both ends included (1 Nov – 30 Nov is 30 days). */
export function chargedDays(periodFrom: string, periodTo: string): number {
  const from = Date.parse(`${periodFrom}T00:00:00Z`);
  const to = Date.parse(`${periodTo}T00:00:00Z`);
  return Math.round((to - from) / DAY_MS) + 1;
}

export interface FeeBasisInput {
  basis?: string | null;
  rate?: DecimalText;
  tonnage?: DecimalText;
  insuredValue?: DecimalText;
  periodFrom?: string | null;
  periodTo?: string | null;
}

function unrounded(fee: FeeBasisInput): Decimal | null {
  const rate = new Decimal(String(fee.rate));
  switch (fee.basis) {
    case 'perTonneDay':
      if (isBlank(fee.tonnage) || !fee.periodFrom || !fee.periodTo) return null;
      return rate.times(String(fee.tonnage)).times(chargedDays(fee.periodFrom, fee.periodTo));
    case 'perTonne':
      return isBlank(fee.tonnage) ? null : rate.times(String(fee.tonnage));
    case 'percentOfValue':
      return isBlank(fee.insuredValue)
        ? null
        : new Decimal(String(fee.insuredValue)).times(rate).dividedBy(100);
    case 'lumpSum':
      return rate;
    default:
      return null;
  }
}

/**
 * The tax-included amount of a fee, rounded to fen: perTonneDay = rate × t × days, perTonne = rate × t,
 * percentOfValue = value × rate / 100, lumpSum = rate. Null while what its basis needs is missing.
 */
export function feeAmount(fee: FeeBasisInput): string | null {
  if (isBlank(fee.rate)) return null;
  return unrounded(fee)?.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2) ?? null;
}

/** A tax-included amount split into its part excluding tax and its VAT (domain.md §6), in fen. */
export function vatSplit(amount: DecimalText, taxRatePercent: DecimalText) {
  if (isBlank(amount) || isBlank(taxRatePercent)) return null;
  const { excluded, vat } = splitVat(String(amount), String(taxRatePercent));
  return { excluded, vat };
}

const needsTonnage = (record: Readonly<Record<string, unknown>>) =>
  record.basis === 'perTonneDay' || record.basis === 'perTonne';

/** A storage fee per tonne-day may leave its rate to the warehouse's own (the server fills it in). */
const takesWarehouseRate = (record: Readonly<Record<string, unknown>>) =>
  record.kind === 'storage' && record.basis === 'perTonneDay';

const notBeforePeriodStart = customRule(
  'validation.periodEndBeforeStart',
  (value, record) => isBlank(record.periodFrom) || String(value) >= String(record.periodFrom),
);

/** A fee a warehouse charges (domain.md §7): its basis, rate and the amount the server computes. */
export const warehouseFee = defineResource({
  key: 'warehouseFee',
  area: 'pri',
  resource: 'QmBgFee',
  title: 'field.warehouseFee',
  titleField: 'feeNo',
  fields: {
    feeNo: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    kind: { type: 'enum', dictionary: 'feeKind', rules: [{ kind: 'required' }] },
    warehouseId: { type: 'warehouse', rules: [{ kind: 'required' }] },
    batchNo: {
      type: 'batch',
      fills: { warehouseId: 'warehouseId', tonnage: 'conditionedWeight' },
    },
    periodFrom: { type: 'date', rules: [{ kind: 'required' }] },
    periodTo: {
      type: 'date',
      rules: [
        requiredWhen((record) => record.basis === 'perTonneDay', 'validation.requiredForPerTonneDay'),
        notBeforePeriodStart,
      ],
    },
    basis: { type: 'enum', dictionary: 'feeBasis', rules: [{ kind: 'required' }] },
    rate: {
      type: 'number',
      rules: [requiredWhen((record) => !takesWarehouseRate(record)), { kind: 'min', value: 0 }],
    },
    tonnage: {
      type: 'weight',
      rules: [
        requiredWhen(needsTonnage, 'validation.requiredForTonnageBasis'),
        { kind: 'min', value: '0.0001' },
      ],
    },
    insuredValue: {
      type: 'money',
      rules: [
        requiredWhen((record) => record.basis === 'percentOfValue', 'validation.requiredForValueBasis'),
        { kind: 'min', value: '0.01' },
      ],
    },
    amount: { type: 'money', readOnly: true },
    // The VAT setting of the fee's kind on its first day (system_settings), set by the server.
    taxRate: { type: 'percent', readOnly: true },
    payeeId: { type: 'partner' },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'feeState', readOnly: true },
  },
  computed: {
    amountExclTax: {
      type: 'money',
      compute: (record) => vatSplit(record.amount, record.taxRate)?.excluded ?? null,
    },
    vatAmount: {
      // The tenant's own word for the VAT amount.
      label: { term: 'taxFee' },
      type: 'money',
      compute: (record) => vatSplit(record.amount, record.taxRate)?.vat ?? null,
    },
  },
  list: {
    columns: [
      'feeNo',
      'kind',
      'warehouseId',
      'batchNo',
      'periodFrom',
      'periodTo',
      'basis',
      'rate',
      'amount',
      'amountExclTax',
      'vatAmount',
      'payeeId',
      'status',
    ],
    filters: ['feeNo', 'kind', 'warehouseId', 'batchNo', 'periodFrom', 'payeeId', 'status'],
    defaultSort: { field: 'periodFrom', order: 'desc' },
  },
  form: {
    fields: [
      'feeNo',
      'kind',
      'warehouseId',
      'batchNo',
      'periodFrom',
      'periodTo',
      'basis',
      'rate',
      'tonnage',
      'insuredValue',
      'payeeId',
      'remark',
    ],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['feeNo', 'kind', 'warehouseId', 'batchNo', 'payeeId', 'status', 'remark'],
      },
      {
        title: 'section.amounts',
        fields: [
          'periodFrom',
          'periodTo',
          'basis',
          'rate',
          'tonnage',
          'insuredValue',
          'amount',
          'taxRate',
          'amountExclTax',
          'vatAmount',
        ],
      },
    ],
  },
  workflow: {
    field: 'status',
    initial: 'draft',
    editableIn: ['draft'],
    states: {
      draft: 'state.draft',
      confirmed: 'state.confirmed',
      settled: 'state.settled',
      voided: 'state.voided',
    },
    transitions: [
      { from: ['draft'], to: 'confirmed', action: 'confirm', permission: 'confirm' },
      { from: ['confirmed'], to: 'settled', action: 'settle', permission: 'settle' },
      {
        from: ['draft', 'confirmed'],
        to: 'voided',
        action: 'void',
        permission: 'void',
        comment: 'required',
        danger: true,
      },
    ],
  },
  permissions: crudPermissions,
  report: { groupBy: ['kind', 'warehouseId'], totals: ['amount'], chart: true },
});

/** Mainland mobile numbers: 11 digits starting 13–19. */
export const MOBILE_PHONE_PATTERN = '1[3-9]\\d{9}';
/** A Chinese plate: province, letter, five or six characters (new-energy), or four and 挂 (trailer). */
export const VEHICLE_NO_PATTERN = '[\\u4e00-\\u9fa5][A-Z](?:[A-Z0-9]{5,6}|[A-Z0-9]{4}挂)';

/** A booked collection of a batch: on 出库完成 the batch leaves the warehouse (status out). */
export const outboundAppointment = defineResource({
  key: 'outboundAppointment',
  area: 'pri',
  resource: 'QmYyXx',
  title: 'warehouse:route.QmYyXx',
  titleField: 'appointmentNo',
  fields: {
    appointmentNo: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    batchNo: {
      type: 'batch',
      rules: [{ kind: 'required' }],
      fills: { warehouseId: 'warehouseId', conditionedWeight: 'conditionedWeight' },
    },
    warehouseId: { type: 'warehouse', rules: [{ kind: 'required' }] },
    partnerId: {
      type: 'partner',
      partnerKind: 'client',
      rules: [{ kind: 'required' }],
    },
    plannedDate: { type: 'date', rules: [{ kind: 'required' }] },
    vehicleNo: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: VEHICLE_NO_PATTERN, message: 'validation.vehicleNo' },
      ],
    },
    driverName: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    driverPhone: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: MOBILE_PHONE_PATTERN, message: 'validation.mobilePhone' },
      ],
    },
    conditionedWeight: {
      type: 'weight',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }],
    },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'appointmentState', readOnly: true },
  },
  list: {
    columns: [
      'appointmentNo',
      'batchNo',
      'warehouseId',
      'partnerId',
      'plannedDate',
      'vehicleNo',
      'driverName',
      'driverPhone',
      'conditionedWeight',
      'status',
    ],
    filters: ['appointmentNo', 'batchNo', 'warehouseId', 'partnerId', 'plannedDate', 'status'],
    defaultSort: { field: 'plannedDate', order: 'desc' },
  },
  form: {
    fields: [
      'appointmentNo',
      'batchNo',
      'warehouseId',
      'partnerId',
      'plannedDate',
      'vehicleNo',
      'driverName',
      'driverPhone',
      'conditionedWeight',
      'remark',
    ],
  },
  workflow: {
    field: 'status',
    initial: 'booked',
    editableIn: ['booked'],
    states: { booked: 'state.booked', done: 'state.outboundDone', cancelled: 'state.bookingCancelled' },
    transitions: [
      { from: ['booked'], to: 'done', action: 'finishOutbound', permission: 'complete' },
      {
        from: ['booked'],
        to: 'cancelled',
        action: 'cancelBooking',
        permission: 'void',
        comment: 'required',
        danger: true,
      },
    ],
  },
  permissions: crudPermissions,
  report: { groupBy: ['warehouseId', 'partnerId'], totals: ['conditionedWeight'], chart: true },
});

export const warehouseServicePart: AreaPart = {
  resources: [warehouseFee, outboundAppointment],
};
