import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Drawer, Form, type FormInstance, Row, Space } from 'antd';
import type { Rule } from 'antd/es/form/index.js';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type FieldDecl,
  formFields,
  isRequired,
  type ResourceDecl,
  validateField,
} from '../shared/resource/index.ts';
import { tenant } from '../shared/tenant/index.ts';
import { dateItemProps, FieldInput } from './FieldInput.tsx';
import { useLabel } from './fieldDisplay.tsx';
import { showOneTimeSecrets } from './oneTimeSecrets.tsx';
import {
  baseOf,
  errorMessageOf,
  fieldErrorsOf,
  type ResourceRecord,
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

function FieldItem({
  name,
  fieldKey,
  field,
  recordOf,
  showLabel = true,
  disabled,
}: {
  name: string | (string | number)[];
  fieldKey: string;
  field: FieldDecl;
  recordOf: () => Record<string, unknown>;
  showLabel?: boolean;
  disabled?: boolean;
}) {
  const label = useLabel();
  const rule = useSharedRule(fieldKey, field, recordOf);
  const isDate = field.type === 'date' || field.type === 'datetime';
  return (
    <Form.Item
      name={name}
      label={showLabel ? label(field.label) : undefined}
      aria-label={label(field.label)}
      rules={[rule]}
      validateTrigger={['onBlur', 'onChange']}
      required={isRequired(field)}
      {...(isDate ? dateItemProps(field) : {})}
    >
      <FieldInput
        field={field}
        placeholder={showLabel ? undefined : label(field.label)}
        disabled={disabled}
      />
    </Form.Item>
  );
}

function LineItems({ decl, form }: { decl: ResourceDecl; form: FormInstance }) {
  const { t } = useTranslation();
  const label = useLabel();
  const lines = decl.lines!;
  const fields = formFields(lines.declaration);
  return (
    <>
      <h4>{label(lines.title)}</h4>
      <Form.List name={lines.key}>
        {(items, { add, remove }) => (
          <>
            {items.map((item) => (
              <Space key={item.key} align="baseline" wrap>
                {fields.map(({ key, field }) => (
                  <FieldItem
                    key={key}
                    name={[item.name, key]}
                    fieldKey={key}
                    field={field}
                    showLabel={false}
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

export interface ResourceFormProps {
  decl: ResourceDecl;
  /** The record to edit; absent to create one. */
  record?: ResourceRecord;
  open: boolean;
  onClose: () => void;
  onSaved?: (record: ResourceRecord | null) => void;
  /** 'drawer' (default) or 'page' (rendered in place, e.g. the contract template editor). */
  mode?: 'drawer' | 'page';
  /** Values the screen fixes (its route's scope): preset, shown, not editable, always sent. */
  fixed?: Readonly<Record<string, string>>;
}

export function ResourceForm(props: ResourceFormProps) {
  const { decl, record, open, onClose, onSaved, mode = 'drawer', fixed = {} } = props;
  const { t } = useTranslation();
  const label = useLabel();
  const { message, modal } = App.useApp();
  const [form] = Form.useForm();
  const [save, { isLoading }] = useResourceSaveMutation();
  const [formError, setFormError] = useState<string>();
  // Editing needs the whole record (line items are not in list rows).
  const { data: full } = useResourceDetailQuery(
    { base: baseOf(decl), id: record?.id ?? '' },
    { skip: !record },
  );
  const initial = { ...(full ?? record), ...fixed };
  const fields = formFields(decl);
  // A long form (a batch certificate has fifteen entries) reads better in two columns.
  const twoColumns = fields.length > TWO_COLUMNS_FROM_FIELDS;

  const submit = async (values: Record<string, unknown>) => {
    setFormError(undefined);
    try {
      const saved = await save({ decl, values: { ...values, ...fixed, id: record?.id } }).unwrap();
      message.success(t('resource.saved'));
      showOneTimeSecrets(modal, t, [saved], (r) => String(r[decl.titleField] ?? r.id));
      onSaved?.(saved);
      onClose();
    } catch (error) {
      const fields = Object.entries(fieldErrorsOf(error));
      form.setFields(fields.map(([name, text]) => ({ name: namePath(name), errors: [text] })));
      if (fields.length === 0) setFormError(errorMessageOf(error) ?? t('resource.saveFailed'));
    }
  };

  const body: ReactNode = (
    <Form
      form={form}
      layout="vertical"
      key={full ? 'loaded' : 'initial'}
      initialValues={initial}
      onFinish={submit}
      aria-label={label(decl.title)}
    >
      {formError ? <Alert type="error" title={formError} style={{ marginBottom: 12 }} /> : null}
      <Row gutter={16}>
        {fields.map(({ key, field }) => (
          <Col key={key} span={twoColumns && field.type !== 'longText' ? 12 : 24}>
            <FieldItem
              name={key}
              fieldKey={key}
              field={field}
              recordOf={() => form.getFieldsValue()}
              disabled={key in fixed}
            />
          </Col>
        ))}
      </Row>
      {decl.lines ? <LineItems decl={decl} form={form} /> : null}
    </Form>
  );
  const buttons = (
    <Space>
      <Button onClick={onClose}>{t('resource.cancel')}</Button>
      <Button type="primary" loading={isLoading} onClick={() => form.submit()}>
        {t('resource.save')}
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
      title={`${t(record ? 'resource.edit' : 'resource.create')} · ${label(decl.title)}`}
      size={twoColumns ? 840 : 560}
      mask={{ closable: false }}
      extra={buttons}
      destroyOnHidden
    >
      {body}
    </Drawer>
  );
}
