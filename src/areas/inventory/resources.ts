// The purchase side's inventory screens (/pur/): read-only views over the warehouse's records — batches with
// their owner and availability, stock per warehouse by owner, goods held for others, storage fees per batch,
// freight per movement. Each is a view of migration 021; none is entered here (the records are kept on the
// warehouse, receipt and logistics screens).

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';

const READ_ONLY = { view: 'view', export: 'export' } as const;

const weight = (label: string | { term: 'selfOwned' | 'propertyClient' | 'propertySupply' }) =>
  ({ label, type: 'weight' }) as const;
const bales = { label: 'field.baleCount', type: 'integer' } as const;
const money = (label: string) => ({ label, type: 'money' }) as const;

/** One batch as a trader looks for it: quality, where, whose, and whether it can be sold now. */
export const stockBatch = defineResource({
  key: 'stockBatch',
  area: 'pur',
  resource: 'ResourcesList',
  title: 'inventory:route.ResourcesList',
  titleField: 'batchNo',
  fields: {
    batchNo: { type: 'text' },
    cropYear: { type: 'text' },
    warehouseId: { type: 'warehouse' },
    ginner: { type: 'text' },
    availability: { type: 'enum', dictionary: 'stockAvailability' },
    ownerKind: { type: 'enum', dictionary: 'ownerKind' },
    ownerId: { type: 'partner' },
    baleCount: bales,
    netWeight: weight('field.netWeight'),
    conditionedWeight: weight('field.conditionedWeight'),
    colourGrade: { type: 'enum', dictionary: 'colourGrade' },
    lengthMm: { type: 'number', unit: 'mm' },
    lengthGrade: { type: 'text' },
    micronaire: { type: 'number' },
    micronaireGrade: { type: 'enum', dictionary: 'micronaire' },
    strength: { type: 'number', unit: 'cN/tex' },
    strengthGrade: { type: 'enum', dictionary: 'strengthGrade' },
    deliverable: { type: 'boolean' },
    receiptNo: { type: 'text' },
    fees: money('field.feesToDate'),
    status: { type: 'enum', dictionary: 'batchState' },
  },
  list: {
    columns: [
      'batchNo',
      'cropYear',
      'warehouseId',
      'availability',
      'ownerKind',
      'baleCount',
      'conditionedWeight',
      'colourGrade',
      'lengthMm',
      'micronaire',
      'strength',
      'deliverable',
      'receiptNo',
      { field: 'ownerId', hiddenByDefault: true },
      { field: 'ginner', hiddenByDefault: true },
      { field: 'netWeight', hiddenByDefault: true },
      { field: 'lengthGrade', hiddenByDefault: true },
      { field: 'micronaireGrade', hiddenByDefault: true },
      { field: 'strengthGrade', hiddenByDefault: true },
      { field: 'fees', hiddenByDefault: true },
      { field: 'status', hiddenByDefault: true },
    ],
    filters: [
      'batchNo',
      { field: 'colourGrade', op: 'in' },
      { field: 'lengthGrade', op: 'eq' },
      'micronaire',
      'strength',
      'warehouseId',
      { field: 'availability', op: 'in' },
      'ownerKind',
      'cropYear',
      'deliverable',
    ],
    defaultSort: { field: 'batchNo', order: 'asc' },
    totals: ['baleCount', 'conditionedWeight'],
  },
  detail: {
    sections: [
      {
        title: 'section.batchPlace',
        fields: [
          'batchNo',
          'cropYear',
          'warehouseId',
          'ginner',
          'availability',
          'status',
          'ownerKind',
          'ownerId',
          'receiptNo',
        ],
      },
      { title: 'section.weights', fields: ['baleCount', 'netWeight', 'conditionedWeight', 'fees'] },
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
          'deliverable',
        ],
      },
    ],
  },
  permissions: READ_ONLY,
});

/** Stock held in each warehouse, split by whose it is, in the tenant's own words for the three kinds. */
export const stockOwnership = defineResource({
  key: 'stockOwnership',
  area: 'pur',
  resource: 'BatchResourceType',
  title: 'inventory:route.BatchResourceType',
  titleField: 'warehouseName',
  fields: {
    warehouseId: { type: 'warehouse' },
    warehouseName: { type: 'text' },
    batchCount: { type: 'integer' },
    selfOwnedBales: bales,
    selfOwnedWeight: weight({ term: 'selfOwned' }),
    clientBales: bales,
    clientWeight: weight({ term: 'propertyClient' }),
    supplierBales: bales,
    supplierWeight: weight({ term: 'propertySupply' }),
    baleCount: { type: 'integer' },
    conditionedWeight: weight('field.totalConditionedWeight'),
  },
  list: {
    columns: [
      'warehouseId',
      'batchCount',
      'selfOwnedWeight',
      'clientWeight',
      'supplierWeight',
      'baleCount',
      'conditionedWeight',
      { field: 'selfOwnedBales', hiddenByDefault: true },
      { field: 'clientBales', hiddenByDefault: true },
      { field: 'supplierBales', hiddenByDefault: true },
    ],
    filters: ['warehouseId'],
    defaultSort: { field: 'warehouseName', order: 'asc' },
    totals: ['selfOwnedWeight', 'clientWeight', 'supplierWeight', 'baleCount', 'conditionedWeight'],
    note: 'inventory:notes.stockOwnership',
  },
  detail: {
    sections: [
      { title: 'section.basic', fields: ['warehouseId', 'batchCount', 'baleCount', 'conditionedWeight'] },
      { title: { term: 'selfOwned' }, fields: ['selfOwnedBales', 'selfOwnedWeight'] },
      { title: { term: 'propertyClient' }, fields: ['clientBales', 'clientWeight'] },
      { title: { term: 'propertySupply' }, fields: ['supplierBales', 'supplierWeight'] },
    ],
  },
  permissions: READ_ONLY,
});

/** Goods the house holds that a client or a supplier owns, one row per owner. */
export const cargoOwner = defineResource({
  key: 'cargoOwner',
  area: 'pur',
  resource: 'CargoManagement',
  title: 'inventory:route.CargoManagement',
  titleField: 'ownerName',
  fields: {
    ownerKind: { type: 'enum', dictionary: 'ownerKind' },
    ownerId: { type: 'partner' },
    ownerName: { type: 'text' },
    batchCount: { type: 'integer' },
    baleCount: bales,
    conditionedWeight: weight('field.conditionedWeight'),
    inTransitWeight: weight('field.inTransitWeight'),
    receiptedWeight: weight('field.receiptedWeight'),
  },
  list: {
    columns: [
      'ownerId',
      'ownerKind',
      'batchCount',
      'baleCount',
      'conditionedWeight',
      'inTransitWeight',
      'receiptedWeight',
    ],
    filters: ['ownerKind', 'ownerId'],
    defaultSort: { field: 'ownerName', order: 'asc' },
    totals: ['baleCount', 'conditionedWeight'],
  },
  permissions: READ_ONLY,
});

/** Per batch, the warehouse fees charged on it by kind (voided fees left out). */
export const batchStorageFee = defineResource({
  key: 'batchStorageFee',
  area: 'pur',
  resource: 'ResourceStorage',
  title: 'inventory:route.ResourceStorage',
  titleField: 'batchNo',
  fields: {
    batchNo: { type: 'text' },
    cropYear: { type: 'text' },
    warehouseId: { type: 'warehouse' },
    ownerKind: { type: 'enum', dictionary: 'ownerKind' },
    conditionedWeight: weight('field.conditionedWeight'),
    feeCount: { type: 'integer' },
    feesUntil: { type: 'date' },
    storageFee: money('field.storageFee'),
    insuranceFee: money('field.insuranceFee'),
    supervisionFee: money('field.supervisionFee'),
    sundryFee: money('field.sundryFee'),
    totalFee: money('field.totalFee'),
  },
  list: {
    columns: [
      'batchNo',
      'cropYear',
      'warehouseId',
      'ownerKind',
      'conditionedWeight',
      'storageFee',
      'insuranceFee',
      'supervisionFee',
      'sundryFee',
      'totalFee',
      'feesUntil',
      { field: 'feeCount', hiddenByDefault: true },
    ],
    filters: ['batchNo', 'warehouseId', 'cropYear', 'ownerKind'],
    defaultSort: { field: 'batchNo', order: 'asc' },
    totals: ['conditionedWeight', 'storageFee', 'totalFee'],
  },
  permissions: READ_ONLY,
});

/** Freight of each movement with its route's rate: what the carrier is owed per transport. */
export const movementFreight = defineResource({
  key: 'movementFreight',
  area: 'pur',
  resource: 'ResourceTransportContractDetail',
  title: 'inventory:route.ResourceTransportContractDetail',
  titleField: 'movementNo',
  fields: {
    movementNo: { type: 'text' },
    mode: { type: 'enum', dictionary: 'movementMode' },
    batchNo: { type: 'text' },
    fromWarehouseId: { type: 'warehouse' },
    toWarehouseId: { type: 'warehouse' },
    carrierId: { type: 'partner' },
    departureDate: { type: 'date' },
    conditionedWeight: weight('field.conditionedWeight'),
    freightRate: money('field.freightRate'),
    freight: money('field.freight'),
    freightPerTonne: money('field.freightPerTonne'),
    status: { type: 'enum', dictionary: 'movementState' },
  },
  list: {
    columns: [
      'movementNo',
      'mode',
      'batchNo',
      'fromWarehouseId',
      'toWarehouseId',
      'carrierId',
      'departureDate',
      'conditionedWeight',
      'freightRate',
      'freight',
      'freightPerTonne',
      'status',
    ],
    filters: ['movementNo', 'mode', 'batchNo', 'carrierId', 'departureDate', { field: 'status', op: 'in' }],
    defaultSort: { field: 'departureDate', order: 'desc' },
    totals: ['conditionedWeight', 'freight'],
  },
  permissions: READ_ONLY,
});

export const inventoryPart: AreaPart = {
  resources: [stockBatch, stockOwnership, cargoOwner, batchStorageFee, movementFreight],
};
