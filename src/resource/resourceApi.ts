// The generic calls of every declared resource (wire format: src/shared/resource/wire.ts).

import { api } from '../api/api.ts';
import type { ApiError } from '../api/baseQuery.ts';
import type { Envelope, Page } from '../shared/api/contract.ts';
import {
  type FieldErrorsData,
  type HistoryEntry,
  type ListQuery,
  listRequestBody,
  type ResourceDecl,
  resourcePath,
  saveRequestBody,
  type TransitionRequest,
} from '../shared/resource/index.ts';

export type ResourceRecord = { id: string } & Record<string, unknown>;

/** Arguments name the resource by its API base so cache keys stay serialisable. */
type Base = Pick<ResourceDecl, 'area' | 'resource'>;
const baseOf = (decl: Base): Base => ({ area: decl.area, resource: decl.resource });
const tagOf = (base: Base) => ({ type: 'Resource' as const, id: `${base.area}/${base.resource}` });

const dataOf = <T>(answer: Envelope<T>, empty: T): T => answer.data ?? empty;
const emptyPage: Page<ResourceRecord> = { records: [], total: 0, pages: 0, size: 0 };

export const resourceApi = api.enhanceEndpoints({ addTagTypes: ['Resource'] }).injectEndpoints({
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
      invalidatesTags: (_result, _error, { decl }) => [tagOf(decl)],
    }),
    resourceDelete: build.mutation<null, { base: Base; ids: readonly string[] }>({
      query: ({ base, ids }) => ({ url: resourcePath(base, 'delete'), body: { id: ids } }),
      transformResponse: () => null,
      invalidatesTags: (_result, _error, { base }) => [tagOf(base)],
    }),
    resourceTransition: build.mutation<ResourceRecord[], { base: Base; request: TransitionRequest }>({
      query: ({ base, request }) => ({ url: resourcePath(base, 'transition'), body: request }),
      transformResponse: (answer: Envelope<ResourceRecord[]>) => dataOf(answer, []),
      invalidatesTags: (_result, _error, { base }) => [tagOf(base)],
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
