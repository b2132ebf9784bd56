// Transport (domain.md §5 freight in the batch unit cost, §7 movement): dispatch stations, the rail and
// road routes between them with their freight rates, and the movements of batches (short haul, rail or
// road leg, transfer between warehouses) that carry a batch's conditioned weight and freight.

import Decimal from 'decimal.js';
import { splitVat } from '../../domain/money.ts';
import type { AreaPart } from '../../framework/resource/area.ts';
import { customRule, defineResource, notBefore, requiredWhen } from '../../framework/resource/index.ts';
import { crudPermissions, enabledWorkflow } from '../../framework/resource/workflows.ts';

const PHONE_PATTERN = '[0-9+\\-() ]{5,20}';
const text = (label: string, max: number) => ({
  label,
  type: 'text' as const,
  rules: [{ kind: 'maxLength' as const, value: max }],
});

/** A station goods are dispatched from or delivered to: a railway freight yard, a road depot, or both. */
export const dispatchStation = defineResource({
  key: 'dispatchStation',
  area: 'pri',
  resource: 'QmBystation',
  title: 'logistics:route.QmBystation',
  titleField: 'name',
  fields: {
    name: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    code: text('field.code', 16),
    kind: {
      type: 'enum',
      dictionary: 'dispatchStationKind',
      rules: [{ kind: 'required' }],
    },
    railwayBureau: {
      type: 'text',
      rules: [
        requiredWhen(
          (record) => record.kind === 'rail' || record.kind === 'both',
          'validation.railwayBureauForRail',
        ),
        { kind: 'maxLength', value: 32 },
      ],
    },
    province: text('field.province', 32),
    city: text('field.city', 32),
    address: text('field.address', 200),
    contactName: text('field.contactName', 32),
    contactPhone: {
      type: 'text',
      rules: [{ kind: 'pattern', value: PHONE_PATTERN, message: 'validation.phone' }],
    },
    status: { type: 'enum', dictionary: 'enabledState', readOnly: true },
  },
  list: {
    columns: ['name', 'code', 'kind', 'railwayBureau', 'province', 'city', 'contactName', 'status'],
    filters: ['name', 'kind', 'railwayBureau', 'province', 'city', 'status'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  form: {
    fields: [
      'name',
      'code',
      'kind',
      'railwayBureau',
      'province',
      'city',
      'address',
      'contactName',
      'contactPhone',
    ],
  },
  workflow: enabledWorkflow,
  permissions: crudPermissions,
});

/** A rail or road route between two stations with its freight rate; one per mode, origin and destination. */
export const transportRoute = defineResource({
  key: 'transportRoute',
  area: 'pri',
  resource: 'QmRailway',
  title: 'field.transportRoute',
  titleField: 'name',
  fields: {
    // Named by the server after its stations ("origin — destination").
    name: { type: 'text', readOnly: true },
    mode: {
      type: 'enum',
      dictionary: 'transportMode',
      rules: [{ kind: 'required' }],
    },
    fromStationId: {
      type: 'reference',
      resource: 'dispatchStation',
      rules: [{ kind: 'required' }],
    },
    toStationId: {
      type: 'reference',
      resource: 'dispatchStation',
      rules: [
        { kind: 'required' },
        customRule('validation.notSameStation', (value, record) => value !== record.fromStationId),
      ],
    },
    distanceKm: {
      type: 'integer',
      rules: [{ kind: 'min', value: 1 }],
    },
    freightRate: {
      type: 'money',
      rules: [{ kind: 'required' }, { kind: 'min', value: 0 }],
    },
    transitDays: { type: 'integer', rules: [{ kind: 'min', value: 0 }] },
    status: { type: 'enum', dictionary: 'enabledState', readOnly: true },
  },
  list: {
    columns: [
      'name',
      'mode',
      'fromStationId',
      'toStationId',
      'distanceKm',
      'freightRate',
      'transitDays',
      'status',
    ],
    filters: ['mode', 'fromStationId', 'toStationId', 'status'],
  },
  form: { fields: ['mode', 'fromStationId', 'toStationId', 'distanceKm', 'freightRate', 'transitDays'] },
  workflow: enabledWorkflow,
  permissions: crudPermissions,
});

/** A movement (domain.md §7): planned → inTransit (depart) → arrived, or cancelled while still planned. */
export const movementWorkflow = {
  field: 'status',
  initial: 'planned',
  states: {
    planned: 'state.planned',
    inTransit: 'state.inTransit',
    arrived: 'state.arrived',
    cancelled: 'state.movementCancelled',
  },
  transitions: [
    { from: ['planned'], to: 'inTransit', action: 'depart', permission: 'depart' },
    { from: ['inTransit'], to: 'arrived', action: 'arrive', permission: 'arrive' },
    {
      from: ['planned'],
      to: 'cancelled',
      action: 'cancelMovement',
      permission: 'void',
      comment: 'required',
      danger: true,
    },
  ],
} as const;

/** Short haul and transfer move a batch between warehouses; a rail or road leg may deliver it away. */
const betweenWarehouses = (record: Readonly<Record<string, unknown>>) =>
  record.mode === 'shortHaul' || record.mode === 'transfer';

const freightPerTonne = (record: { freight?: string | null; conditionedWeight?: string | null }) =>
  record.freight && record.conditionedWeight && new Decimal(record.conditionedWeight).gt(0)
    ? new Decimal(record.freight).dividedBy(record.conditionedWeight).toDecimalPlaces(2).toFixed(2)
    : null;

/** The freight split into its part excluding VAT and the VAT (domain.md §6), once both are known. */
const freightVat = (record: { freight?: string | null; freightVatRate?: string | null }) =>
  record.freight && record.freightVatRate ? splitVat(record.freight, record.freightVatRate) : null;

/** A batch moved by short haul, rail, road or a transfer between warehouses, with its freight. */
export const movement = defineResource({
  key: 'movement',
  area: 'pri',
  resource: 'QmYkDetail',
  title: 'field.movement',
  titleField: 'movementNo',
  fields: {
    movementNo: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    mode: {
      type: 'enum',
      dictionary: 'movementMode',
      rules: [{ kind: 'required' }],
    },
    batchNo: { type: 'batch', rules: [{ kind: 'required' }] },
    fromWarehouseId: { type: 'warehouse', rules: [{ kind: 'required' }] },
    toWarehouseId: {
      type: 'warehouse',
      rules: [
        requiredWhen(betweenWarehouses, 'validation.toWarehouseForMove'),
        customRule('validation.notSameWarehouse', (value, record) => value !== record.fromWarehouseId),
      ],
    },
    destination: {
      type: 'text',
      rules: [
        requiredWhen(
          (record) => !betweenWarehouses(record) && !record.toWarehouseId,
          'validation.destinationForLeg',
        ),
        { kind: 'maxLength', value: 100 },
      ],
    },
    routeId: { type: 'reference', resource: 'transportRoute' },
    carrierId: { type: 'partner' },
    waybillNo: text('field.waybillNo', 32),
    vehicleNo: text('field.vehicleNo', 32),
    departureDate: { type: 'date' },
    arrivalDate: {
      type: 'date',
      rules: [notBefore('departureDate', 'validation.notBeforeDeparture')],
    },
    conditionedWeight: {
      type: 'weight',
      rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }],
    },
    // Left empty with a route given, the server fills it: the route's rate × the conditioned weight.
    freight: {
      type: 'money',
      rules: [{ kind: 'min', value: 0 }],
    },
    // The freight VAT rate of the settings on the movement's day, and the weight a computed freight
    // was charged on (the freightBasis setting); both set by the server.
    freightVatRate: { type: 'percent', readOnly: true },
    freightBasis: {
      type: 'enum',
      dictionary: 'freightBasis',
      readOnly: true,
    },
    status: { type: 'enum', dictionary: 'movementState', readOnly: true },
  },
  computed: {
    freightPerTonne: { type: 'money', compute: freightPerTonne },
    freightExclTax: {
      type: 'money',
      compute: (record) => freightVat(record)?.excluded ?? null,
    },
    freightVat: {
      type: 'money',
      compute: (record) => freightVat(record)?.vat ?? null,
    },
  },
  list: {
    columns: [
      'movementNo',
      'mode',
      'batchNo',
      'fromWarehouseId',
      'toWarehouseId',
      'destination',
      'routeId',
      'carrierId',
      'departureDate',
      'arrivalDate',
      'conditionedWeight',
      'freight',
      'freightPerTonne',
      'status',
      { field: 'waybillNo', hiddenByDefault: true },
      { field: 'vehicleNo', hiddenByDefault: true },
    ],
    filters: [
      'movementNo',
      'mode',
      'batchNo',
      'fromWarehouseId',
      'toWarehouseId',
      'carrierId',
      'departureDate',
      'status',
    ],
    defaultSort: { field: 'departureDate', order: 'desc' },
  },
  form: {
    fields: [
      'movementNo',
      'mode',
      'batchNo',
      'fromWarehouseId',
      'toWarehouseId',
      'destination',
      'routeId',
      'carrierId',
      'waybillNo',
      'vehicleNo',
      'departureDate',
      'arrivalDate',
      'conditionedWeight',
      'freight',
    ],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['movementNo', 'mode', 'batchNo', 'conditionedWeight', 'status'],
      },
      {
        title: 'section.transport',
        fields: [
          'fromWarehouseId',
          'toWarehouseId',
          'destination',
          'routeId',
          'carrierId',
          'waybillNo',
          'vehicleNo',
          'departureDate',
          'arrivalDate',
        ],
      },
      {
        title: 'section.amounts',
        fields: [
          'freight',
          'freightVatRate',
          'freightExclTax',
          'freightVat',
          'freightBasis',
          'freightPerTonne',
        ],
      },
    ],
  },
  workflow: movementWorkflow,
  permissions: crudPermissions,
});

export const logisticsPart: AreaPart = {
  resources: [dispatchStation, transportRoute, movement],
};
