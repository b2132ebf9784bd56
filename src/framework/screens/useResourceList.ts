// A resource's list without its table: the permissions held (less changes on a read-only screen), the
// declared columns and the ones shown, the query (page, size, sort, filters with the fixed ones), the page
// the server answered, and the actions on it (search, page and sort, export, delete). ResourceList renders
// it as the generic list; a screen that lays its rows out otherwise (positions, the desk, approval queues)
// uses it rather than building its own table state.

import { App, type TableProps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE } from '../../shared/constants.ts';
import {
  can,
  type FilterValue,
  type ListQuery,
  listColumns,
  listFilters,
  offeredActions,
  type ResourceDecl,
} from '../resource/index.ts';
import { usePermissions, useResourceExport, useTableColumns } from './hooks.tsx';
import {
  baseOf,
  type ResourceRecord,
  useResourceDeleteMutation,
  useResourceListQuery,
} from './resourceApi.ts';

export interface ResourceListOptions {
  /** Filters always applied (e.g. an approval queue's states), not offered in the filter bar. */
  fixedFilters?: Readonly<Record<string, FilterValue>>;
  /** The route's scope: filters the list like fixedFilters (and fixes the create form's values). */
  scope?: Readonly<Record<string, string>>;
  /** A screen that only views records kept elsewhere: no create, edit or delete here. */
  readOnly?: boolean;
}

/** Flips antd's sorter into the list query's sort (one column at a time, server-side). */
function sortOf(
  sorter: Parameters<NonNullable<TableProps<ResourceRecord>['onChange']>>[2],
): ListQuery['sort'] {
  const single = Array.isArray(sorter) ? sorter[0] : sorter;
  if (!single?.order || typeof single.columnKey !== 'string') return undefined;
  return { field: single.columnKey, order: single.order === 'ascend' ? 'asc' : 'desc' };
}

export function useResourceList(decl: ResourceDecl, options: ResourceListOptions = {}) {
  const { scope, readOnly } = options;
  const fixedFilters = { ...options.fixedFilters, ...scope };
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { permissions: held } = usePermissions(decl);
  const permissions = readOnly ? held.filter((code) => code === 'view' || code === 'export') : held;
  const columns = listColumns(decl);
  const [visible, setVisible] = useState(columns.filter((c) => !c.hiddenByDefault).map((c) => c.key));
  const [query, setQuery] = useState<ListQuery>({
    pageNo: 1,
    size: DEFAULT_PAGE_SIZE,
    filters: {},
    sort: decl.list.defaultSort,
  });
  const [exporting, setExporting] = useState(false);
  const effective = { ...query, filters: { ...query.filters, ...fixedFilters } };
  const { data, isFetching } = useResourceListQuery({ base: baseOf(decl), query: effective });
  const [removeRecords] = useResourceDeleteMutation();
  const exportRows = useResourceExport(decl);
  const shown = columns.filter((c) => visible.includes(c.key));
  const tableColumns = useTableColumns(shown, query.sort);
  // A screen narrowed to a server-owned value (a state) cannot create records: they would start elsewhere.
  const scopeFixesServerField = Object.keys(scope ?? {}).some((key) => decl.fields[key]?.readOnly);

  return {
    permissions,
    /** Every declared column, and those the user chose to see. */
    columns,
    visible,
    setVisible,
    shown,
    tableColumns,
    /** The filters the filter bar offers (not the fixed ones). */
    filters: listFilters(decl).filter((filter) => !(filter.key in fixedFilters)),
    query,
    /** The query as sent: with the fixed filters. */
    effective,
    records: data?.records ?? [],
    totals: data?.totals,
    total: data?.total ?? 0,
    isFetching,
    canCreate: Boolean(decl.form) && can(decl, 'create', permissions) && !scopeFixesServerField,
    canExport: can(decl, 'export', permissions),
    /** What the user may do to a record here. */
    offered: (record: ResourceRecord) => {
      const actions = offeredActions(decl, record, permissions);
      return readOnly ? { ...actions, edit: false, delete: false } : actions;
    },
    search: (filters: ListQuery['filters']) => setQuery({ ...query, filters, pageNo: 1 }),
    /** antd's table change: page, page size and sort. */
    onTableChange: ((pagination, _filters, sorter) =>
      setQuery({
        ...query,
        pageNo: pagination.current ?? 1,
        size: pagination.pageSize ?? DEFAULT_PAGE_SIZE,
        sort: sortOf(sorter) ?? decl.list.defaultSort,
      })) satisfies TableProps<ResourceRecord>['onChange'],
    exporting,
    /** Exports every record the query matches, in the columns shown. */
    runExport: async () => {
      setExporting(true);
      try {
        const count = await exportRows(shown, effective);
        message.success(t('resource.exported', { count }));
      } finally {
        setExporting(false);
      }
    },
    /** Deletes a record; the request layer shows the server's refusal. */
    remove: async (record: ResourceRecord) => {
      try {
        await removeRecords({ base: baseOf(decl), ids: [record.id] }).unwrap();
      } catch {
        return;
      }
      message.success(t('resource.deleted'));
    },
  };
}
