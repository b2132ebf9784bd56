// The desks' read-only views of the stock (routes-money.md D3–D6). ResourceDataPur: every batch bought on a
// purchase contract with its supplier, purchaser, cost and availability; TeamPurResource the same, only the
// batches bought by the purchasers of the reader's department (team), and whether each is still unsold.
// ResourceDataSale: the house's own stock it may still sell, with quality, the basis sheet's suggested price
// and the reservation holding it; TeamSaleResource the same as the reader's team sees it: stock free to sell,
// and of the reserved stock only what the team's clients hold (reading D6 as filtered by team, not allotted).
// The server scopes the team views by the reader (viewerScope), whatever the grant.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';
import type { FieldDecl } from '../../framework/resource/types.ts';

const READ_ONLY = { view: 'view', export: 'export' } as const;
const shown = <T extends FieldDecl>(field: T): T => ({ ...field, readOnly: true });

const QUALITY = {
  batchNo: shown({ type: 'batch' }),
  cropYear: shown({ type: 'text' }),
  warehouseId: shown({ type: 'warehouse' }),
  baleCount: shown({ type: 'integer' }),
  conditionedWeight: shown({ type: 'weight' }),
  colourGrade: shown({ type: 'text' }),
  lengthMm: shown({ type: 'number' }),
  micronaire: shown({ type: 'number' }),
  strength: shown({ type: 'number' }),
  availability: shown({ type: 'enum', dictionary: 'stockAvailability' }),
} satisfies Record<string, FieldDecl>;

const purchaseFields = {
  ...QUALITY,
  contractId: shown({ type: 'reference', resource: 'transactionContract' }),
  supplierId: shown({ type: 'partner', partnerKind: 'supplier' }),
  purchaserId: shown({ type: 'user' }),
  unitCost: shown({ type: 'money' }),
  costAmount: shown({ type: 'money' }),
  unsold: shown({ type: 'boolean' }),
} satisfies Record<string, FieldDecl>;

const purchaseList = {
  columns: [
    'batchNo',
    'contractId',
    'supplierId',
    'purchaserId',
    'cropYear',
    'warehouseId',
    'baleCount',
    'conditionedWeight',
    'colourGrade',
    'lengthMm',
    'micronaire',
    'strength',
    'unitCost',
    'costAmount',
    'availability',
    'unsold',
  ],
  filters: [
    'batchNo',
    'contractId',
    'supplierId',
    'purchaserId',
    'cropYear',
    'warehouseId',
    'availability',
    'unsold',
  ],
  defaultSort: { field: 'batchNo', order: 'asc' },
  totals: ['baleCount', 'conditionedWeight', 'costAmount'],
} as const;

export const resourceDataPur = defineResource({
  key: 'resourceDataPur',
  area: 'pur',
  resource: 'ResourceDataPur',
  title: 'storefront:route.ResourceDataPur',
  titleField: 'batchNo',
  fields: purchaseFields,
  list: purchaseList,
  report: { groupBy: ['supplierId'], totals: ['conditionedWeight', 'costAmount'] },
  permissions: READ_ONLY,
});

export const teamPurResource = defineResource({
  key: 'teamPurResource',
  area: 'pur',
  resource: 'TeamPurResource',
  title: 'storefront:route.TeamPurResource',
  titleField: 'batchNo',
  fields: purchaseFields,
  list: purchaseList,
  permissions: READ_ONLY,
});

const saleFields = {
  ...QUALITY,
  lengthGrade: shown({ type: 'text' }),
  micronaireGrade: shown({ type: 'text' }),
  futuresMonth: shown({ type: 'text' }),
  basis: shown({ type: 'money' }),
  suggestedPrice: shown({ type: 'money' }),
  reservedClientId: shown({ type: 'partner', partnerKind: 'client' }),
  reservationNo: shown({ type: 'text' }),
  reservedUntil: shown({ type: 'date' }),
} satisfies Record<string, FieldDecl>;

const saleList = {
  columns: [
    'batchNo',
    'cropYear',
    'warehouseId',
    'baleCount',
    'conditionedWeight',
    'colourGrade',
    'lengthMm',
    'lengthGrade',
    'micronaire',
    'micronaireGrade',
    'strength',
    'futuresMonth',
    'basis',
    'suggestedPrice',
    'availability',
    'reservedClientId',
    'reservationNo',
    'reservedUntil',
  ],
  filters: ['batchNo', 'cropYear', 'warehouseId', 'colourGrade', 'availability', 'reservedClientId'],
  defaultSort: { field: 'batchNo', order: 'asc' },
  totals: ['baleCount', 'conditionedWeight'],
} as const;

export const resourceDataSale = defineResource({
  key: 'resourceDataSale',
  area: 'sales',
  resource: 'ResourceDataSale',
  title: 'storefront:route.ResourceDataSale',
  titleField: 'batchNo',
  fields: saleFields,
  list: saleList,
  report: { groupBy: ['warehouseId'], totals: ['conditionedWeight', 'baleCount'] },
  permissions: READ_ONLY,
});

export const teamSaleResource = defineResource({
  key: 'teamSaleResource',
  area: 'sales',
  resource: 'TeamSaleResource',
  title: 'storefront:route.TeamSaleResource',
  titleField: 'batchNo',
  fields: saleFields,
  list: saleList,
  permissions: READ_ONLY,
});

export const resourceViewsPart: AreaPart = {
  resources: [resourceDataPur, teamPurResource, resourceDataSale, teamSaleResource],
};
