// The input of each field type. Amounts stay decimal text (InputNumber stringMode): never binary floats.

import { AutoComplete, DatePicker, Input, InputNumber, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type CSSProperties, useDeferredValue, useState } from 'react';
import { useInstrumentInfoQuery, usePartnerListQuery } from '../../api/lookupsApi.ts';
import { choosesRecords, type FieldDecl } from '../resource/index.ts';
import { useReferencedResource } from './declarations.ts';
import { useDictionaryWords } from './dictionaryWords.ts';
import { useResourceListQuery } from './resourceApi.ts';

export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Form.Item props that keep dates as text in the form values and as dayjs in the picker. */
export function dateItemProps(field: FieldDecl) {
  const format = field.type === 'datetime' ? DATETIME_FORMAT : DATE_FORMAT;
  return {
    getValueProps: (value: string | undefined) => ({ value: value ? dayjs(value) : null }),
    normalize: (value: Dayjs | null) => (value ? value.format(format) : undefined),
  };
}

interface InputProps {
  field: FieldDecl;
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  onBlur?: () => void;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  /** A batch field: the whole record of the batch picked. */
  onPick?: (record: Readonly<Record<string, unknown>>) => void;
}

function DictionarySelect({ field, ...props }: InputProps & { field: Extract<FieldDecl, { type: 'enum' }> }) {
  const { data = [], isFetching } = useDictionaryWords(field.dictionary);
  return (
    <Select
      {...props}
      value={props.value as string | string[] | undefined}
      mode={field.multiple ? 'multiple' : undefined}
      loading={isFetching}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={[...data]
        .sort((a, b) => a.sort - b.sort)
        .map((entry) => ({ value: entry.value, label: entry.label }))}
    />
  );
}

/**
 * The futures months trading today offered as the user types (the exchange's rules on the server); another
 * writing may still be typed, and the server refuses a month that does not trade.
 */
function FuturesMonthInput({ field: _field, value, onChange, ...rest }: InputProps) {
  const { data = [] } = useInstrumentInfoQuery();
  const options = data.map((i) => ({ value: i.symbol, label: `${i.symbol} (${i.exchangeSymbol})` }));
  return (
    <AutoComplete
      {...rest}
      value={value as string | undefined}
      onChange={(next: string) => onChange?.(next)}
      options={options}
      allowClear
      filterOption={(input, option) => String(option?.value ?? '').includes(input.toUpperCase())}
    />
  );
}

/** A futures price stepped by the day's tick (5 CNY/t for CF). */
function FuturesPriceInput({ field: _field, value, onChange, ...rest }: InputProps) {
  const { data = [] } = useInstrumentInfoQuery();
  const tick = data[0]?.tickYuan;
  return (
    <InputNumber<string>
      {...rest}
      stringMode
      step={tick ? String(tick) : undefined}
      min="0"
      value={value as string}
      onChange={(next) => onChange?.(next ?? undefined)}
      style={{ width: '100%' }}
    />
  );
}

function PartnerSelect({ field, ...props }: InputProps & { field: Extract<FieldDecl, { type: 'partner' }> }) {
  const { data = [], isFetching } = usePartnerListQuery();
  const partners = field.partnerKind ? data.filter((p) => p.kinds.includes(field.partnerKind!)) : data;
  return (
    <Select
      {...props}
      value={props.value as string | undefined}
      loading={isFetching}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={partners.map((p) => ({ value: p.id, label: p.name }))}
    />
  );
}

const REFERENCE_OPTIONS_SIZE = 1000;

/** The records of the referenced resource, named by its title field. */
function ReferenceSelect({ field, ...props }: InputProps) {
  const target = useReferencedResource(field);
  const { data, isFetching } = useResourceListQuery(
    {
      base: { area: target?.area ?? 'pri', resource: target?.resource ?? '' },
      query: { pageNo: 1, size: REFERENCE_OPTIONS_SIZE, filters: {} },
    },
    { skip: !target },
  );
  const options = (data?.records ?? []).map((r) => ({
    value: r.id,
    label: String(r[target!.titleField] ?? r.id),
  }));
  return (
    <Select
      {...props}
      value={props.value as string | string[] | undefined}
      mode={field.type === 'reference' && field.multiple ? 'multiple' : undefined}
      loading={isFetching || !target}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      options={options}
    />
  );
}

const BATCH_OPTIONS_SIZE = 20;

/**
 * A batch by its number (批号), searched on the server as the user types: there are thousands of them.
 * The value is the batch number itself, the name the inspection certificate and the exchange use.
 */
function BatchSelect({ field, onPick, ...props }: InputProps) {
  const target = useReferencedResource(field);
  const titleField = target?.titleField ?? '';
  const [search, setSearch] = useState('');
  const typed = useDeferredValue(search.trim());
  const { data, isFetching } = useResourceListQuery(
    {
      base: { area: target?.area ?? 'pri', resource: target?.resource ?? '' },
      query: { pageNo: 1, size: BATCH_OPTIONS_SIZE, filters: typed ? { [titleField]: typed } : {} },
    },
    { skip: !target },
  );
  const options = (data?.records ?? []).map((r) => {
    const batchNo = String(r[titleField]);
    const place = r.warehouseIdName ? ` · ${r.warehouseIdName}` : '';
    return { value: batchNo, label: `${batchNo}${place}` };
  });
  const current = props.value ? String(props.value) : undefined;
  if (current && !options.some((o) => o.value === current))
    options.unshift({ value: current, label: current });
  const pick = (batchNo: string | undefined) => {
    props.onChange?.(batchNo);
    const record = data?.records.find((r) => String(r[titleField]) === batchNo);
    if (record) onPick?.(record);
  };
  return (
    <Select
      {...props}
      onChange={pick}
      value={current}
      loading={isFetching || !target}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch }}
      options={options}
    />
  );
}

export function FieldInput({ onPick, ...props }: InputProps) {
  const { field, value, onChange, ...rest } = props;
  if (field.exchange === 'month' && field.type === 'text') return <FuturesMonthInput {...props} />;
  if (field.exchange === 'price' && field.type === 'money') return <FuturesPriceInput {...props} />;
  switch (field.type) {
    case 'longText':
      return (
        <Input.TextArea
          {...rest}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          rows={3}
        />
      );
    case 'number':
    case 'integer':
      return <InputNumber {...rest} value={value as number} onChange={onChange} style={{ width: '100%' }} />;
    case 'money':
    case 'weight':
    case 'percent':
      return (
        <InputNumber<string>
          {...rest}
          stringMode
          value={value as string}
          onChange={(next) => onChange?.(next ?? undefined)}
          style={{ width: '100%' }}
        />
      );
    case 'date':
    case 'datetime':
      return (
        <DatePicker
          {...rest}
          value={value as Dayjs | null}
          onChange={onChange}
          showTime={field.type === 'datetime'}
          style={{ width: '100%' }}
        />
      );
    case 'boolean':
      return <Switch id={rest.id} checked={value === true} onChange={onChange} disabled={rest.disabled} />;
    case 'enum':
      return <DictionarySelect {...props} field={field} />;
    case 'partner':
      return <PartnerSelect {...props} field={field} />;
    case 'batch':
      return choosesRecords(field) ? (
        <BatchSelect {...props} onPick={onPick} />
      ) : (
        <Input {...rest} value={value as string} onChange={(e) => onChange?.(e.target.value)} allowClear />
      );
    default:
      return choosesRecords(field) ? (
        <ReferenceSelect {...props} />
      ) : (
        <Input {...rest} value={value as string} onChange={(e) => onChange?.(e.target.value)} allowClear />
      );
  }
}
