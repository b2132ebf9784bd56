// Interval warnings (IntervalWarn, domain.md §4; src/domain/priceBands.ts): price bands per CF month with
// the people to tell, and the warnings raised when an entered or imported price leaves a band — once per
// crossing — each acknowledged with a comment by one of those people (or risk staff).

import type { AreaPart } from '../../framework/resource/area.ts';
import { customRule, defineInput, defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { futuresMonthField } from '../fields.ts';

const priceLine = { type: 'money', rules: [{ kind: 'min', value: '0.01' }] } as const;

/** A band: its lines (at least one; the lower below the upper) and the people told when it is crossed. */
export const priceBand = defineResource({
  key: 'priceBand',
  area: 'furRiskManage',
  resource: 'IntervalWarn',
  title: 'risk:route.IntervalWarn',
  titleField: 'futuresMonth',
  fields: {
    futuresMonth: futuresMonthField,
    lowerPrice: {
      ...priceLine,
      rules: [
        ...priceLine.rules,
        customRule(
          'risk:priceBand.needsALine',
          (value, record) => (value ?? '') !== '' || (record.upperPrice ?? '') !== '',
        ),
      ],
    },
    upperPrice: {
      ...priceLine,
      rules: [
        ...priceLine.rules,
        customRule(
          'risk:priceBand.upperAboveLower',
          (value, record) =>
            (value ?? '') === '' ||
            (record.lowerPrice ?? '') === '' ||
            Number(value) > Number(record.lowerPrice),
        ),
      ],
    },
    recipientIds: {
      type: 'reference',
      resource: 'user',
      multiple: true,
      rules: [{ kind: 'required' }],
    },
    enabled: { type: 'boolean' },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    lastPrice: { type: 'money', readOnly: true },
    lastTradeDate: { type: 'date', readOnly: true },
    openWarnings: { type: 'integer', readOnly: true },
    updatedBy: { type: 'user', readOnly: true },
    updatedAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'futuresMonth',
      'lowerPrice',
      'upperPrice',
      'recipientIds',
      'enabled',
      'lastPrice',
      'lastTradeDate',
      'openWarnings',
      'updatedBy',
      'updatedAt',
      { field: 'remark', hiddenByDefault: true },
    ],
    filters: [{ field: 'futuresMonth', op: 'eq' }, 'enabled'],
    defaultSort: { field: 'futuresMonth', order: 'asc' },
  },
  form: { fields: ['futuresMonth', 'lowerPrice', 'upperPrice', 'recipientIds', 'enabled', 'remark'] },
  permissions: crudPermissions,
});

/** What acknowledging a warning takes: a comment (what was done or decided). */
export const priceWarningAcknowledge = defineInput({
  key: 'priceWarningAcknowledge',
  title: 'risk:route.IntervalWarning',
  fields: {
    comment: {
      type: 'longText',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 500 }],
    },
  },
});

/** A warning raised by a price leaving a band: open until acknowledged with a comment. */
export const priceWarning = defineResource({
  key: 'priceWarning',
  area: 'furRiskManage',
  resource: 'IntervalWarning',
  title: 'risk:route.IntervalWarning',
  titleField: 'warningNo',
  fields: {
    warningNo: { type: 'text', readOnly: true },
    bandId: { type: 'reference', resource: 'priceBand', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    tradeDate: { type: 'date', readOnly: true },
    price: { type: 'money', readOnly: true },
    previousPrice: { type: 'money', readOnly: true },
    side: { type: 'enum', dictionary: 'priceBandSide', readOnly: true },
    lowerPrice: { type: 'money', readOnly: true },
    upperPrice: { type: 'money', readOnly: true },
    source: { type: 'enum', dictionary: 'futuresPriceSource', readOnly: true },
    raisedBy: { type: 'user', readOnly: true },
    raisedAt: { type: 'datetime', readOnly: true },
    status: { label: 'field.status', type: 'enum', dictionary: 'priceWarningState', readOnly: true },
    acknowledgedBy: { type: 'user', readOnly: true },
    acknowledgedAt: { type: 'datetime', readOnly: true },
    acknowledgeComment: { type: 'longText', readOnly: true },
  },
  list: {
    columns: [
      'warningNo',
      'raisedAt',
      'futuresMonth',
      'tradeDate',
      'side',
      'price',
      'previousPrice',
      'lowerPrice',
      'upperPrice',
      'status',
      'acknowledgedBy',
      'acknowledgedAt',
      { field: 'acknowledgeComment', hiddenByDefault: true },
      { field: 'source', hiddenByDefault: true },
    ],
    filters: ['warningNo', { field: 'futuresMonth', op: 'eq' }, 'side', 'status', 'tradeDate'],
    defaultSort: { field: 'raisedAt', order: 'desc' },
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: [
          'warningNo',
          'bandId',
          'futuresMonth',
          'tradeDate',
          'side',
          'price',
          'previousPrice',
          'lowerPrice',
          'upperPrice',
          'source',
          'raisedBy',
          'raisedAt',
        ],
      },
      {
        title: 'risk:priceWarning.acknowledgement',
        fields: ['status', 'acknowledgedBy', 'acknowledgedAt', 'acknowledgeComment'],
      },
    ],
  },
  commands: {
    acknowledge: { input: priceWarningAcknowledge, permission: 'confirm', states: ['open'] },
  },
  workflow: {
    field: 'status',
    initial: 'open' as 'open' | 'acknowledged',
    states: { open: 'risk:warningState.open', acknowledged: 'risk:warningState.acknowledged' },
    transitions: [],
  },
  permissions: { view: 'view', export: 'export' },
});

export const bandsPart: AreaPart = {
  resources: [priceBand, priceWarning],
};
