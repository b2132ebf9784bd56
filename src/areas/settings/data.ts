// Data settings: the dictionaries.

import { defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';

export const dictionaryEntry = defineResource({
  key: 'dictionaryEntry',
  area: 'pri',
  resource: 'dictionaryEntry',
  title: 'field.entries',
  titleField: 'label',
  fields: {
    value: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }],
    },
    label: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    sort: { type: 'integer', rules: [{ kind: 'required' }, { kind: 'min', value: 0 }] },
  },
  list: { columns: ['value', 'label', 'sort'], filters: [] },
  form: { fields: ['value', 'label', 'sort'] },
  permissions: {},
});

/** A dictionary (the options of every enum field) and its entries. */
export const dictionary = defineResource({
  key: 'dictionary',
  area: 'pri',
  resource: 'dictionary',
  title: 'settings:route.dictionaryList',
  titleField: 'name',
  fields: {
    code: {
      type: 'text',
      rules: [
        { kind: 'required' },
        { kind: 'pattern', value: '[a-zA-Z][a-zA-Z0-9_]{1,63}', message: 'validation.code' },
      ],
    },
    name: {
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: ['code', 'name', 'remark'],
    filters: ['code', 'name'],
    defaultSort: { field: 'code', order: 'asc' },
  },
  form: { fields: ['code', 'name', 'remark'] },
  lines: { key: 'entries', title: 'field.entries', declaration: dictionaryEntry, minLines: 1 },
  permissions: crudPermissions,
});
