import { Alert, Button, Card, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
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
import { FieldText, useLabel } from './fieldDisplay.tsx';
import { usePermissions, useResourceExport, useTableColumns } from './hooks.tsx';
import { baseOf, type ResourceRecord, useResourceListQuery } from './resourceApi.ts';

type Row = Readonly<Record<string, unknown>>;

/** Bars of the first total per group: enough to compare groups at a glance, no chart library needed. */
function GroupBars({ groups, title }: { groups: GroupTotal[]; title: string }) {
  const values = groups.map((g) => Math.abs(Number(Object.values(g.totals)[0] ?? 0)));
  const max = Math.max(...values, 1);
  return (
    <figure aria-label={title} style={{ margin: 0 }}>
      {groups.map((group, index) => (
        <div
          key={group.group.join('|')}
          style={{ display: 'flex', alignItems: 'center', gap: 8, margin: '4px 0' }}
        >
          <span style={{ width: 160, overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {group.group.join(' / ')}
          </span>
          <span
            style={{
              height: 14,
              width: `${((values[index] ?? 0) / max) * 60}%`,
              background: 'var(--ant-color-primary, #1677ff)',
            }}
          />
          <span>{Object.values(group.totals)[0]}</span>
        </div>
      ))}
    </figure>
  );
}

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
  const [query, setQuery] = useState<ListQuery>({
    pageNo: 1,
    size: MAX_PAGE_SIZE,
    filters: {},
    sort: decl.list.defaultSort,
  });
  const scoped = { ...query, filters: { ...query.filters, ...scope } };
  const { data, isFetching } = useResourceListQuery({ base: baseOf(decl), query: scoped });
  const exportRows = useResourceExport(decl);
  const columns = listColumns(decl);
  const rowColumns = useTableColumns(columns);
  const report = decl.report;
  if (!report) throw new Error(`Resource ${decl.key} declares no report`);
  const rows: ResourceRecord[] = data?.records ?? [];
  const groups = groupTotals(decl, rows);
  const groupFields = report.groupBy.map((key) => shownField(decl, key));
  const totalFields = report.totals.map((key) => shownField(decl, key));
  const sample = (group: GroupTotal): Row =>
    rows.find((row) => report.groupBy.every((key, i) => String(row[key] ?? '') === group.group[i])) ?? {};
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
        {report.chart && groups.length > 2 ? (
          <GroupBars groups={groups.slice(0, -1)} title={t('resource.chart')} />
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
