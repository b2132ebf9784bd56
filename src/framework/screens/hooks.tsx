import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { TableColumnType } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { lookupsApi, useUserPrivilegesQuery } from '../../api/lookupsApi.ts';
import type { DictionaryEntry } from '../../shared/api/contract.ts';
import { DEFAULT_LOCALE } from '../../shared/constants.ts';
import { tenant } from '../../shared/tenant/index.ts';
import {
  isNumericType,
  type ListColumn,
  type ListQuery,
  MAX_PAGE_SIZE,
  type ResourceDecl,
  type ShownField,
} from '../resource/index.ts';
import { translateDictionary } from './dictionaryWords.ts';
import { buildXlsx, type ExportColumn, saveFile } from './exportXlsx.ts';
import { displayText, FieldText, useLabel } from './fieldDisplay.tsx';
import { baseOf, type ResourceRecord, resourceApi } from './resourceApi.ts';

/** The permission codes the user holds on the resource's module (spec 7: the privilege call). */
export function usePermissions(decl: ResourceDecl) {
  const { data = [], isLoading } = useUserPrivilegesQuery({ moduleCode: decl.key });
  return { permissions: data, isLoading };
}

/**
 * Records of another resource a screen shows beside its own (a contract's fixings): asked only of a user who
 * may view them, so a part of a detail never makes a call the server refuses (no 暂无权限 on opening it).
 * `viewable` is false while the rights load and for a user without them.
 */
export function useViewableRecords(decl: ResourceDecl, query: ListQuery) {
  const { permissions, isLoading: rightsLoading } = usePermissions(decl);
  const viewable = permissions.includes(decl.permissions.view ?? 'view');
  const answer = resourceApi.useResourceListQuery({ base: baseOf(decl), query }, { skip: !viewable });
  return { ...answer, viewable, isLoading: rightsLoading || answer.isLoading };
}

type Sort = ListQuery['sort'];

/** antd columns of shown fields: translated titles, formatted cells, server-side sort where allowed. */
export function useTableColumns(
  columns: readonly (ShownField & Partial<Pick<ListColumn, 'sortable' | 'width'>>)[],
  sort?: Sort,
): TableColumnType<ResourceRecord>[] {
  const label = useLabel();
  return columns.map((column) => ({
    key: column.key,
    dataIndex: column.key,
    title: label(column.label),
    width: column.width,
    align: isNumericType(column.type) ? 'right' : undefined,
    sorter: column.sortable ? true : undefined,
    sortOrder: sort?.field === column.key ? (sort.order === 'asc' ? 'ascend' : 'descend') : null,
    render: (_value: unknown, record: ResourceRecord) => <FieldText shown={column} record={record} />,
  }));
}

type Dispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

async function fetchAllRows(
  dispatch: Dispatch,
  decl: ResourceDecl,
  query: ListQuery,
): Promise<ResourceRecord[]> {
  const rows: ResourceRecord[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await dispatch(
      resourceApi.endpoints.resourceList.initiate(
        { base: baseOf(decl), query: { ...query, pageNo, size: MAX_PAGE_SIZE } },
        { subscribe: false },
      ),
    ).unwrap();
    rows.push(...page.records);
    if (page.records.length < MAX_PAGE_SIZE || rows.length >= page.total) return rows;
  }
}

async function dictionariesOf(
  dispatch: Dispatch,
  columns: readonly ShownField[],
  words: (code: string, entries: readonly DictionaryEntry[]) => DictionaryEntry[],
) {
  const codes = columns.flatMap((c) => (c.field?.type === 'enum' ? [c.field.dictionary] : []));
  const entries = await Promise.all(
    codes.map((code) =>
      dispatch(lookupsApi.endpoints.dictionary.initiate({ code }, { subscribe: false })).unwrap(),
    ),
  );
  return new Map<string, DictionaryEntry[]>(codes.map((code, i) => [code, words(code, entries[i] ?? [])]));
}

export type Dictionaries = Readonly<Record<string, readonly DictionaryEntry[]>>;

/**
 * The dictionaries of a declaration's coded fields once all are read (a report or a print shows words,
 * never codes), in the user's language or the one given (a print: its document's language).
 */
export function useDictionaries(decl: ResourceDecl, inLanguage?: string): Dictionaries | undefined {
  const dispatch = useDispatch<Dispatch>();
  const { i18n } = useTranslation();
  const language = inLanguage ?? i18n.language ?? DEFAULT_LOCALE;
  const t = useMemo(() => i18n.getFixedT(language), [i18n, language]);
  const [dictionaries, setDictionaries] = useState<Dictionaries>();
  useEffect(() => {
    const codes = [
      ...new Set(
        Object.values(decl.fields).flatMap((field) => (field.type === 'enum' ? [field.dictionary] : [])),
      ),
    ];
    let live = true;
    Promise.all(
      codes.map(async (code) => {
        const request = dispatch(lookupsApi.endpoints.dictionary.initiate({ code }));
        const { data = [] } = await request;
        request.unsubscribe();
        return [code, translateDictionary(code, data, t, language)] as const;
      }),
    ).then((read) => live && setDictionaries(Object.fromEntries(read)));
    return () => {
      live = false;
    };
  }, [decl, dispatch, t, language]);
  return dictionaries;
}

/** Exports every row the filters select (all pages), in the shown columns, as `<title>.xlsx`. */
export function useResourceExport(decl: ResourceDecl) {
  const dispatch = useDispatch<Dispatch>();
  const label = useLabel();
  const { t, i18n } = useTranslation();
  return async (columns: readonly ShownField[], query: ListQuery, title = label(decl.title)) => {
    const [rows, dictionaries] = await Promise.all([
      fetchAllRows(dispatch, decl, query),
      dictionariesOf(dispatch, columns, (code, entries) =>
        translateDictionary(code, entries, t, i18n.language ?? DEFAULT_LOCALE),
      ),
    ]);
    const words = { yes: t('resource.yes'), no: t('resource.no') };
    const exportColumns: ExportColumn[] = columns.map((column) => {
      const dictionary =
        column.field?.type === 'enum' ? dictionaries.get(column.field.dictionary) : undefined;
      const raw = (row: Readonly<Record<string, unknown>>) =>
        column.computed ? column.computed.compute(row as never) : row[column.key];
      return {
        header: label(column.label),
        type: column.type,
        raw,
        text: (row) => displayText(column, raw(row), row, { ...words, dictionary }),
      };
    });
    const bytes = await buildXlsx(title, exportColumns, rows, tenant.weightDigit);
    saveFile(bytes, `${title}.xlsx`);
    return rows.length;
  };
}
