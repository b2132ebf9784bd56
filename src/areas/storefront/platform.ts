// The B2B platform's records (domain-money.md §7.4): platform users bound to a client (SM-15), published
// packages as clients read them, clients' cart lines and purchase requests (SM-14) as the house follows them.

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { helpArticle } from './help.ts';
import { platformSetting } from './settings.ts';

const READ_ONLY = { view: 'view', export: 'export' } as const;

/** SM-15: registered → active (approved, bound to its client) → disabled; another person approves. */
export const platformUserWorkflow = {
  field: 'status',
  initial: 'registered',
  states: {
    registered: 'storefront:state.registered',
    active: 'state.active',
    disabled: 'state.disabled',
  },
  transitions: [
    { from: ['registered'], to: 'active', action: 'approve', permission: 'approve', comment: 'optional' },
    { from: ['registered'], to: 'disabled', action: 'reject', permission: 'approve', comment: 'required' },
    {
      from: ['active'],
      to: 'disabled',
      action: 'disable',
      permission: 'disable',
      comment: 'optional',
      danger: true,
    },
    { from: ['disabled'], to: 'active', action: 'enable', permission: 'enable' },
  ],
  approval: { approve: 'approve', reject: 'reject' },
  editableIn: ['registered'],
} as const;

/** A client's staff member on the platform: a user of the role platformClient, bound to a client partner. */
export const platformUser = defineResource({
  key: 'platformUser',
  area: 'platformManagement',
  resource: 'platformusermanagement',
  title: 'storefront:route.platformusermanagement',
  titleField: 'userId',
  fields: {
    userId: { type: 'user', rules: [{ kind: 'required' }] },
    partnerId: { type: 'partner', partnerKind: 'client', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'platformUserState', readOnly: true },
    createdBy: { type: 'user', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['userId', 'partnerId', 'status', 'remark', 'createdBy', 'createdAt'],
    filters: ['userId', 'partnerId', 'status'],
    defaultSort: { field: 'createdAt', order: 'desc' },
  },
  form: { fields: ['userId', 'partnerId', 'remark'] },
  workflow: platformUserWorkflow,
  permissions: crudPermissions,
});

const decimal = { type: 'number', readOnly: true } as const;

/** A published package as a client reads it: quality, place and price; never who made it, its cost or owner. */
export const storefrontListing = defineResource({
  key: 'storefrontListing',
  area: 'platformManagement',
  resource: 'commerceIndex',
  title: 'storefront:route.commerceIndex',
  titleField: 'packageNo',
  fields: {
    packageNo: { type: 'text', readOnly: true },
    name: { type: 'text', readOnly: true },
    priceKind: { type: 'enum', dictionary: 'packagePriceKind', readOnly: true },
    unitPrice: { type: 'money', readOnly: true },
    futuresMonth: { type: 'text', readOnly: true },
    basis: { type: 'money', readOnly: true },
    validUntil: { type: 'date', readOnly: true },
    batchCount: { type: 'integer', readOnly: true },
    baleCount: { type: 'integer', readOnly: true },
    tonnes: { type: 'weight', readOnly: true },
    mainColour: { type: 'text', readOnly: true },
    colourShares: { type: 'text', readOnly: true },
    micronaireClass: { type: 'text', readOnly: true },
    micronaireShares: { type: 'text', readOnly: true },
    lengthMm: decimal,
    micronaire: decimal,
    strength: decimal,
    uniformity: decimal,
    premium: { type: 'money', readOnly: true },
    cropYears: { type: 'text', readOnly: true },
    warehouseNames: { type: 'text', readOnly: true },
  },
  list: {
    columns: [
      'packageNo',
      'name',
      'priceKind',
      'unitPrice',
      'futuresMonth',
      'basis',
      'tonnes',
      'mainColour',
      'micronaireClass',
      'lengthMm',
      'micronaire',
      'strength',
      'uniformity',
      'premium',
      'warehouseNames',
      'validUntil',
    ],
    filters: [
      'packageNo',
      'mainColour',
      'micronaireClass',
      'warehouseNames',
      { field: 'lengthMm', op: 'range' },
      { field: 'micronaire', op: 'range' },
      { field: 'strength', op: 'range' },
      { field: 'uniformity', op: 'range' },
      { field: 'premium', op: 'range' },
    ],
    defaultSort: { field: 'premium', order: 'desc' },
  },
  permissions: READ_ONLY,
});

/** A client's cart line as the house follows it up (platformShoppingCart). */
export const cartLine = defineResource({
  key: 'platformCartLine',
  area: 'platformManagement',
  resource: 'platformShoppingCart',
  title: 'storefront:route.platformShoppingCart',
  titleField: 'packageId',
  fields: {
    userId: { type: 'user', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
    packageId: { type: 'reference', resource: 'resourcePackage', readOnly: true },
    priceKind: { type: 'enum', dictionary: 'packagePriceKind', readOnly: true },
    unitPrice: { type: 'money', readOnly: true },
    futuresMonth: { type: 'text', readOnly: true },
    basis: { type: 'money', readOnly: true },
    addedAt: { type: 'datetime', readOnly: true },
    holdUntil: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'partnerId',
      'userId',
      'packageId',
      'priceKind',
      'unitPrice',
      'futuresMonth',
      'basis',
      'addedAt',
      'holdUntil',
    ],
    filters: ['partnerId', 'packageId', 'addedAt'],
    defaultSort: { field: 'addedAt', order: 'desc' },
  },
  permissions: READ_ONLY,
});

/**
 * SM-14 as the sales desk decides it: a request made reserved the package and drafted its contract; the desk
 * accepts it, or rejects it with a reason the client reads (the package goes back on sale). One it leaves
 * waiting past platformOrderExpiryMinutes expires the same way (the server's clock, no action).
 */
export const purchaseRequestWorkflow = {
  field: 'status',
  initial: 'submitted',
  states: {
    submitted: 'storefront:state.submitted',
    accepted: 'storefront:state.accepted',
    contracted: 'storefront:state.contracted',
    completed: 'state.completed',
    rejected: 'state.rejected',
    cancelled: 'state.cancelled',
    expired: 'state.expired',
  },
  transitions: [
    { from: ['submitted'], to: 'accepted', action: 'accept', permission: 'approve', comment: 'optional' },
    {
      from: ['submitted'],
      to: 'rejected',
      action: 'reject',
      permission: 'approve',
      comment: 'required',
      danger: true,
    },
  ],
} as const;

/** A client's purchase request (SM-14) and the reservation and draft contract it became. */
export const purchaseRequest = defineResource({
  key: 'platformPurchaseRequest',
  area: 'platformManagement',
  resource: 'platformpurchasemanagement',
  title: 'storefront:route.platformpurchasemanagement',
  titleField: 'requestNo',
  fields: {
    requestNo: { type: 'text', readOnly: true },
    partnerId: { type: 'partner', partnerKind: 'client', readOnly: true },
    userId: { type: 'user', readOnly: true },
    packageId: { type: 'reference', resource: 'resourcePackage', readOnly: true },
    priceKind: { type: 'enum', dictionary: 'packagePriceKind', readOnly: true },
    unitPrice: { type: 'money', readOnly: true },
    futuresMonth: { type: 'text', readOnly: true },
    basis: { type: 'money', readOnly: true },
    tonnes: { type: 'weight', readOnly: true },
    amount: { type: 'money', readOnly: true },
    reservationId: { type: 'reference', resource: 'clientReservation', readOnly: true },
    contractId: { type: 'reference', resource: 'transactionContract', readOnly: true },
    channel: { type: 'text', readOnly: true },
    status: { type: 'enum', dictionary: 'purchaseRequestState', readOnly: true },
    createdAt: { type: 'datetime', readOnly: true },
    reason: { type: 'text', readOnly: true },
    decidedBy: { type: 'user', readOnly: true },
    decidedAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'requestNo',
      'partnerId',
      'userId',
      'packageId',
      'priceKind',
      'unitPrice',
      'tonnes',
      'amount',
      'reservationId',
      'contractId',
      'channel',
      'status',
      'createdAt',
      'reason',
      { field: 'decidedBy', hiddenByDefault: true },
      { field: 'decidedAt', hiddenByDefault: true },
    ],
    filters: ['requestNo', 'partnerId', 'status', 'createdAt'],
    defaultSort: { field: 'createdAt', order: 'desc' },
    totals: ['tonnes', 'amount'],
  },
  workflow: purchaseRequestWorkflow,
  permissions: READ_ONLY,
});

export const platformPart: AreaPart = {
  resources: [platformUser, storefrontListing, cartLine, purchaseRequest, platformSetting, helpArticle],
};
