import { SettingOutlined } from '@ant-design/icons';
import {
  App,
  Button,
  Checkbox,
  Drawer,
  Empty,
  Flex,
  Popconfirm,
  Popover,
  Space,
  Table,
  type TableProps,
  Typography,
} from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants.ts';
import {
  can,
  type FilterValue,
  isChangeable,
  type ListQuery,
  listColumns,
  listFilters,
  type ResourceDecl,
} from '../resource/index.ts';
import { CommandButtons } from './CommandButtons.tsx';
import { FilterBar } from './FilterBar.tsx';
import { FieldText, useLabel } from './fieldDisplay.tsx';
import { usePermissions, useResourceExport, useTableColumns } from './hooks.tsx';
import { ResourceDetail } from './ResourceDetail.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import {
  baseOf,
  type ResourceRecord,
  useResourceDeleteMutation,
  useResourceListQuery,
} from './resourceApi.ts';

/** Above this many rows on a page the table renders only the rows in view. */
const VIRTUAL_FROM_ROWS = 100;
const PAGE_SIZES = [DEFAULT_PAGE_SIZE, 50, 100, 500];

export interface ResourceListProps {
  decl: ResourceDecl;
  /** Where a row's detail page is; without it (and without onOpen) a row opens in a drawer. */
  detailPath?: (record: ResourceRecord) => string;
  onOpen?: (record: ResourceRecord) => void;
  /** Filters always applied (e.g. an approval queue's states), not shown in the filter bar. */
  fixedFilters?: Readonly<Record<string, FilterValue>>;
  /** The route's scope: filters the list like fixedFilters and is preset and fixed in the create form. */
  scope?: Readonly<Record<string, string>>;
  /** Extra toolbar content and per-row actions (approval buttons and the like). */
  toolbar?: ReactNode;
  rowActions?: (record: ResourceRecord) => ReactNode;
  rowSelection?: TableProps<ResourceRecord>['rowSelection'];
  /** A screen that only views records kept elsewhere: no create, edit or delete here. */
  readOnly?: boolean;
}

function ColumnChooser({
  options,
  visible,
  onChange,
}: {
  options: { value: string; label: string }[];
  visible: string[];
  onChange: (keys: string[]) => void;
}) {
  const { t } = useTranslation();
  const content = (
    <Checkbox.Group value={visible} onChange={(keys) => onChange(keys as string[])}>
      <Flex vertical gap={4}>
        {options.map((option) => (
          <Checkbox key={option.value} value={option.value}>
            {option.label}
          </Checkbox>
        ))}
      </Flex>
    </Checkbox.Group>
  );
  return (
    <Popover trigger="click" content={content} title={t('resource.columns')}>
      <Button icon={<SettingOutlined />}>{t('resource.columns')}</Button>
    </Popover>
  );
}

/**
 * The declared totals of every record the filter matches (the server sums them, not this page), under
 * their columns; the first cell names the row.
 */
function TotalsRow({
  shown,
  totals,
  leadingCells,
}: {
  shown: ReturnType<typeof listColumns>;
  totals: Readonly<Record<string, string>>;
  leadingCells: number;
}) {
  const { t } = useTranslation();
  // A selectable table has a checkbox column first.
  const lead = leadingCells > 0 ? 1 : 0;
  return (
    <Table.Summary fixed>
      <Table.Summary.Row className="resource-totals">
        {lead ? <Table.Summary.Cell index={0} /> : null}
        {shown.map((column, index) => (
          <Table.Summary.Cell
            key={column.key}
            index={lead + index}
            align={column.key in totals ? 'right' : undefined}
          >
            {column.key in totals ? (
              <FieldText shown={column} record={totals} />
            ) : index === 0 ? (
              <Typography.Text strong>{t('resource.totalsOfFilter')}</Typography.Text>
            ) : null}
          </Table.Summary.Cell>
        ))}
        <Table.Summary.Cell index={lead + shown.length} />
      </Table.Summary.Row>
    </Table.Summary>
  );
}

/** Flips antd's sorter into the list query's sort (one column at a time, server-side). */
function sortOf(
  sorter: Parameters<NonNullable<TableProps<ResourceRecord>['onChange']>>[2],
): ListQuery['sort'] {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single?.order || typeof single.columnKey !== 'string') return undefined;
  return { field: single.columnKey, order: single.order === 'ascend' ? 'asc' : 'desc' };
}

export function ResourceList(props: ResourceListProps) {
  const { decl, detailPath, scope } = props;
  const fixedFilters = { ...props.fixedFilters, ...scope };
  // A screen narrowed to a server-owned value (a state) cannot create records: they would start elsewhere.
  const scopeFixesServerField = Object.keys(scope ?? {}).some((key) => decl.fields[key]?.readOnly);
  const { t } = useTranslation();
  const label = useLabel();
  const { message } = App.useApp();
  const { permissions: held } = usePermissions(decl);
  const permissions = props.readOnly ? held.filter((code) => code === 'view' || code === 'export') : held;
  const columns = listColumns(decl);
  const [visible, setVisible] = useState(columns.filter((c) => !c.hiddenByDefault).map((c) => c.key));
  const [query, setQuery] = useState<ListQuery>({
    pageNo: 1,
    size: DEFAULT_PAGE_SIZE,
    filters: {},
    sort: decl.list.defaultSort,
  });
  const [editing, setEditing] = useState<ResourceRecord | 'new' | null>(null);
  const [viewing, setViewing] = useState<ResourceRecord | null>(null);
  const open = props.onOpen ?? (detailPath ? undefined : setViewing);
  const [exporting, setExporting] = useState(false);
  const effective = { ...query, filters: { ...query.filters, ...fixedFilters } };
  const { data, isFetching } = useResourceListQuery({ base: baseOf(decl), query: effective });
  const [remove] = useResourceDeleteMutation();
  const exportRows = useResourceExport(decl);
  const shown = columns.filter((c) => visible.includes(c.key));
  const tableColumns = useTableColumns(shown, query.sort);

  const actions = (record: ResourceRecord) => (
    <Space size={0}>
      <Button
        type="link"
        size="small"
        onClick={() => open?.(record)}
        href={detailPath && !props.onOpen ? `#${detailPath(record)}` : undefined}
      >
        {t('resource.view')}
      </Button>
      {decl.form && can(decl, 'edit', permissions) && isChangeable(decl, record) ? (
        <Button type="link" size="small" onClick={() => setEditing(record)}>
          {t('resource.edit')}
        </Button>
      ) : null}
      {can(decl, 'delete', permissions) && isChangeable(decl, record) ? (
        <Popconfirm
          title={t('resource.deleteConfirm', { name: String(record[decl.titleField] ?? '') })}
          onConfirm={async () => {
            try {
              await remove({ base: baseOf(decl), ids: [record.id] }).unwrap();
            } catch {
              return; // the request layer has shown the server's refusal
            }
            message.success(t('resource.deleted'));
          }}
        >
          <Button type="link" size="small" danger>
            {t('resource.delete')}
          </Button>
        </Popconfirm>
      ) : null}
      {props.rowActions?.(record)}
    </Space>
  );

  const runExport = async () => {
    setExporting(true);
    try {
      const count = await exportRows(shown, effective);
      message.success(t('resource.exported', { count }));
    } finally {
      setExporting(false);
    }
  };

  const total = data?.total ?? 0;
  return (
    <div className="resource-list">
      <FilterBar
        filters={listFilters(decl).filter((filter) => !(filter.key in fixedFilters))}
        onSearch={(filters) => setQuery({ ...query, filters, pageNo: 1 })}
      />
      <Flex justify="space-between" style={{ marginBottom: 12 }}>
        <Space>
          {decl.form && can(decl, 'create', permissions) && !scopeFixesServerField ? (
            <Button type="primary" onClick={() => setEditing('new')}>
              {t('resource.create')}
            </Button>
          ) : null}
          <CommandButtons decl={decl} permissions={permissions} />
          {props.toolbar}
        </Space>
        <Space>
          {can(decl, 'export', permissions) ? (
            <Button onClick={runExport} loading={exporting} disabled={total === 0}>
              {t('resource.export')}
            </Button>
          ) : null}
          <ColumnChooser
            options={columns.map((c) => ({ value: c.key, label: label(c.label) }))}
            visible={visible}
            onChange={setVisible}
          />
        </Space>
      </Flex>
      <Table<ResourceRecord>
        rowKey="id"
        size="small"
        columns={[
          ...tableColumns,
          // Pinned: on a wide list the actions stay in view while the columns scroll.
          { key: 'actions', title: t('resource.actions'), fixed: 'right', render: (_, r) => actions(r) },
        ]}
        dataSource={data?.records ?? []}
        loading={isFetching}
        rowSelection={props.rowSelection}
        virtual={query.size > VIRTUAL_FROM_ROWS}
        scroll={query.size > VIRTUAL_FROM_ROWS ? { x: shown.length * 160, y: 600 } : { x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('resource.empty')} /> }}
        summary={
          data?.totals
            ? () => (
                <TotalsRow
                  shown={shown}
                  totals={data.totals ?? {}}
                  leadingCells={props.rowSelection ? 1 : 0}
                />
              )
            : undefined
        }
        pagination={{
          current: query.pageNo,
          pageSize: query.size,
          total,
          pageSizeOptions: PAGE_SIZES,
          showSizeChanger: true,
          showTotal: (count) => t('resource.total', { count }),
        }}
        onChange={(pagination, _filters, sorter) =>
          setQuery({
            ...query,
            pageNo: pagination.current ?? 1,
            size: pagination.pageSize ?? DEFAULT_PAGE_SIZE,
            sort: sortOf(sorter) ?? decl.list.defaultSort,
          })
        }
      />
      {viewing ? (
        <Drawer
          open
          onClose={() => setViewing(null)}
          title={`${label(decl.title)} ${String(viewing[decl.titleField] ?? '')}`}
          size="large"
          destroyOnHidden
        >
          <ResourceDetail decl={decl} id={viewing.id} />
        </Drawer>
      ) : null}
      {editing ? (
        <ResourceForm
          decl={decl}
          record={editing === 'new' ? undefined : editing}
          open
          onClose={() => setEditing(null)}
          fixed={scope}
        />
      ) : null}
    </div>
  );
}
