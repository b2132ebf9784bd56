// Help articles for the platform's clients (helpCenterSetup): markdown rendered by the product's one markdown
// renderer, in the operator's order; a draft is the operator's alone, a published one every platform user reads.

import { defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';

export const helpArticleWorkflow = {
  field: 'status',
  initial: 'draft',
  states: { draft: 'state.draft', published: 'storefront:state.published' },
  transitions: [
    { from: ['draft'], to: 'published', action: 'publish', permission: 'publish' },
    { from: ['published'], to: 'draft', action: 'withdraw', permission: 'publish', danger: true },
  ],
  editableIn: ['draft'],
} as const;

export const helpArticle = defineResource({
  key: 'helpArticle',
  area: 'platformManagement',
  resource: 'helpCenterSetup',
  title: 'storefront:route.helpCenterSetup',
  titleField: 'title',
  fields: {
    title: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 80 }] },
    body: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 20000 }] },
    sort: {
      type: 'integer',
      rules: [
        { kind: 'min', value: 0 },
        { kind: 'max', value: 9999 },
      ],
    },
    status: { type: 'enum', dictionary: 'helpArticleState', readOnly: true },
    updatedBy: { type: 'user', readOnly: true },
    updateTime: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['sort', 'title', 'status', 'updatedBy', 'updateTime'],
    filters: ['title', 'status'],
    defaultSort: { field: 'sort', order: 'asc' },
  },
  form: { fields: ['title', 'sort', 'body'] },
  detail: {
    sections: [{ title: 'storefront:route.helpCenterSetup', fields: ['title', 'sort', 'status', 'body'] }],
  },
  workflow: helpArticleWorkflow,
  permissions: crudPermissions,
});
