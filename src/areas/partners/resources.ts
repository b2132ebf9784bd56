// Partners (domain.md §7: kind, credit limit, contacts) and what hangs off them: associations between
// partners, client margin settings (§4) and their bank accounts.

import { customRule, defineResource } from '../../framework/resource/index.ts';
import { crudPermissions, enabledWorkflow } from '../../framework/resource/workflows.ts';

const PHONE_PATTERN = '[0-9+\\-() ]{5,20}';

export const partnerContact = defineResource({
  key: 'partnerContact',
  area: 'pri',
  resource: 'partnerContact',
  title: 'field.contacts',
  titleField: 'name',
  fields: {
    name: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    phone: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: PHONE_PATTERN, message: 'validation.phone' }],
    },
    position: { type: 'text', rules: [{ kind: 'maxLength', value: 32 }] },
  },
  list: { columns: ['name', 'phone', 'position'], filters: [] },
  form: { fields: ['name', 'phone', 'position'] },
  permissions: {},
});

export const partner = defineResource({
  key: 'partner',
  area: 'pri',
  resource: 'Partner',
  title: 'partners:route.PartnerList',
  titleField: 'name',
  fields: {
    name: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }],
    },
    shortName: { type: 'text', rules: [{ kind: 'maxLength', value: 32 }] },
    kinds: {
      type: 'enum',
      dictionary: 'partnerKind',
      multiple: true,
      rules: [{ kind: 'required' }],
    },
    creditCode: {
      type: 'text',
      // The unified social credit code: 18 characters of digits and capitals (no I, O, S, V, Z).
      rules: [
        {
          kind: 'pattern',
          value: '[0-9A-HJ-NPQRTUWXY]{2}\\d{6}[0-9A-HJ-NPQRTUWXY]{10}',
          message: 'validation.creditCode',
        },
      ],
    },
    creditLimit: { type: 'money', rules: [{ kind: 'min', value: 0 }] },
    address: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    status: { type: 'enum', dictionary: 'enabledState', readOnly: true },
  },
  list: {
    columns: ['name', 'shortName', 'kinds', 'creditCode', 'creditLimit', 'status'],
    filters: ['name', { field: 'kinds', op: 'in' }, 'status'],
    defaultSort: { field: 'name', order: 'asc' },
  },
  form: { fields: ['name', 'shortName', 'kinds', 'creditCode', 'creditLimit', 'address'] },
  lines: { key: 'contacts', title: 'field.contacts', declaration: partnerContact },
  workflow: enabledWorkflow,
  permissions: crudPermissions,
});

/** Two partners that belong together (a group and its subsidiary, a client and its guarantor). */
export const partnerAssociation = defineResource({
  key: 'partnerAssociation',
  area: 'pri',
  resource: 'PartnerAssociation',
  title: 'partners:route.PartnerAssociation',
  titleField: 'partnerId',
  fields: {
    partnerId: { type: 'partner', rules: [{ kind: 'required' }] },
    relatedPartnerId: {
      type: 'partner',
      rules: [
        { kind: 'required' },
        customRule('validation.notSamePartner', (value, record) => value !== record.partnerId),
      ],
    },
    relation: {
      type: 'enum',
      dictionary: 'partnerRelation',
      rules: [{ kind: 'required' }],
    },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: ['partnerId', 'relatedPartnerId', 'relation', 'remark'],
    filters: ['partnerId', 'relation'],
  },
  form: { fields: ['partnerId', 'relatedPartnerId', 'relation', 'remark'] },
  permissions: crudPermissions,
});

/**
 * A client's own margin terms (domain.md §4), overriding the system settings from a date on:
 * initial deposit m0 per open tonne, call ratio k, call deadline in trading days.
 */
export const clientMarginSet = defineResource({
  key: 'clientMarginSet',
  area: 'pri',
  resource: 'ClientMarginSet',
  title: 'partners:route.ClientMarginSet',
  titleField: 'partnerId',
  fields: {
    partnerId: {
      type: 'partner',
      partnerKind: 'client',
      rules: [{ kind: 'required' }],
    },
    initialMarginPerTonne: {
      type: 'money',
      rules: [{ kind: 'required' }, { kind: 'min', value: 0 }],
    },
    callRatio: {
      type: 'percent',
      rules: [{ kind: 'required' }, { kind: 'min', value: 1 }, { kind: 'max', value: 100 }],
    },
    callDeadlineDays: {
      type: 'integer',
      rules: [{ kind: 'required' }, { kind: 'min', value: 1 }, { kind: 'max', value: 30 }],
    },
    effectiveFrom: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: ['partnerId', 'initialMarginPerTonne', 'callRatio', 'callDeadlineDays', 'effectiveFrom'],
    filters: ['partnerId', 'effectiveFrom'],
    defaultSort: { field: 'effectiveFrom', order: 'desc' },
  },
  form: {
    fields: [
      'partnerId',
      'initialMarginPerTonne',
      'callRatio',
      'callDeadlineDays',
      'effectiveFrom',
      'remark',
    ],
  },
  permissions: crudPermissions,
});

export const partnerManagementAccount = defineResource({
  key: 'partnerManagementAccount',
  area: 'pri',
  resource: 'PartnerManagementAccount',
  title: 'partners:route.PartnerManagementAccount',
  titleField: 'accountNo',
  fields: {
    partnerId: { type: 'partner', rules: [{ kind: 'required' }] },
    accountName: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }],
    },
    bankName: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }],
    },
    accountNo: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'pattern', value: '\\d{8,30}', message: 'validation.accountNo' }],
    },
    purpose: {
      type: 'enum',
      dictionary: 'accountPurpose',
      rules: [{ kind: 'required' }],
    },
    isDefault: { type: 'boolean' },
  },
  list: {
    columns: ['partnerId', 'accountName', 'bankName', 'accountNo', 'purpose', 'isDefault'],
    filters: ['partnerId', 'purpose'],
  },
  form: { fields: ['partnerId', 'accountName', 'bankName', 'accountNo', 'purpose', 'isDefault'] },
  permissions: crudPermissions,
});
