import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FilterValue, ListFilter } from '../resource/index.ts';
import { DATE_FORMAT, FieldInput } from './FieldInput.tsx';
import { useLabel } from './fieldDisplay.tsx';

type Range = { from?: string; to?: string };

/** A filter select is wide enough for its words even while empty (it would shrink to its arrow). */
const FILTER_SELECT_STYLE = { width: 180 } as const;
/** One taking several values, wide enough for a few of them. */
const FILTER_MULTIPLE_STYLE = { width: 320 } as const;

function NumberRange({
  id,
  value,
  onChange,
}: {
  id?: string;
  value?: Range;
  onChange?: (value: Range) => void;
}) {
  const { t } = useTranslation();
  return (
    <Space.Compact>
      <Input
        id={id}
        value={value?.from}
        placeholder={t('resource.from')}
        onChange={(e) => onChange?.({ ...value, from: e.target.value })}
        style={{ width: 100 }}
      />
      <Input
        value={value?.to}
        placeholder={t('resource.to')}
        onChange={(e) => onChange?.({ ...value, to: e.target.value })}
        style={{ width: 100 }}
      />
    </Space.Compact>
  );
}

/** Yes, no, or either (cleared): a switch could not say "either". */
function YesNo(props: { id?: string; value?: unknown }) {
  const { t } = useTranslation();
  return (
    <Select
      {...props}
      value={props.value as string | undefined}
      allowClear
      placeholder={t('resource.anyValue')}
      style={{ width: 120 }}
      options={[
        { value: 'true', label: t('resource.yes') },
        { value: 'false', label: t('resource.no') },
      ]}
    />
  );
}

function FilterInput({
  filter,
  several,
  ...props
}: {
  filter: ListFilter;
  /** Takes several values: an "in" filter, or one a report opens on with several. */
  several: boolean;
  id?: string;
  value?: unknown;
}) {
  const { t } = useTranslation();
  if (filter.field.type === 'boolean') return <YesNo {...props} />;
  const isDate = filter.field.type === 'date' || filter.field.type === 'datetime';
  if (filter.op === 'range' && isDate)
    return <DatePicker.RangePicker {...props} value={props.value as never} />;
  if (filter.op === 'range') return <NumberRange {...props} value={props.value as Range} />;
  if (filter.field.type === 'text' || filter.field.type === 'longText') {
    return <Input {...props} value={props.value as string} allowClear />;
  }
  // Several values show as several (a report's 在库, 已预留, 已质押 …), never the first alone.
  const field = several && filter.field.type === 'enum' ? { ...filter.field, multiple: true } : filter.field;
  return (
    <FieldInput
      {...props}
      field={field}
      placeholder={t('resource.anyValue')}
      style={field === filter.field ? FILTER_SELECT_STYLE : FILTER_MULTIPLE_STYLE}
    />
  );
}

/** Form values → list filters: date ranges as text, empty entries dropped. */
function toFilters(
  filters: readonly ListFilter[],
  values: Record<string, unknown>,
): Record<string, FilterValue> {
  const result: Record<string, FilterValue> = {};
  for (const filter of filters) {
    const value = values[filter.key];
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value) && filter.op === 'range') {
      const [from, to] = value as [Dayjs | null, Dayjs | null];
      result[filter.key] = { from: from?.format(DATE_FORMAT), to: to?.format(DATE_FORMAT) };
    } else result[filter.key] = value as FilterValue;
  }
  return result;
}

/**
 * The filters of a list: search applies them from page 1, reset returns to the initial ones (none, or a
 * report's own: values and lists of values).
 */
export function FilterBar({
  filters,
  initialValues,
  onSearch,
}: {
  filters: readonly ListFilter[];
  initialValues?: Readonly<Record<string, FilterValue | undefined>>;
  onSearch: (filters: Record<string, FilterValue>) => void;
}) {
  const [form] = Form.useForm();
  const { t } = useTranslation();
  const label = useLabel();
  if (filters.length === 0) return null;
  const search = () => onSearch(toFilters(filters, form.getFieldsValue()));
  return (
    <Form
      form={form}
      layout="inline"
      initialValues={initialValues}
      onFinish={search}
      style={{ rowGap: 8, marginBottom: 12 }}
    >
      {filters.map((filter) => (
        <Form.Item key={filter.key} name={filter.key} label={label(filter.label)}>
          <FilterInput
            filter={filter}
            several={filter.op === 'in' || Array.isArray(initialValues?.[filter.key])}
          />
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit">
            {t('resource.search')}
          </Button>
          <Button
            onClick={() => {
              form.resetFields();
              search();
            }}
          >
            {t('resource.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
