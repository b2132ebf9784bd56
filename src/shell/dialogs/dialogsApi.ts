import { api } from '../../api/api.ts';
import {
  type ChangePasswordRequest,
  type Envelope,
  type HelpArticle,
  PATHS,
} from '../../shared/api/contract.ts';

export interface HelpArticleArg {
  serviceUrl: string;
  id: string;
}

const DISCLAIMER_TAG = 'Disclaimer' as const;

export const dialogsApi = api.injectEndpoints({
  endpoints: (build) => ({
    changePassword: build.mutation<void, ChangePasswordRequest>({
      query: (body) => ({ url: PATHS.changePassword, body }),
      transformResponse: () => undefined,
      // A temporary password changed opens the menus the server held back.
      invalidatesTags: ['Menu'],
    }),
    /** 1 while the current disclaimer is not accepted; a failure is silent (spec 8). */
    queryDisclaimer: build.query<number, void>({
      query: () => ({ url: PATHS.queryDisclaimer, silent: true }),
      transformResponse: (answer: Envelope<number | string>) => Number(answer.data),
      providesTags: [DISCLAIMER_TAG],
    }),
    acceptDisclaimer: build.mutation<void, void>({
      query: () => ({ url: PATHS.acceptDisclaimer }),
      transformResponse: () => undefined,
      invalidatesTags: [DISCLAIMER_TAG],
    }),
    /** The tenant's help service: code 200 means the article is there (name, markdown text). */
    helpArticle: build.query<HelpArticle | null, HelpArticleArg>({
      query: ({ serviceUrl, id }) => ({ url: serviceUrl, body: { id }, silent: true }),
      transformResponse: (answer: Envelope<HelpArticle>) =>
        answer.code === 200 && answer.data ? answer.data : null,
    }),
  }),
});

export const {
  useChangePasswordMutation,
  useQueryDisclaimerQuery,
  useAcceptDisclaimerMutation,
  useHelpArticleQuery,
} = dialogsApi;
