import { configureStore } from '@reduxjs/toolkit';
import { HttpResponse, http } from 'msw';
import { PATHS } from '../shared/api/contract.ts';
import { mockState } from '../test/msw/fixtures.ts';
import { server, startMockServer } from '../test/msw/server.ts';
import { api } from './api.ts';
import { writeCookie } from './credentials.ts';

startMockServer();

const probe = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, { url: string; body?: object }>({ query: (r) => r }),
  }),
});

test('smoke', async () => {
  writeCookie('token', mockState.token);
  const store = configureStore({
    reducer: { api: api.reducer },
    middleware: (g) => g().concat(api.middleware),
  });
  const result = await store.dispatch(
    probe.endpoints.probe.initiate({ url: PATHS.dictionary, body: { code: 'contractState', a: [1, 2] } }),
  );
  expect(result).toMatchObject({ data: { code: 200 } });
  expect(mockState.calls[0]?.body.toString()).toBe('code=contractState&a=1&a=2');
  server.use(http.post(PATHS.partnerList, () => HttpResponse.json({ code: 1 }, { status: 404 })));
  const r2 = await store.dispatch(probe.endpoints.probe.initiate({ url: PATHS.partnerList }));
  expect(r2).toMatchObject({ error: { status: 404 } });
});
