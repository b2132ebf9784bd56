// The trade records kept with the data settings (spec 2.4), in domain.md's terms: upstream orders
// (what suppliers offer) and transaction contracts (what was concluded).

import Decimal from 'decimal.js';
import { customRule, defineResource, requiredWhen } from '../../shared/resource/index.ts';
import { cropYearField } from './settings.ts';
import { contractWorkflow, crudPermissions } from './workflows.ts';

/** Exchange (CF605) or market (CF2605) writing of a CF contract month (domain.md §1). */
export const FUTURES_MONTH_PATTERN = 'CF\\d?\\d(0[13579]|11)';

const dateNotBefore = (other: string) =>
  customRule(
    'validation.notBeforeSignDate',
    (value, record) => !record[other] || String(value) >= String(record[other]),
  );

/** A supplier's offer of cotton: grade, quantity, basis against a futures month or a fixed price. */
export const upstreamOrder = defineResource({
  key: 'upstreamOrder',
  area: 'pri',
  resource: 'UpstreamOrder',
  title: 'route.UpstreamOrder',
  titleField: 'orderNo',
  fields: {
    orderNo: {
      label: 'field.orderNo',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    supplierId: {
      label: 'field.supplier',
      type: 'partner',
      partnerKind: 'supplier',
      rules: [{ kind: 'required' }],
    },
    cropYear: cropYearField,
    gradeSpec: {
      label: 'field.gradeSpec',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    tonnage: {
      label: 'field.tonnage',
      type: 'weight',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }],
    },
    futuresMonth: {
      label: 'field.futuresMonth',
      type: 'text',
      rules: [{ kind: 'pattern', value: FUTURES_MONTH_PATTERN, message: 'validation.futuresMonth' }],
    },
    basis: { label: 'field.basis', type: 'money' },
    unitPrice: { label: 'field.unitPrice', type: 'money', rules: [{ kind: 'min', value: 0 }] },
    warehouseId: { label: 'field.warehouse', type: 'warehouse' },
    deliveryDate: { label: 'field.deliveryDate', type: 'date' },
    status: { label: 'field.status', type: 'enum', dictionary: 'contractState', readOnly: true },
  },
  list: {
    columns: [
      'orderNo',
      'supplierId',
      'cropYear',
      'gradeSpec',
      'tonnage',
      'futuresMonth',
      'basis',
      'unitPrice',
      'status',
    ],
    filters: ['orderNo', 'supplierId', 'cropYear', 'status'],
    defaultSort: { field: 'orderNo', order: 'desc' },
  },
  form: {
    fields: [
      'orderNo',
      'supplierId',
      'cropYear',
      'gradeSpec',
      'tonnage',
      'futuresMonth',
      'basis',
      'unitPrice',
      'warehouseId',
      'deliveryDate',
    ],
  },
  workflow: contractWorkflow,
  permissions: crudPermissions,
});

export const contractLine = defineResource({
  key: 'transactionContractLine',
  area: 'pri',
  resource: 'transactionContractLine',
  title: 'field.lines',
  titleField: 'batchNo',
  fields: {
    batchNo: { label: 'field.batchNo', type: 'batch', rules: [{ kind: 'required' }] },
    conditionedWeight: {
      label: 'field.conditionedWeight',
      type: 'weight',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }],
    },
    unitPrice: { label: 'field.unitPrice', type: 'money', rules: [{ kind: 'min', value: 0 }] },
  },
  list: { columns: ['batchNo', 'conditionedWeight', 'unitPrice'], filters: [] },
  form: { fields: ['batchNo', 'conditionedWeight', 'unitPrice'] },
  permissions: {},
});

/** A basis contract needs its futures month, basis and fixing deadline; a fixed-price one its unit price. */
const forBasis = requiredWhen((record) => record.kind === 'basis', 'validation.requiredForBasis');
const forFixedPrice = requiredWhen((record) => record.kind === 'spot', 'validation.requiredForFixedPrice');

/** A concluded purchase or sale (domain.md §7 contract) with its batches. */
export const transactionContract = defineResource({
  key: 'transactionContract',
  area: 'pri',
  resource: 'TransactionContract',
  title: 'route.TransactionContract',
  titleField: 'contractNo',
  fields: {
    contractNo: {
      label: 'field.contractNo',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    side: {
      label: 'field.contractSide',
      type: 'enum',
      dictionary: 'contractSide',
      rules: [{ kind: 'required' }],
    },
    kind: {
      label: 'field.contractKind',
      type: 'enum',
      dictionary: 'contractKind',
      rules: [{ kind: 'required' }],
    },
    partnerId: { label: 'field.counterparty', type: 'partner', rules: [{ kind: 'required' }] },
    signDate: { label: 'field.signDate', type: 'date', rules: [{ kind: 'required' }] },
    tonnage: {
      label: 'field.tonnage',
      type: 'weight',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }],
    },
    tolerancePercent: {
      label: 'field.tolerancePercent',
      type: 'percent',
      rules: [
        { kind: 'min', value: 0 },
        { kind: 'max', value: 10 },
      ],
    },
    futuresMonth: {
      label: 'field.futuresMonth',
      type: 'text',
      rules: [
        forBasis,
        { kind: 'pattern', value: FUTURES_MONTH_PATTERN, message: 'validation.futuresMonth' },
      ],
    },
    basis: { label: 'field.basis', type: 'money', rules: [forBasis] },
    fixingDeadline: {
      label: 'field.fixingDeadline',
      type: 'date',
      rules: [forBasis, dateNotBefore('signDate')],
    },
    pricingParty: { label: 'field.pricingParty', type: 'enum', dictionary: 'pricingParty' },
    unitPrice: { label: 'field.unitPrice', type: 'money', rules: [forFixedPrice, { kind: 'min', value: 0 }] },
    taxRate: {
      label: 'field.taxRate',
      type: 'percent',
      rules: [{ kind: 'required' }, { kind: 'min', value: 0 }, { kind: 'max', value: 20 }],
    },
    status: { label: 'field.status', type: 'enum', dictionary: 'contractState', readOnly: true },
  },
  computed: {
    amount: {
      label: 'field.amount',
      type: 'money',
      compute: (record) =>
        record.tonnage && record.unitPrice
          ? new Decimal(record.tonnage).times(record.unitPrice).toDecimalPlaces(2).toFixed(2)
          : null,
    },
  },
  list: {
    columns: [
      'contractNo',
      'side',
      'kind',
      'partnerId',
      'signDate',
      'tonnage',
      'futuresMonth',
      'basis',
      'unitPrice',
      'amount',
      'status',
    ],
    filters: ['contractNo', 'side', 'kind', 'partnerId', 'signDate', 'status'],
    defaultSort: { field: 'signDate', order: 'desc' },
  },
  form: {
    fields: [
      'contractNo',
      'side',
      'kind',
      'partnerId',
      'signDate',
      'tonnage',
      'tolerancePercent',
      'futuresMonth',
      'basis',
      'fixingDeadline',
      'pricingParty',
      'unitPrice',
      'taxRate',
    ],
  },
  detail: {
    sections: [
      { title: 'section.basic', fields: ['contractNo', 'side', 'kind', 'partnerId', 'signDate', 'status'] },
      {
        title: 'section.pricing',
        fields: [
          'tonnage',
          'tolerancePercent',
          'futuresMonth',
          'basis',
          'fixingDeadline',
          'pricingParty',
          'unitPrice',
          'taxRate',
          'amount',
        ],
      },
    ],
  },
  lines: { key: 'lines', title: 'field.lines', declaration: contractLine },
  workflow: contractWorkflow,
  permissions: crudPermissions,
  report: { groupBy: ['side', 'kind'], totals: ['tonnage'] },
});
