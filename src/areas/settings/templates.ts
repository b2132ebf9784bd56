// Contract and bill templates: the text the print pages fill with a document's data ({{field}} and
// {{tenant.buyer}}-style placeholders, sections for the documents they fit), one per print variant and
// language, published before use.

import { customRule, defineResource, templateProblems } from '../../framework/resource/index.ts';
import { templateWorkflow } from '../../framework/resource/workflows.ts';
import { documentPlaceholders, documentSections, printedResources } from './printDocuments.ts';

/**
 * A template prints cleanly: only its document's placeholders and sections on its fields' values, no sign
 * after a percentage, no stray brace or unclosed section.
 */
const printsCleanly = (value: unknown, record: Readonly<Record<string, unknown>>) =>
  templateProblems(String(value), documentPlaceholders(record.document), documentSections(record.document))
    .length === 0;

/** The placeholders offered under the content: those of the chosen document, then how sections read. */
const placeholderHints = (record: Readonly<Record<string, unknown>>) => {
  const placeholders = documentPlaceholders(record.document);
  return [
    ...placeholders.map((placeholder) => ({
      code: `{{${placeholder.name}}}`,
      label: placeholder.label,
      note: placeholder.type === 'inWords' ? 'resource.inWords' : undefined,
    })),
    ...(placeholders.length > 0
      ? [{ code: '{{#field}}…{{/field}}  {{#field=a|b}}…{{/field}}', label: 'resource.templateSection' }]
      : []),
  ];
};

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
    // A document prints wholly in its template's language (Chinese unless another is chosen).
    language: {
      label: 'field.printLanguage',
      type: 'enum',
      dictionary: 'documentLanguage',
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
  title: 'settings:route.contractTemplate',
  titleField: 'name',
  fields: templateFields('contractDocument'),
  reads: printedResources,
  list: {
    columns: ['name', 'document', 'variant', 'language', 'version', 'status', 'updateTime'],
    // The print page asks for its own variant: purchasePrint must not also find purchasePrintSpm.
    filters: ['name', 'document', { field: 'variant', op: 'eq' }, 'language', 'status'],
  },
  form: { fields: ['name', 'document', 'variant', 'language', 'content'] },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['name', 'document', 'variant', 'language', 'version', 'status', 'updateTime'],
      },
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
  title: 'settings:route.billTemplate',
  fields: templateFields('billDocument'),
  reads: printedResources,
});
