import { api } from '../../api/api.ts';
import type { Envelope, LoginData, LoginRequest, MenuAnswer } from '../../shared/api/contract.ts';
import { PATHS } from '../../shared/api/contract.ts';

/** The login-time calls: login, logout and the menu (which also answers the user). */
export const sessionApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginData, LoginRequest>({
      // The login page shows the server's reason itself, next to the form.
      query: (body) => ({ url: PATHS.login, body, silent: true }),
      transformResponse: (answer: Envelope<LoginData>) => answer.data!,
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: PATHS.logout, silent: true }),
      transformResponse: () => undefined,
    }),
    menu: build.query<MenuAnswer, void>({
      query: () => ({ url: PATHS.menu }),
      providesTags: ['Menu'],
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useLoginMutation, useLogoutMutation, useMenuQuery } = sessionApi;
