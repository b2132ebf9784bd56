import { createApi } from '@reduxjs/toolkit/query/react';
import { baseQuery } from './baseQuery.ts';

/**
 * The RTK Query base. Every call of the app is injected with `api.injectEndpoints`; the base query
 * answers with the whole envelope ({code, msg, data, ...}), so endpoints pick what they read in
 * `transformResponse`.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [
    'Menu',
    'Messages',
    'Disclaimer',
    'Privileges',
    'Dictionary',
    'Partners',
    'Instruments',
    'Resource',
  ],
  endpoints: () => ({}),
});
