// The generic calls of every resource, as the client sends them and the server reads them.
// Bodies are form-encoded (design.md): scalars as is, arrays repeated, line items as one JSON text.
//
//   POST <base>/list        page_no, size, sort=<field>,<asc|desc>, filters: <field> (eq/like),
//                           <field> repeated (in), <field>.from / <field>.to (range)   → Page<record>
//   POST <base>/detail      id                                                         → record
//   POST <base>/save        id (absent to create), the form fields, <lines key>=JSON   → record
//   POST <base>/delete      id (repeated for several)                                  → null
//   POST <base>/transition  id (repeated for several, all or nothing), action, comment → record[]
//   POST <base>/history     id                                                         → HistoryEntry[]
//
// Records carry the display name of an id field (partner, warehouse, batch, user, department, reference)
// as `<field>Name`, joined by the server.
//
// A rejected save answers body code 400 with the problems per field:
//   { code: 400, msg: '<first problem as text>', data: { fields: { <field>: '<message>' } } }
// where a line item's field is named `<lines key>.<index>.<field>`.

import { DEFAULT_PAGE_SIZE } from '../../shared/constants.ts';
import { listColumns, listFilters } from './derive.ts';
import type { InputDecl, ResourceDecl, SortOrder } from './types.ts';

export const RESOURCE_VERBS = ['list', 'detail', 'save', 'delete', 'transition', 'history'] as const;
export type ResourceVerb = (typeof RESOURCE_VERBS)[number];

export const MAX_PAGE_SIZE = 1000;

export type FilterValue = string | readonly string[] | { from?: string; to?: string };

export interface ListQuery {
  pageNo: number;
  size: number;
  filters: Readonly<Record<string, FilterValue>>;
  sort?: { field: string; order: SortOrder };
}

/** One entry of a document's history: who did what, when, with which comment. */
export interface HistoryEntry {
  id: string;
  action: string;
  fromState: string | null;
  toState: string;
  userName: string;
  /** YYYY-MM-DD HH:mm:ss */
  time: string;
  comment: string | null;
}

/**
 * What the user may do to a record now, as the server would accept it: list and detail answers carry it on
 * each record as `allowed`, and the screens offer exactly these (no button the server then refuses).
 */
export interface AllowedActions {
  /** Workflow actions. */
  transitions: string[];
  /** Commands on the record. */
  commands: string[];
  edit: boolean;
  delete: boolean;
}

/** The actions a record from the server says its user may take (absent on a record the server did not answer). */
export const allowedOn = (record: Readonly<Record<string, unknown>>): AllowedActions | undefined =>
  record.allowed as AllowedActions | undefined;

/** data of a 400 answer to a save: the message per field. */
export interface FieldErrorsData {
  fields: Record<string, string>;
}

export interface TransitionRequest {
  id: readonly string[];
  action: string;
  comment?: string;
  /** The values of the transition's own fields (TransitionDecl.fields), sent beside the action. */
  values?: Readonly<Record<string, string>>;
}

type FormFields = Record<string, string | string[]>;

function filterEntries(key: string, value: FilterValue): [string, string | string[]][] {
  if (typeof value === 'string') return value === '' ? [] : [[key, value]];
  if (Array.isArray(value)) return value.length === 0 ? [] : [[key, [...value]]];
  const range = value as { from?: string; to?: string };
  const bounds: [string, string | undefined][] = [
    [`${key}.from`, range.from],
    [`${key}.to`, range.to],
  ];
  return bounds.filter((entry): entry is [string, string] => Boolean(entry[1]));
}

/** The form body of a list call. */
export function listRequestBody(query: ListQuery): FormFields {
  const body: FormFields = { page_no: String(query.pageNo), size: String(query.size) };
  if (query.sort) body.sort = `${query.sort.field},${query.sort.order}`;
  for (const [key, value] of Object.entries(query.filters)) {
    for (const [name, text] of filterEntries(key, value)) body[name] = text;
  }
  return body;
}

type FormInput = URLSearchParams | Readonly<Record<string, string | readonly string[] | undefined>>;

function read(form: FormInput, key: string): string[] {
  if (form instanceof URLSearchParams) return form.getAll(key);
  const value = form[key];
  if (value === undefined) return [];
  return typeof value === 'string' ? [value] : [...value];
}

function pageNumber(text: string | undefined, fallback: number, max: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 ? Math.min(value, max) : fallback;
}

function sortOf(decl: ResourceDecl, text: string | undefined): ListQuery['sort'] {
  const [field, order] = (text ?? '').split(',');
  const sortable = listColumns(decl).some((column) => column.key === field && column.sortable);
  if (!field || !sortable || (order !== 'asc' && order !== 'desc')) return decl.list.defaultSort;
  return { field, order };
}

/**
 * A list call's query as the server reads it: only declared filters and sortable columns are kept
 * (so they can be used as SQL identifiers), paging is clamped.
 */
export function parseListRequest(decl: ResourceDecl, form: FormInput): ListQuery {
  const filters: Record<string, FilterValue> = {};
  for (const filter of listFilters(decl)) {
    const values = read(form, filter.key).filter((v) => v !== '');
    if (filter.op === 'range') {
      const [from] = read(form, `${filter.key}.from`);
      const [to] = read(form, `${filter.key}.to`);
      if (from || to) filters[filter.key] = { from: from || undefined, to: to || undefined };
    } else if ((filter.op === 'in' || filter.key === decl.workflow?.field) && values.length > 1) {
      filters[filter.key] = values;
    } else if (filter.op === 'in' && values.length > 0) filters[filter.key] = values;
    else if (values[0] !== undefined) filters[filter.key] = values[0];
  }
  // The state field is always filterable (approval queues ask for the states awaiting approval).
  const stateField = decl.workflow?.field;
  if (stateField && !(stateField in filters)) {
    const states = read(form, stateField).filter((v) => v !== '');
    if (states.length > 0) filters[stateField] = states;
  }
  return {
    pageNo: pageNumber(read(form, 'page_no')[0], 1, Number.MAX_SAFE_INTEGER),
    size: pageNumber(read(form, 'size')[0], DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE),
    filters,
    sort: sortOf(decl, read(form, 'sort')[0]),
  };
}

type SaveValue = string | number | boolean | readonly string[] | null | undefined;

/** The form body of a save: entered fields only (read-only ones are the server's), line items as JSON. */
export function saveRequestBody(decl: InputDecl, values: Readonly<Record<string, unknown>>) {
  const body: Record<string, SaveValue> = {};
  if (values.id) body.id = String(values.id);
  for (const key of decl.form?.fields ?? []) {
    if (decl.fields[key]?.readOnly) continue;
    body[key] = values[key] as SaveValue;
  }
  if (decl.lines) body[decl.lines.key] = JSON.stringify(values[decl.lines.key] ?? []);
  return body;
}

/** A save body back into a record for validation: line items parsed, booleans and lists restored. */
export function parseSaveRequest(decl: InputDecl, form: FormInput): Record<string, unknown> {
  const record: Record<string, unknown> = {};
  const [id] = read(form, 'id');
  if (id) record.id = id;
  for (const key of decl.form?.fields ?? []) {
    const field = decl.fields[key]!;
    const values = read(form, key);
    if ((field.type === 'enum' || field.type === 'reference') && field.multiple)
      record[key] = values.filter((value) => value !== '');
    // Several values for a field that takes one stay several, so validation refuses them (never the first).
    else if (values.length > 1) record[key] = values;
    else if (field.type === 'boolean' && (values[0] === 'true' || values[0] === 'false'))
      record[key] = values[0] === 'true';
    else record[key] = values[0];
  }
  if (decl.lines) record[decl.lines.key] = parseLines(read(form, decl.lines.key)[0]);
  return record;
}

/** The line items as sent; text that is not JSON stays text, so validation refuses it (never no lines). */
function parseLines(text: string | undefined): unknown {
  if (!text) return [];
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** `/api/<area>/<resource>/<verb>` */
export const resourcePath = (decl: Pick<ResourceDecl, 'area' | 'resource'>, verb: ResourceVerb) =>
  `/api/${decl.area}/${decl.resource}/${verb}`;

/**
 * The published template of a print page (its route key as `variant`) in a `language` (default zh-chs; the
 * zh-chs one where none is published in it): anyone who may view the printed records reads it, not only
 * those who may edit templates. Answers a PublishedTemplate or null.
 */
export const PUBLISHED_TEMPLATE_PATH = '/api/pri/printTemplate/published';

/** The values in force today of the settings that fill new records' fields (`defaultSetting`), by key. */
export const FORM_DEFAULTS_PATH = '/api/pri/systemSetting/formDefaults';

export interface PublishedTemplate {
  name: string;
  content: string;
  /** The language the template is written in: the document prints wholly in it. */
  language: string;
  /** Every language a template of the page is published in (the page offers them). */
  languages: string[];
  /** The house's own party details in force today (settings companyCreditCode, companyAddress). */
  house: { creditCode: string; address: string };
}

export interface PublishedTemplateRequest {
  variant: string;
  language?: string;
}
