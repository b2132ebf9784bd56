import { Alert, Button, Card, Space, Table } from 'antd';
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
  const groups = groupTotals(decl, rows);
  const groupFields = report.groupBy.map((key) => shownField(decl, key));
  const totalFields = report.totals.map((key) => shownField(decl, key));
  const sample = (group: GroupTotal): Row =>
    rows.find((row) => report.groupBy.every((key, i) => String(row[key] ?? '') === group.group[i])) ?? {};
  const dictionaries = useDictionaries(decl);
  const groupName = (group: GroupTotal) => {
    const record = sample(group);
    return groupFields
      .map((declared) => {
        const field = shownAs(declared, record);
        const dictionary = field.field?.type === 'enum' ? dictionaries?.[field.field.dictionary] : undefined;
        const words = { yes: t('resource.yes'), no: t('resource.no'), dictionary };
        return displayText(field, record[field.key], record, words) || t('resource.blank');
      })
      .join(' / ');
  };
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
