// The generic calls of every declared resource (wire format: src/framework/resource/wire.ts).

import { api } from '../../api/api.ts';
import type { ApiError } from '../../api/baseQuery.ts';
import type { Envelope, Page } from '../../shared/api/contract.ts';
import {
  type FieldErrorsData,
  FORM_DEFAULTS_PATH,
  type HistoryEntry,
  type ListQuery,
  listRequestBody,
  PUBLISHED_TEMPLATE_PATH,
  type PublishedTemplate,
  type PublishedTemplateRequest,
  type ResourceDecl,
  resourcePath,
  saveRequestBody,
  type TransitionRequest,
} from '../resource/index.ts';
import { announceRecordChange, RECORD_TAGS } from './recordChanges.ts';

export type ResourceRecord = { id: string } & Record<string, unknown>;

/** Arguments name the resource by its API base so cache keys stay serialisable. */
type Base = Pick<ResourceDecl, 'area' | 'resource'>;
const baseOf = (decl: Base): Base => ({ area: decl.area, resource: decl.resource });
const tagOf = (base: Base) => ({ type: 'Resource' as const, id: `${base.area}/${base.resource}` });

/** After a change that went through: every record screen refetches, here and in the other windows. */
const recordsChanged = (_result: unknown, error: unknown) => (error ? [] : [...RECORD_TAGS]);
const announceWhenDone = async (_arg: unknown, { queryFulfilled }: { queryFulfilled: Promise<unknown> }) => {
  try {
    await queryFulfilled;
    announceRecordChange();
  } catch {
    // refused: nothing changed
  }
};

const dataOf = <T>(answer: Envelope<T>, empty: T): T => answer.data ?? empty;
const emptyPage: Page<ResourceRecord> = { records: [], total: 0, pages: 0, size: 0 };

export const resourceApi = api.injectEndpoints({
  endpoints: (build) => ({
    resourceList: build.query<Page<ResourceRecord>, { base: Base; query: ListQuery }>({
      query: ({ base, query }) => ({ url: resourcePath(base, 'list'), body: listRequestBody(query) }),
      transformResponse: (answer: Envelope<Page<ResourceRecord>>) => dataOf(answer, emptyPage),
      providesTags: (_result, _error, { base }) => [tagOf(base)],
    }),
    resourceDetail: build.query<ResourceRecord | null, { base: Base; id: string }>({
      query: ({ base, id }) => ({ url: resourcePath(base, 'detail'), body: { id } }),
      transformResponse: (answer: Envelope<ResourceRecord>) => dataOf<ResourceRecord | null>(answer, null),
      providesTags: (_result, _error, { base }) => [tagOf(base)],
    }),
    formDefaults: build.query<Record<string, string>, void>({
      query: () => ({ url: FORM_DEFAULTS_PATH, body: {} }),
      transformResponse: (answer: Envelope<Record<string, string>>) => dataOf(answer, {}),
      providesTags: [{ type: 'Resource', id: 'pri/systemSetting' }],
    }),
    resourceHistory: build.query<HistoryEntry[], { base: Base; id: string }>({
      query: ({ base, id }) => ({ url: resourcePath(base, 'history'), body: { id } }),
      transformResponse: (answer: Envelope<HistoryEntry[]>) => dataOf(answer, []),
      providesTags: (_result, _error, { base }) => [tagOf(base)],
    }),
    resourceSave: build.mutation<
      ResourceRecord | null,
      { decl: ResourceDecl; values: Record<string, unknown> }
    >({
      // Field problems are shown on the form itself, so the request layer stays silent.
      query: ({ decl, values }) => ({
        url: resourcePath(decl, 'save'),
        body: saveRequestBody(decl, values),
        silent: true,
      }),
      transformResponse: (answer: Envelope<ResourceRecord>) => dataOf<ResourceRecord | null>(answer, null),
      invalidatesTags: recordsChanged,
      onQueryStarted: announceWhenDone,
    }),
    resourceCommand: build.mutation<
      { record: ResourceRecord | null; result: unknown; message?: string },
      { decl: ResourceDecl; name: string; id?: string; values: Record<string, unknown>; preview?: boolean }
    >({
      // Field problems are shown on the command's form itself, so the request layer stays silent.
      query: ({ decl, name, id, values, preview }) => ({
        url: `/api/${decl.area}/${decl.resource}/${name}`,
        body: {
          ...saveRequestBody(decl.commands![name]!.input, values),
          ...(id ? { id } : {}),
          ...(preview ? { preview: 'true' } : {}),
        },
        silent: true,
      }),
      transformResponse: (answer: Envelope<{ record: ResourceRecord | null; result: unknown }>) => ({
        ...(answer.data ?? { record: null, result: null }),
        message: answer.msg,
      }),
      // A command may change other records too (a fixing, a batch); a preview changed nothing.
      invalidatesTags: (_result, error, { preview }) => (preview || error ? [] : [...RECORD_TAGS]),
    }),
    publishedTemplate: build.query<PublishedTemplate | null, PublishedTemplateRequest>({
      query: (body) => ({ url: PUBLISHED_TEMPLATE_PATH, body }),
      transformResponse: (answer: Envelope<PublishedTemplate | null>) => dataOf(answer, null),
    }),
    resourceDelete: build.mutation<null, { base: Base; ids: readonly string[] }>({
      query: ({ base, ids }) => ({ url: resourcePath(base, 'delete'), body: { id: ids } }),
      transformResponse: () => null,
      invalidatesTags: recordsChanged,
      onQueryStarted: announceWhenDone,
    }),
    resourceTransition: build.mutation<ResourceRecord[], { base: Base; request: TransitionRequest }>({
      query: ({ base, request: { values, ...request } }) => ({
        url: resourcePath(base, 'transition'),
        body: { ...values, ...request },
      }),
      transformResponse: (answer: Envelope<ResourceRecord[]>) => dataOf(answer, []),
      invalidatesTags: recordsChanged,
      onQueryStarted: announceWhenDone,
    }),
  }),
});

export const {
  useResourceListQuery,
  useResourceDetailQuery,
  useResourceHistoryQuery,
  useResourceSaveMutation,
  useResourceDeleteMutation,
  useResourceTransitionMutation,
  useResourceCommandMutation,
  usePublishedTemplateQuery,
  useFormDefaultsQuery,
} = resourceApi;

export { baseOf };

/**
 * The per-field messages of a rejected save (`data.fields` of a 400 answer), when the request layer
 * passes the answer's data along with the error.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const data = (error as (ApiError & { data?: Partial<FieldErrorsData> }) | undefined)?.data;
  return data?.fields && typeof data.fields === 'object' ? data.fields : {};
}

export const errorMessageOf = (error: unknown): string | undefined =>
  (error as ApiError | undefined)?.message;
