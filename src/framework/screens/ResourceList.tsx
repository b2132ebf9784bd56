import { SettingOutlined } from '@ant-design/icons';
import {
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
import type { FilterValue, listColumns, ResourceDecl } from '../resource/index.ts';
import { CommandButtons } from './CommandButtons.tsx';
import { FilterBar } from './FilterBar.tsx';
import { FieldText, useLabel } from './fieldDisplay.tsx';
import { ResourceDetail } from './ResourceDetail.tsx';
import { ResourceForm } from './ResourceForm.tsx';
import type { ResourceRecord } from './resourceApi.ts';
import { useResourceList } from './useResourceList.ts';

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

export function ResourceList(props: ResourceListProps) {
  const { decl, detailPath, scope } = props;
  const { t } = useTranslation();
  const label = useLabel();
  const list = useResourceList(decl, props);
  const { permissions, query, shown } = list;
  const [editing, setEditing] = useState<ResourceRecord | 'new' | null>(null);
  const [viewing, setViewing] = useState<ResourceRecord | null>(null);
  const open = props.onOpen ?? (detailPath ? undefined : setViewing);

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
      {list.offered(record).edit ? (
        <Button type="link" size="small" onClick={() => setEditing(record)}>
          {t('resource.edit')}
        </Button>
      ) : null}
      {list.offered(record).delete ? (
        <Popconfirm
          title={t('resource.deleteConfirm', { name: String(record[decl.titleField] ?? '') })}
          onConfirm={() => list.remove(record)}
        >
          <Button type="link" size="small" danger>
            {t('resource.delete')}
          </Button>
        </Popconfirm>
      ) : null}
      {props.rowActions?.(record)}
    </Space>
  );

  const { total } = list;
  return (
    <div className="resource-list">
      {decl.list.note ? (
        <Typography.Paragraph type="secondary">{t(decl.list.note)}</Typography.Paragraph>
      ) : null}
      <FilterBar filters={list.filters} onSearch={list.search} />
      <Flex justify="space-between" style={{ marginBottom: 12 }}>
        <Space>
          {list.canCreate ? (
            <Button type="primary" onClick={() => setEditing('new')}>
              {t('resource.create')}
            </Button>
          ) : null}
          <CommandButtons decl={decl} permissions={permissions} />
          {props.toolbar}
        </Space>
        <Space>
          {list.canExport ? (
            <Button onClick={list.runExport} loading={list.exporting} disabled={total === 0}>
              {t('resource.export')}
            </Button>
          ) : null}
          <ColumnChooser
            options={list.columns.map((c) => ({ value: c.key, label: label(c.label) }))}
            visible={list.visible}
            onChange={list.setVisible}
          />
        </Space>
      </Flex>
      <Table<ResourceRecord>
        rowKey="id"
        size="small"
        columns={[
          ...list.tableColumns,
          // Pinned: on a wide list the actions stay in view while the columns scroll.
          { key: 'actions', title: t('resource.actions'), fixed: 'right', render: (_, r) => actions(r) },
        ]}
        dataSource={list.records}
        loading={list.isFetching}
        rowSelection={props.rowSelection}
        virtual={query.size > VIRTUAL_FROM_ROWS}
        scroll={query.size > VIRTUAL_FROM_ROWS ? { x: shown.length * 160, y: 600 } : { x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('resource.empty')} /> }}
        summary={
          list.totals
            ? () => (
                <TotalsRow
                  shown={shown}
                  totals={list.totals ?? {}}
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
        onChange={list.onTableChange}
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
