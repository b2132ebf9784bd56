// Contract and bill templates: the text the print pages fill with a document's data ({{field}} and
// {{tenant.buyer}}-style placeholders), one per print variant, published before use.

import { customRule, defineResource, templateProblems } from '../../framework/resource/index.ts';
import { templateWorkflow } from '../../framework/resource/workflows.ts';
import { documentPlaceholders, PRINTED_RESOURCES } from './printDocuments.ts';

/** A template prints cleanly: only its document's placeholders, no sign after a percentage, no stray brace. */
const printsCleanly = (value: unknown, record: Readonly<Record<string, unknown>>) =>
  templateProblems(String(value), documentPlaceholders(record.document)).length === 0;

/** The placeholders offered under the content: those of the chosen document. */
const placeholderHints = (record: Readonly<Record<string, unknown>>) =>
  documentPlaceholders(record.document).map((placeholder) => ({
    code: `{{${placeholder.name}}}`,
    label: placeholder.label,
    note: placeholder.type === 'inWords' ? 'resource.inWords' : undefined,
  }));

const templateFields = (documentDictionary: string) =>
  ({
    name: {
      label: 'field.templateName',
      type: 'text',
      rules: [{ kind: 'required' }, { kind: 'maxLength', value: 64 }],
    },
    document: {
      label: 'field.printDocument',
      type: 'enum',
      dictionary: documentDictionary,
      rules: [{ kind: 'required' }],
    },
    // The print route that uses it (tenant.printVariants names the tenant's own one).
    variant: {
      label: 'field.printVariant',
      type: 'enum',
      dictionary: 'printVariant',
      rules: [{ kind: 'required' }],
    },
    content: {
      label: 'field.templateContent',
      type: 'longText',
      rules: [
        { kind: 'required' },
        { kind: 'maxLength', value: 20000 },
        customRule('validation.templatePlaceholders', printsCleanly),
      ],
      hint: placeholderHints,
    },
    version: { label: 'field.version', type: 'integer', readOnly: true },
    status: { label: 'field.status', type: 'enum', dictionary: 'templateState', readOnly: true },
    updateTime: { label: 'field.updateTime', type: 'datetime', readOnly: true },
  }) as const;

const templatePermissions = { view: 'view', create: 'create', edit: 'edit', delete: 'delete' } as const;

export const contractTemplate = defineResource({
  key: 'contractTemplate',
  area: 'pri',
  resource: 'contractTemplate',
  title: 'route.contractTemplate',
  titleField: 'name',
  fields: templateFields('contractDocument'),
  reads: PRINTED_RESOURCES,
  list: {
    columns: ['name', 'document', 'variant', 'version', 'status', 'updateTime'],
    // The print page asks for its own variant: purchasePrint must not also find purchasePrintSpm.
    filters: ['name', 'document', { field: 'variant', op: 'eq' }, 'status'],
  },
  form: { fields: ['name', 'document', 'variant', 'content'] },
  detail: {
    sections: [
      { title: 'section.basic', fields: ['name', 'document', 'variant', 'version', 'status', 'updateTime'] },
      { title: 'field.templateContent', fields: ['content'] },
    ],
  },
  workflow: templateWorkflow,
  permissions: templatePermissions,
});

export const billTemplate = defineResource({
  ...contractTemplate,
  key: 'billTemplate',
  resource: 'billTemplate',
  title: 'route.billTemplate',
  fields: templateFields('billDocument'),
  reads: PRINTED_RESOURCES,
});
