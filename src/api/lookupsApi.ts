import type {
  DictionaryEntry,
  DictionaryRequest,
  Envelope,
  Instrument,
  PartnerSummary,
  UserPrivileges,
  UserPrivilegesRequest,
} from '../shared/api/contract.ts';
import { PATHS } from '../shared/api/contract.ts';
import { api } from './api.ts';

const dataOf = <T>(answer: Envelope<T>, empty: T): T => answer.data ?? empty;

/** Lookups every business module shares (spec 7): privileges, dictionary, partners, instruments. */
export const lookupsApi = api.injectEndpoints({
  endpoints: (build) => ({
    userPrivileges: build.query<UserPrivileges, UserPrivilegesRequest>({
      query: (body) => ({ url: PATHS.userPrivileges, body }),
      transformResponse: (answer: Envelope<UserPrivileges>) => dataOf(answer, []),
      providesTags: (_result, _error, { moduleCode }) => [{ type: 'Privileges', id: moduleCode }],
    }),
    dictionary: build.query<DictionaryEntry[], DictionaryRequest>({
      query: (body) => ({ url: PATHS.dictionary, body }),
      transformResponse: (answer: Envelope<DictionaryEntry[]>) => dataOf(answer, []),
      providesTags: (_result, _error, { code }) => [{ type: 'Dictionary', id: code }],
    }),
    partnerList: build.query<PartnerSummary[], void>({
      query: () => ({ url: PATHS.partnerList }),
      transformResponse: (answer: Envelope<PartnerSummary[]>) => dataOf(answer, []),
      providesTags: ['Partners'],
    }),
    instrumentInfo: build.query<Instrument[], void>({
      query: () => ({ url: PATHS.instrumentInfo }),
      transformResponse: (answer: Envelope<Instrument[]>) => dataOf(answer, []),
      providesTags: ['Instruments'],
    }),
  }),
});

export const { useUserPrivilegesQuery, useDictionaryQuery, usePartnerListQuery, useInstrumentInfoQuery } =
  lookupsApi;
