// A resource package (ResourcePackageOne, SM-13): batches of the house's own available stock grouped to be
// sold together, its quality summarised from their bales (src/domain/packages.ts), priced fixed or on basis,
// valid until a date. Published, it shows on the storefront; a client's accepted request reserves it; its
// contract signed, it is sold. B2bResources is the same list narrowed to what is published.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource, requiredWhen } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { FUTURES_MONTH_PATTERN } from '../fields.ts';

export const packageLine = defineResource({
  key: 'resourcePackageLine',
  area: 'pur',
  resource: 'resourcePackageLine',
  title: 'field.lines',
  titleField: 'batchNo',
  fields: { batchNo: { type: 'batch', rules: [{ kind: 'required' }] } },
  list: { columns: ['batchNo'], filters: [] },
  form: { fields: ['batchNo'] },
  permissions: {},
});

/** SM-13 as the desk moves it; reserved and sold follow a client's request and its contract. */
export const packageWorkflow = {
  field: 'status',
  initial: 'draft',
  states: {
    draft: 'state.draft',
    published: 'storefront:state.published',
    reserved: 'state.reserved',
    sold: 'state.sold',
    withdrawn: 'storefront:state.withdrawn',
    expired: 'state.expired',
  },
  transitions: [
    { from: ['draft', 'withdrawn'], to: 'published', action: 'publish', permission: 'publish' },
    {
      from: ['published'],
      to: 'withdrawn',
      action: 'withdraw',
      permission: 'publish',
      comment: 'optional',
      danger: true,
    },
  ],
  editableIn: ['draft', 'withdrawn'],
} as const;

const isFixed = (record: Readonly<Record<string, unknown>>) => record.priceKind === 'fixed';
const isBasis = (record: Readonly<Record<string, unknown>>) => record.priceKind === 'basis';

export const resourcePackage = defineResource({
  key: 'resourcePackage',
  area: 'pur',
  resource: 'ResourcePackageOne',
  title: 'storefront:route.ResourcePackageOne',
  titleField: 'packageNo',
  fields: {
    packageNo: { type: 'text', readOnly: true },
    name: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }] },
    priceKind: { type: 'enum', dictionary: 'packagePriceKind', rules: [{ kind: 'required' }] },
    unitPrice: {
      type: 'money',
      rules: [requiredWhen(isFixed), { kind: 'min', value: '0.01' }, { kind: 'max', value: '99999999.99' }],
    },
    futuresMonth: {
      type: 'text',
      rules: [
        requiredWhen(isBasis),
        { kind: 'pattern', value: FUTURES_MONTH_PATTERN, message: 'validation.futuresMonth' },
      ],
    },
    basis: {
      type: 'money',
      rules: [requiredWhen(isBasis), { kind: 'min', value: '-99999.99' }, { kind: 'max', value: '99999.99' }],
    },
    validUntil: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'resourcePackageState', readOnly: true },
    batchCount: { type: 'integer', readOnly: true },
    baleCount: { type: 'integer', readOnly: true },
    tonnes: { type: 'weight', readOnly: true },
    mainColour: { type: 'text', readOnly: true },
    colourShares: { type: 'text', readOnly: true },
    micronaireClass: { type: 'text', readOnly: true },
    micronaireShares: { type: 'text', readOnly: true },
    lengthMm: { type: 'number', readOnly: true },
    micronaire: { type: 'number', readOnly: true },
    strength: { type: 'number', readOnly: true },
    uniformity: { type: 'number', readOnly: true },
    premium: { type: 'money', readOnly: true },
    cropYears: { type: 'text', readOnly: true },
    warehouseNames: { type: 'text', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'packageNo',
      'name',
      'status',
      'priceKind',
      'unitPrice',
      'futuresMonth',
      'basis',
      'validUntil',
      'batchCount',
      'baleCount',
      'tonnes',
      'mainColour',
      'micronaireClass',
      'lengthMm',
      'strength',
      'uniformity',
      'premium',
      'warehouseNames',
      { field: 'cropYears', hiddenByDefault: true },
      { field: 'colourShares', hiddenByDefault: true },
      { field: 'createdBy', hiddenByDefault: true },
      { field: 'createdAt', hiddenByDefault: true },
    ],
    filters: ['packageNo', 'name', 'status', 'priceKind', 'validUntil'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['tonnes'],
  },
  form: { fields: ['name', 'priceKind', 'unitPrice', 'futuresMonth', 'basis', 'validUntil', 'remark'] },
  detail: {
    sections: [
      {
        title: 'storefront:section.package',
        fields: [
          'packageNo',
          'name',
          'status',
          'priceKind',
          'unitPrice',
          'futuresMonth',
          'basis',
          'validUntil',
          'remark',
          'createdBy',
          'createdAt',
        ],
      },
      {
        title: 'storefront:section.quality',
        fields: [
          'batchCount',
          'baleCount',
          'tonnes',
          'cropYears',
          'warehouseNames',
          'mainColour',
          'colourShares',
          'micronaireClass',
          'micronaireShares',
          'lengthMm',
          'micronaire',
          'strength',
          'uniformity',
          'premium',
        ],
      },
    ],
  },
  lines: { key: 'lines', title: 'field.lines', declaration: packageLine, minLines: 1 },
  workflow: packageWorkflow,
  permissions: crudPermissions,
});

export const packagesPart: AreaPart = { resources: [resourcePackage] };
