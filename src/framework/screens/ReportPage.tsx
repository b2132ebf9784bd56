import { Alert, Button, Card, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { barChartHeight, barChartOption, Chart } from '../charts/index.ts';
import {
  can,
  type GroupTotal,
  groupTotals,
  type ListQuery,
  listColumns,
  listFilters,
  MAX_PAGE_SIZE,
  type ResourceDecl,
  type ShownField,
  shownField,
} from '../resource/index.ts';
import { FilterBar } from './FilterBar.tsx';
import { displayText, FieldText, shownAs, useLabel } from './fieldDisplay.tsx';
import { useDictionaries, usePermissions, useResourceExport, useTableColumns } from './hooks.tsx';
import { baseOf, type ResourceRecord, useResourceListQuery } from './resourceApi.ts';

type Row = Readonly<Record<string, unknown>>;

/** A report: filters, grouped totals (exact decimal sums), the rows, an export and a chart where declared. */
export function ReportPage({
  decl,
  scope,
}: {
  decl: ResourceDecl;
  scope?: Readonly<Record<string, string>>;
}) {
  const { t } = useTranslation();
  const label = useLabel();
  const { permissions } = usePermissions(decl);
  const report = decl.report;
  if (!report) throw new Error(`Resource ${decl.key} declares no report`);
  const [query, setQuery] = useState<ListQuery>({
    pageNo: 1,
    size: MAX_PAGE_SIZE,
    filters: report.filters ?? {},
    sort: decl.list.defaultSort,
  });
  const scoped = { ...query, filters: { ...query.filters, ...scope } };
  const { data, isFetching } = useResourceListQuery({ base: baseOf(decl), query: scoped });
  const exportRows = useResourceExport(decl);
  const columns = listColumns(decl);
  const rowColumns = useTableColumns(columns);
  const rows: ResourceRecord[] = data?.records ?? [];
  const groupFields = report.groupBy.map((key) => shownField(decl, key));
  const totalFields = report.totals.map((key) => shownField(decl, key));
  const sample = (group: GroupTotal): Row =>
    rows.find((row) => report.groupBy.every((key, i) => String(row[key] ?? '') === group.group[i])) ?? {};
  const dictionaries = useDictionaries(decl);
  const dictionaryOf = (field: ShownField) =>
    field.field?.type === 'enum' ? dictionaries?.[field.field.dictionary] : undefined;
  /** A group's value of its i-th field as it reads. */
  const groupText = (group: GroupTotal, i: number) => {
    const record = sample(group);
    const field = shownAs(groupFields[i]!, record);
    const words = { yes: t('resource.yes'), no: t('resource.no'), dictionary: dictionaryOf(field) };
    return displayText(field, record[field.key], record, words) || t('resource.blank');
  };
  const groupName = (group: GroupTotal) => groupFields.map((_, i) => groupText(group, i)).join(' / ');
  // Groups in order: a coded value in its dictionary's order (在库 before 已注册仓单), others as they read.
  const orderOf = (group: GroupTotal) =>
    groupFields.map((field, i) => {
      const position = dictionaryOf(field)?.findIndex((entry) => entry.value === group.group[i]) ?? -1;
      return position >= 0 ? position : groupText(group, i);
    });
  const compare = (a: GroupTotal, b: GroupTotal) => {
    const [left, right] = [orderOf(a), orderOf(b)];
    for (const [i, x] of left.entries()) {
      const y = right[i]!;
      const order =
        typeof x === 'number' && typeof y === 'number'
          ? x - y
          : String(x).localeCompare(String(y), 'zh-Hans-CN', { numeric: true });
      if (order !== 0) return order;
    }
    return 0;
  };
  const grouped = groupTotals(decl, rows);
  const groups = [...grouped.slice(0, -1).sort(compare), ...grouped.slice(-1)];
  const charted = report.chart ? groups.slice(0, -1) : [];
  const firstTotal = totalFields[0];
  const chart =
    firstTotal && charted.length > 1
      ? barChartOption(charted.map(groupName), [
          {
            name: label(firstTotal.label),
            values: charted.map((group) => group.totals[firstTotal.key] ?? null),
            text: (value) => displayText(firstTotal, value, {}, { yes: '', no: '' }),
          },
        ])
      : undefined;
  const groupColumns = [
    ...groupFields.map((field) => ({
      key: field.key,
      title: label(field.label),
      render: (_: unknown, group: GroupTotal) =>
        group.group.length === 0 ? (
          t('resource.grandTotal')
        ) : (
          <FieldText shown={field} record={sample(group)} />
        ),
    })),
    { key: 'count', title: t('resource.count'), dataIndex: 'count' },
    ...totalFields.map((field) => ({
      key: field.key,
      title: label(field.label),
      align: 'right' as const,
      render: (_: unknown, group: GroupTotal) => <FieldText shown={field} record={group.totals} />,
    })),
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      {report.note ? <Typography.Paragraph type="secondary">{t(report.note)}</Typography.Paragraph> : null}
      <FilterBar
        filters={listFilters(decl).filter((filter) => !(filter.key in (scope ?? {})))}
        initialValues={report.filters}
        onSearch={(filters) => setQuery({ ...query, filters })}
      />
      {data && data.total > rows.length ? (
        <Alert
          type="warning"
          title={t('resource.reportTruncated', { shown: rows.length, total: data.total })}
        />
      ) : null}
      <Card
        size="small"
        title={t('resource.groupTotals')}
        extra={
          can(decl, 'export', permissions) ? (
            <Button disabled={rows.length === 0} onClick={() => exportRows(columns, scoped)}>
              {t('resource.export')}
            </Button>
          ) : null
        }
      >
        <Table<GroupTotal>
          rowKey={(group) => group.group.join('|') || '*'}
          size="small"
          loading={isFetching}
          columns={groupColumns}
          dataSource={groups}
          pagination={false}
        />
        {chart ? (
          <Chart
            title={t('resource.chartOf', { total: label(firstTotal!.label) })}
            option={chart}
            height={barChartHeight(charted.length)}
          />
        ) : null}
      </Card>
      <Table<ResourceRecord>
        rowKey="id"
        size="small"
        loading={isFetching}
        columns={rowColumns}
        dataSource={rows}
        virtual
        scroll={{ x: columns.length * 160, y: 600 }}
        pagination={false}
      />
    </Space>
  );
}
