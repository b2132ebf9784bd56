import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  Alert,
  App,
  Button,
  Col,
  Descriptions,
  Drawer,
  Form,
  type FormInstance,
  Row,
  Space,
  Tag,
} from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenant } from '../../shared/tenant/index.ts';
import {
  detailSections,
  type FieldDecl,
  formFields,
  type InputDecl,
  isRequired,
  type Label,
  type ResourceDecl,
  validateField,
} from '../resource/index.ts';
import { extensionsOf } from './extensions.ts';
import { dateItemProps, FieldInput } from './FieldInput.tsx';
import { FieldText, useLabel } from './fieldDisplay.tsx';
import { showOneTimeSecrets } from './oneTimeSecrets.tsx';
import {
  baseOf,
  errorMessageOf,
  fieldErrorsOf,
  type ResourceRecord,
  useFormDefaultsQuery,
  useResourceDetailQuery,
  useResourceSaveMutation,
} from './resourceApi.ts';

/** The shared rules as one antd validator, so the form says exactly what the server would. */
function useSharedRule(key: string, field: FieldDecl, recordOf: () => Record<string, unknown>): Rule {
  const { t } = useTranslation();
  return {
    validator: async (_rule, value) => {
      const problem = validateField(
        key,
        field,
        { ...recordOf(), [key]: value },
        { weightDigit: tenant.weightDigit },
      );
      if (problem) throw new Error(t(problem.message, problem.params));
    },
  };
}

/** The codes a field accepts, for the values being entered (a template's placeholders for its document). */
function FieldHints({ hint }: { hint: NonNullable<FieldDecl['hint']> }) {
  const { t } = useTranslation();
  const label = useLabel();
  const values = Form.useWatch((all: Record<string, unknown>) => all, { preserve: true }) ?? {};
  const hints = hint(values);
  if (hints.length === 0) return null;
  return (
    <section aria-label={t('resource.fieldHints')} className="field-hints">
      {hints.map((item) => (
        <Tag key={item.code} style={{ marginBottom: 4 }}>
          <code>{item.code}</code> {label(item.label)}
          {item.note ? t(item.note) : ''}
        </Tag>
      ))}
    </section>
  );
}

/** The input of a field as the values being entered read it (a setting's value: percent, amount or list). */
function FieldInputAs({ field, ...props }: Parameters<typeof FieldInput>[0]) {
  const values = Form.useWatch((all: Record<string, unknown>) => all, { preserve: true }) ?? {};
  return <FieldInput {...props} field={field.readAs?.(values) ?? field} />;
}

/**
 * The width of a field on a line item, where nothing else sizes it: a select would shrink to its arrow
 * and cut its options ("工…").
 */
function lineFieldWidth(field: FieldDecl): number {
  if ('multiple' in field && field.multiple) return 360;
  if (['enum', 'partner', 'reference', 'warehouse', 'batch', 'user', 'department'].includes(field.type))
    return 240;
  return 160;
}

export function FieldItem({
  name,
  fieldKey,
  field,
  fieldLabel,
  recordOf,
  showLabel = true,
  disabled,
  width,
}: {
  name: string | (string | number)[];
  fieldKey: string;
  field: FieldDecl;
  fieldLabel: Label;
  recordOf: () => Record<string, unknown>;
  showLabel?: boolean;
  disabled?: boolean;
  /** Fixed width (line items); otherwise the form's column sizes the field. */
  width?: number;
}) {
  const label = useLabel();
  const rule = useSharedRule(fieldKey, field, recordOf);
  const form = Form.useFormInstance();
  const fills = field.type === 'batch' ? field.fills : undefined;
  // Picking a batch fills what the batch already says (its warehouse, its weight).
  const onPick = fills
    ? (batch: Readonly<Record<string, unknown>>) =>
        form.setFieldsValue(
          Object.fromEntries(Object.entries(fills).map(([formKey, batchKey]) => [formKey, batch[batchKey]])),
        )
    : undefined;
  const isDate = field.type === 'date' || field.type === 'datetime';
  return (
    <Form.Item
      name={name}
      label={showLabel ? label(fieldLabel) : undefined}
      aria-label={label(fieldLabel)}
      extra={field.hint ? <FieldHints hint={field.hint} /> : undefined}
      rules={[rule]}
      validateTrigger={['onBlur', 'onChange']}
      required={isRequired(field)}
      style={width ? { width } : undefined}
      {...(isDate ? dateItemProps(field) : {})}
    >
      {field.readAs ? (
        <FieldInputAs
          field={field}
          placeholder={showLabel ? undefined : label(fieldLabel)}
          disabled={disabled}
        />
      ) : (
        <FieldInput
          field={field}
          placeholder={showLabel ? undefined : label(fieldLabel)}
          disabled={disabled}
          style={width ? { width: '100%' } : undefined}
          onPick={onPick}
        />
      )}
    </Form.Item>
  );
}

function LineItems({ decl, form }: { decl: ResourceDecl | InputDecl; form: FormInstance }) {
  const { t } = useTranslation();
  const label = useLabel();
  const lines = decl.lines!;
  const Input = isResource(decl) ? extensionsOf(decl).linesInput : undefined;
  if (Input)
    return (
      <Form.Item name={lines.key} label={label(lines.title)}>
        <Input decl={decl as ResourceDecl} />
      </Form.Item>
    );
  const fields = formFields(lines.declaration);
  return (
    <>
      <h4>{label(lines.title)}</h4>
      <Form.List name={lines.key}>
        {(items, { add, remove }) => (
          <>
            {items.map((item) => (
              <Space key={item.key} align="baseline" wrap>
                {fields.map(({ key, field, label: fieldLabel }) => (
                  <FieldItem
                    key={key}
                    name={[item.name, key]}
                    fieldKey={key}
                    field={field}
                    fieldLabel={fieldLabel}
                    showLabel={false}
                    width={lineFieldWidth(field)}
                    recordOf={() => form.getFieldValue([lines.key, item.name]) ?? {}}
                  />
                ))}
                <Button
                  aria-label={t('resource.removeLine')}
                  icon={<DeleteOutlined />}
                  onClick={() => remove(item.name)}
                />
              </Space>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({})}>
              {t('resource.addLine')}
            </Button>
          </>
        )}
      </Form.List>
    </>
  );
}

/** `lines.0.price` → ['lines', 0, 'price'] for antd's field names. */
const namePath = (field: string) =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

const TWO_COLUMNS_FROM_FIELDS = 8;

/** A resource's declaration, rather than an input's (defineInput): it has an API base and is saved there. */
const isResource = (decl: ResourceDecl | InputDecl): decl is ResourceDecl => 'area' in decl;

export interface ResourceFormProps {
  /** A resource (saved by its save call), or an input sent by `onSubmit` (a command's). */
  decl: ResourceDecl | InputDecl;
  /** The record to edit; absent to create one. */
  record?: ResourceRecord;
  open: boolean;
  onClose: () => void;
  onSaved?: (record: ResourceRecord | null) => void;
  /** 'drawer' (default) or 'page' (rendered in place, e.g. the contract template editor). */
  mode?: 'drawer' | 'page';
  /** Values the screen fixes (its route's scope): preset, shown, not editable, always sent. */
  fixed?: Readonly<Record<string, string>>;
  /** Sends the values somewhere other than the resource's save (a command); answers the success message. */
  onSubmit?: (values: Record<string, unknown>) => Promise<string | undefined>;
  /** The drawer's title when it is not "new/edit <resource>". */
  title?: string;
  /** What submitting would do, shown before it may be confirmed (a command's preview). */
  preview?: { decl: InputDecl; run: (values: Record<string, unknown>) => Promise<ResourceRecord> };
}

/** The figures a preview answered, as a detail section of the preview's declaration. */
function PreviewResult({ decl, record }: { decl: InputDecl; record: ResourceRecord }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [section] = detailSections(decl);
  return (
    <Descriptions
      bordered
      size="small"
      title={t('command.previewTitle')}
      column={1}
      style={{ marginTop: 16 }}
      items={(section?.items ?? []).map((item) => ({
        key: item.key,
        label: label(item.label),
        children: <FieldText shown={item} record={record} />,
      }))}
    />
  );
}

/** A new record's fields filled from the settings in force today (`defaultSetting`); undefined until known. */
function useSettingDefaults(decl: InputDecl, creating: boolean) {
  const seeded = formFields(decl).filter(({ field }) => field.defaultSetting);
  const { data } = useFormDefaultsQuery(undefined, { skip: !creating || seeded.length === 0 });
  if (!data || seeded.length === 0) return undefined;
  return Object.fromEntries(
    seeded.flatMap(({ key, field }) => {
      const value = data[field.defaultSetting!];
      return value === undefined ? [] : [[key, value]];
    }),
  );
}

/** What the resource's area shows under the fields, given the values being entered. */
function FormParts({
  decl,
  fixed,
}: {
  decl: ResourceDecl | InputDecl;
  fixed: Readonly<Record<string, unknown>>;
}) {
  const values = Form.useWatch((all: Record<string, unknown>) => all, { preserve: true }) ?? {};
  const Parts = isResource(decl) ? extensionsOf(decl).formParts : undefined;
  return Parts ? <Parts decl={decl as ResourceDecl} values={{ ...values, ...fixed }} /> : null;
}

export function ResourceForm(props: ResourceFormProps) {
  const { decl, record, open, onClose, onSaved, mode = 'drawer', fixed = {}, onSubmit } = props;
  const { t } = useTranslation();
  const label = useLabel();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const [save, { isLoading }] = useResourceSaveMutation();
  const [formError, setFormError] = useState<string>();
  // Editing needs the whole record (line items are not in list rows).
  const resource = isResource(decl) ? decl : undefined;
  const { data: full } = useResourceDetailQuery(
    { base: resource ? baseOf(resource) : { area: 'pri', resource: '' }, id: record?.id ?? '' },
    { skip: !record || Boolean(onSubmit) || !resource },
  );
  const defaults = useSettingDefaults(decl, !record && !onSubmit);
  const initial = { ...defaults, ...(full ?? record), ...fixed };
  const [previewed, setPreviewed] = useState<ResourceRecord | null>(null);
  const [previewing, setPreviewing] = useState(false);
  const showFormError = (error: unknown) => {
    const fields = Object.entries(fieldErrorsOf(error));
    form.setFields(fields.map(([name, text]) => ({ name: namePath(name), errors: [text] })));
    if (fields.length === 0) setFormError(errorMessageOf(error) ?? t('resource.saveFailed'));
  };
  const runPreview = async () => {
    if (!props.preview) return;
    setFormError(undefined);
    const values = await form.validateFields();
    setPreviewing(true);
    try {
      setPreviewed(await props.preview.run({ ...values, ...fixed }));
    } catch (error) {
      showFormError(error);
    } finally {
      setPreviewing(false);
    }
  };
  const fields = formFields(decl);
  // A long form (a batch certificate has fifteen entries) reads better in two columns.
  const twoColumns = fields.length > TWO_COLUMNS_FROM_FIELDS;
  // An area's own line editor (a role's rights as the menu tree) needs the wide drawer.
  const wide = twoColumns || Boolean(decl.lines && resource && extensionsOf(resource).linesInput);

  const submit = async (values: Record<string, unknown>) => {
    setFormError(undefined);
    try {
      if (onSubmit) {
        message.success((await onSubmit({ ...values, ...fixed })) ?? t('resource.saved'));
        onClose();
        return;
      }
      if (!resource) throw new Error(`${decl.key} is an input: it is sent by onSubmit, never saved`);
      const saved = await save({ decl: resource, values: { ...values, ...fixed, id: record?.id } }).unwrap();
      message.success(t('resource.saved'));
      showOneTimeSecrets(modal, t, [saved], (r) => String(r[resource.titleField] ?? r.id));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      showFormError(error);
    }
  };

  const body: ReactNode = (
    <Form
      form={form}
      layout="vertical"
      key={full ? 'loaded' : defaults ? 'defaults' : 'initial'}
      initialValues={initial}
      onFinish={submit}
      onValuesChange={() => setPreviewed(null)}
      aria-label={label(decl.title)}
    >
      {formError ? <Alert type="error" title={formError} style={{ marginBottom: 12 }} /> : null}
      <Row gutter={16}>
        {fields.map(({ key, field, label: fieldLabel }) => (
          <Col key={key} span={twoColumns && field.type !== 'longText' ? 12 : 24}>
            <FieldItem
              name={key}
              fieldKey={key}
              field={field}
              fieldLabel={fieldLabel}
              recordOf={() => form.getFieldsValue()}
              disabled={key in fixed}
            />
          </Col>
        ))}
      </Row>
      {decl.lines ? <LineItems decl={decl} form={form} /> : null}
      <FormParts decl={decl} fixed={fixed} />
      {props.preview && previewed ? <PreviewResult decl={props.preview.decl} record={previewed} /> : null}
      {props.preview && !previewed ? <Alert type="info" title={t('command.previewFirst')} /> : null}
    </Form>
  );
  const buttons = (
    <Space>
      <Button onClick={onClose}>{t('resource.cancel')}</Button>
      {props.preview ? (
        <Button loading={previewing} onClick={() => void runPreview()}>
          {t('command.preview')}
        </Button>
      ) : null}
      <Button
        type="primary"
        loading={isLoading}
        disabled={Boolean(props.preview) && !previewed}
        onClick={() => form.submit()}
      >
        {t(props.preview ? 'command.confirm' : 'resource.save')}
      </Button>
    </Space>
  );
  if (mode === 'page') {
    return (
      <div>
        {body}
        {buttons}
      </div>
    );
  }
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={props.title ?? `${t(record ? 'resource.edit' : 'resource.create')} · ${label(decl.title)}`}
      size={wide ? 840 : 560}
      mask={{ closable: false }}
      extra={buttons}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
