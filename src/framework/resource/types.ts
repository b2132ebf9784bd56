// The resource declaration format: one typed description per business resource, read by the shared
// client components (list, detail, form, approval, report, print) and by the server's generic handlers.
// Pure data and pure functions only: no React, no antd, no tenant (the server imports this too).

import type { PartnerKind } from '../../shared/api/contract.ts';
import type { TermKey } from '../../shared/tenant/terms.ts';
import type { FilterValue } from './wire.ts';

/** A tenant term a label may name instead of an i18n key (the words differ per customer). */
export type TenantTerm = TermKey;

/** An i18n key (locales/*.json), or a tenant term read from the tenant config at render time. */
export type Label = string | { term: TenantTerm };

/**
 * The spec's URL prefixes (spec 2.4–2.12): the first segment of a route's path and of a resource's API base,
 * a property of a route, not a business area (the areas are src/areas/<area>).
 */
export type UrlPrefix =
  | 'pri'
  | 'pur'
  | 'pending'
  | 'speculation'
  | 'capital'
  | 'furRiskManage'
  | 'sales'
  | 'salesManage'
  | 'Pcm'
  | 'SpotReport'
  | 'FinSett'
  | 'PurchaseReports'
  | 'SalesReport'
  | 'BusiReport'
  | 'PayInvoice'
  | 'platformManagement';

/** The value each field type takes on the wire and in a record. */
export interface FieldValueOf {
  text: string;
  longText: string;
  number: number;
  integer: number;
  /** CNY as a decimal string with at most 2 decimals ("1234.50"): never a binary float. */
  money: string;
  /** Tonnes as a decimal string with at most the tenant's weightDigit decimals. */
  weight: string;
  /** Percent as a decimal string ("9" is 9 %). */
  percent: string;
  /** YYYY-MM-DD */
  date: string;
  /** YYYY-MM-DD HH:mm:ss */
  datetime: string;
  boolean: boolean;
  /** A dictionary value. */
  enum: string;
  partner: string;
  warehouse: string;
  batch: string;
  user: string;
  department: string;
  reference: string;
}
export type FieldType = keyof FieldValueOf;

export type RuleKind = 'required' | 'min' | 'max' | 'minLength' | 'maxLength' | 'pattern' | 'custom';

/** A field problem: the field's name, an i18n key and its interpolation values. */
export interface FieldProblem {
  field: string;
  message: string;
  params?: Record<string, string | number>;
}

export type ValidationRule =
  /** `when`: required only for records it holds for (e.g. a basis contract's futures month). */
  | { kind: 'required'; message?: string; when?(record: Readonly<Record<string, unknown>>): boolean }
  | { kind: 'min' | 'max'; value: number | string; message?: string }
  | { kind: 'minLength' | 'maxLength'; value: number; message?: string }
  /** A regular expression source, matched against the whole text. */
  | { kind: 'pattern'; value: string; message: string }
  | {
      kind: 'custom';
      /** True when the value is acceptable; sees the whole record for cross-field rules. */
      check(value: unknown, record: Readonly<Record<string, unknown>>): boolean;
      message: string;
    };

interface FieldCommon {
  /**
   * Absent: the convention `<area>:<resource>.fields.<name>` (the area's i18next namespace), so most fields
   * need no hand-written key beyond the four translations. A key of the common namespace, or a tenant term.
   */
  label?: Label;
  rules?: readonly ValidationRule[];
  /** Shown in the form but never sent (server-owned values such as create time). */
  readOnly?: boolean;
  /** Placeholder or help text key. */
  help?: string;
  /** A setting whose value in force today fills the field in a new record's form (the server's default too). */
  defaultSetting?: string;
  /**
   * What the exchange accepts (issue 21): `month` offers the futures months trading today to pick from,
   * `price` steps a price by the day's tick. The server checks both whatever is typed.
   */
  exchange?: 'month' | 'price';
  /**
   * The field a value is read and entered as, chosen by the record (a setting's value is a percentage,
   * an amount or a dictionary entry depending on the setting); the declared type when it answers none.
   */
  readAs?(record: Readonly<Record<string, unknown>>): FieldDecl | undefined;
  /** Codes the user may type into the field, shown under it (the placeholders a template may use). */
  hint?(record: Readonly<Record<string, unknown>>): readonly FieldHint[];
}

/** A code offered under a field, with what it stands for (`note`: an i18n key said after the label). */
export interface FieldHint {
  code: string;
  label: Label;
  note?: string;
}

export type FieldDecl =
  | (FieldCommon & { type: 'text' | 'longText' | 'date' | 'datetime' | 'boolean' })
  | (FieldCommon & { type: 'number' | 'integer' | 'money' | 'weight'; unit?: string })
  | (FieldCommon & { type: 'percent'; unit?: string })
  | (FieldCommon & { type: 'enum'; dictionary: string; multiple?: boolean })
  | (FieldCommon & { type: 'partner'; partnerKind?: PartnerKind })
  | (FieldCommon & { type: 'warehouse' | 'user' | 'department' })
  /** A batch by its number; `fills` copies fields of the picked batch into the form (form field → batch field). */
  | (FieldCommon & { type: 'batch'; fills?: Readonly<Record<string, string>> })
  /** Records of another resource (by its key); the record carries their names as `<field>Name`. */
  | (FieldCommon & { type: 'reference'; resource: string; multiple?: boolean });

export type Fields = Readonly<Record<string, FieldDecl>>;

/** A value derived from the record, shown in lists and details, never entered. */
export interface ComputedDecl<F extends Fields> {
  /** Absent: `<area>:<resource>.fields.<name>`, as for fields. */
  label?: Label;
  type: Exclude<FieldType, 'enum' | 'reference'>;
  // Method syntax: a declaration with its own record type stays assignable to ResourceDecl.
  compute(record: Partial<RecordOf<F>>): string | number | boolean | null;
}

export type FieldName<F extends Fields> = Extract<keyof F, string>;

export type FilterOp = 'eq' | 'like' | 'in' | 'range';

export interface ColumnDecl<K extends string = string> {
  field: K;
  sortable?: boolean;
  /** Hidden until the user turns it on in the column chooser. */
  hiddenByDefault?: boolean;
  width?: number;
}

export interface FilterDecl<K extends string = string> {
  field: K;
  /** Default: like for text, range for dates and amounts, eq otherwise. */
  op?: FilterOp;
}

export interface SectionDecl<K extends string = string> {
  title: Label;
  fields: readonly K[];
}

/** A document state machine: the state lives in `field` (an enum field of the resource). */
export interface WorkflowDecl<S extends string> {
  field: string;
  initial: S;
  /** State → label key. */
  states: Readonly<Record<S, Label>>;
  transitions: readonly TransitionDecl<S>[];
  /** The actions an approval queue offers; documents in a state these leave from are awaiting approval. */
  approval?: { approve: string; reject: string };
  /**
   * States in which a record may still be edited or deleted (a settled fee may not); default: the initial
   * state for a document under approval, else every state.
   */
  editableIn?: readonly S[];
}

export interface TransitionDecl<S extends string> {
  from: readonly S[];
  to: S;
  /** Action name sent to `<base>/transition`; also the i18n key `action.<action>` of its button. */
  action: string;
  /** Permission code the user needs on the resource's module. */
  permission: string;
  comment?: 'none' | 'optional' | 'required';
  /** A destructive action gets a danger-styled confirmation. */
  danger?: boolean;
  /**
   * Fields of the record the transition asks for in its own dialog (the transferee of a transfer), each
   * required, checked by its declared rules and stored with the state change.
   */
  fields?: readonly string[];
}

export type PermissionAction = 'view' | 'create' | 'edit' | 'delete' | 'export';

export interface LinesDecl {
  /** Key of the array in the record (and of the JSON text on the wire, see wire.ts). */
  key: string;
  title: Label;
  declaration: ResourceDecl;
  minLines?: number;
}

/**
 * What a form, its validation and a shown answer read of a declaration: a resource has it all, and so has
 * an input (a command's input, or what its preview answers), which is nothing more. Entered fields are
 * `form.fields`; the labels are `<area>:<key>.fields.<name>` as a resource's.
 */
export interface InputDecl<F extends Fields = Fields, C extends string = string> {
  /** Names its labels and its form; unique among the area's declarations. */
  key: string;
  /** The business area declaring it (its i18next namespace); set by defineArea. */
  namespace?: string;
  title: Label;
  fields: F;
  computed?: Readonly<Record<C, ComputedDecl<F>>>;
  form?: { fields: readonly FieldName<F>[] };
  detail?: { sections: readonly SectionDecl<FieldName<F> | NoInfer<C>>[] };
  lines?: LinesDecl;
}

export interface ReportDecl<K extends string = string> {
  groupBy: readonly K[];
  /** Numeric fields summed per group and overall. */
  totals: readonly K[];
  /** A bar chart of the first total per group, only where comparing groups helps. */
  chart?: boolean;
  /** The filters the report opens with (and returns to on reset): what its title promises to count. */
  filters?: Readonly<Record<string, FilterValue>>;
  /** What the report counts, said above it (an i18n key). */
  note?: string;
}

export interface ResourceDecl<
  F extends Fields = Fields,
  S extends string = string,
  C extends string = string,
> {
  /** Unique key; also the module code of the privilege call. */
  key: string;
  /** The business area declaring it (its i18next namespace); set by defineArea. */
  namespace?: string;
  /** The spec's URL prefix of its API base (a property of the route, not a business area). */
  area: UrlPrefix;
  /** Path segment after the area: the API base is `/api/<area>/<resource>`. */
  resource: string;
  title: Label;
  fields: F;
  /** The field that names a record in titles and confirmations. */
  titleField: FieldName<F>;
  computed?: Readonly<Record<C, ComputedDecl<F>>>;
  list: {
    columns: readonly (ColumnDecl<FieldName<F> | NoInfer<C>> | FieldName<F> | NoInfer<C>)[];
    filters: readonly (FilterDecl<FieldName<F>> | FieldName<F>)[];
    defaultSort?: { field: FieldName<F>; order: SortOrder };
    /** Numeric fields summed over every record the filter matches (not only the page), shown under the table. */
    totals?: readonly FieldName<F>[];
    /** What the list counts, said above it (an i18n key): which records its figures take in, and which not. */
    note?: string;
  };
  /** Entered fields; absent when the resource is read-only (e.g. the operation record). */
  form?: { fields: readonly FieldName<F>[] };
  detail?: { sections: readonly SectionDecl<FieldName<F> | NoInfer<C>>[] };
  lines?: LinesDecl;
  workflow?: WorkflowDecl<S>;
  /** Permission code per action on the module `key`; an absent action is not offered. */
  permissions: Partial<Record<PermissionAction, string>>;
  report?: ReportDecl<FieldName<F>>;
  /**
   * Other resources whose declarations its screens read besides its reference fields' (a template's
   * placeholders are its document's fields, read from the route catalogue when asked): the app loads their
   * areas before showing them.
   */
  reads?: readonly string[] | (() => readonly string[]);
  /**
   * The message-centre type (spec 2.15) of the notices about this document, e.g. the submitter's notice
   * of an approval or rejection; 单据相关 (1000007) when absent.
   */
  messageType?: string;
  /**
   * Has attachments: files uploaded to a record (`POST <base>/attachments/upload|download|delete`, see
   * attachments.ts); the detail answer lists them as `attachments: AttachmentEntry[]`.
   */
  attachments?: boolean;
  /** Operations with their own input (fix a price, import a file), served at `POST <base>/<command>`. */
  commands?: Readonly<Record<string, CommandDecl>>;
  /** Codes the resource's own rules check beyond its actions (approving past the desk's limits). */
  extraPermissions?: readonly string[];
}

/**
 * An operation on a record (or on the resource, for `target: 'resource'`) that takes its own input. The
 * server runs it in one transaction (validation, access, the operation, operation record, document
 * history, notifications after commit); the client renders it as a button opening a drawer form.
 */
export interface CommandDecl {
  /** Its input (defineInput): the drawer renders `input.form`, both sides validate it. */
  input: InputDecl;
  /** Permission code on the resource's module. */
  permission: string;
  /** Workflow states of the record it applies to; absent = any state. */
  states?: readonly string[];
  /** 'record' (default): one record, sent as `id`; 'resource': the resource as a whole (an import). */
  target?: 'record' | 'resource';
  danger?: boolean;
  /** Absent: `<area>:<resource>.commands.<name>`. */
  label?: Label;
  /**
   * What the command would do, shown before it is confirmed: the server runs it with `preview=true` and
   * rolls it back, answering these fields as `result`.
   */
  preview?: InputDecl;
  /** The area renders this command's screen itself (a file upload): the generic button is not shown. */
  ownScreen?: boolean;
  /**
   * An import: its input carries a file (`fileName`, `content` in base64) beside its other fields. Offered
   * as the import drawer (choose, preview, confirm, the bad rows); the server reads the file with its one
   * sheet reader (server/platform/imports/fileImport.ts).
   */
  file?: { accept: readonly string[] };
}

export type SortOrder = 'asc' | 'desc';

/** The record a declaration describes: id plus each field's wire value. */
export type RecordOf<F extends Fields> = { id: string } & {
  -readonly [K in keyof F]: F[K] extends { multiple: true } ? string[] : FieldValueOf[F[K]['type']] | null;
};

/** Declares a resource; keeps literal field names so columns, forms and records are checked. */
export const defineResource = <
  const F extends Fields,
  const S extends string = never,
  const C extends string = never,
>(
  decl: ResourceDecl<F, S, C>,
): ResourceDecl<F, S, C> => decl;

/**
 * Declares an input: a command's fields (or what its preview answers), with no list, key of a module or
 * permissions of its own. Every field is entered, in declaration order, unless `form` names some.
 */
export const defineInput = <const F extends Fields>(decl: {
  key: string;
  title: Label;
  fields: F;
  /** The entered fields, in order; default every field not read-only. */
  form?: readonly FieldName<F>[];
  lines?: LinesDecl;
}): InputDecl<F, never> => {
  const { form, ...rest } = decl;
  const entered =
    form ?? (Object.keys(decl.fields) as FieldName<F>[]).filter((key) => !decl.fields[key]!.readOnly);
  return { ...rest, form: { fields: entered } };
};

/** The API base of a resource (design.md: `/api/<area>/<resource>/<verb>`). */
export const apiBase = (decl: Pick<ResourceDecl, 'area' | 'resource'>) =>
  `/api/${decl.area}/${decl.resource}`;

/**
 * A custom rule. Use this rather than an inline object: an unannotated `check` inside `fields` would
 * stop TypeScript from inferring the declaration's field names.
 */
export const customRule = (
  message: string,
  check: (value: unknown, record: Readonly<Record<string, unknown>>) => boolean,
): ValidationRule => ({ kind: 'custom', message, check });

/** A date not before another date field of the record (an end after its start); blank either way passes. */
export const notBefore = (other: string, message: string): ValidationRule =>
  customRule(message, (value, record) => !value || !record[other] || String(value) >= String(record[other]));

/** A field required only when `when` holds for the record being saved. */
export const requiredWhen = (
  when: (record: Readonly<Record<string, unknown>>) => boolean,
  message?: string,
): ValidationRule => ({ kind: 'required', when, message });

/** A field's label: as declared, else by convention in the declaring area's namespace. */
export const fieldLabel = (
  decl: Pick<InputDecl, 'key' | 'namespace' | 'fields' | 'computed'>,
  name: string,
): Label =>
  decl.fields[name]?.label ??
  decl.computed?.[name]?.label ??
  `${decl.namespace ? `${decl.namespace}:` : ''}${decl.key}.fields.${name}`;
