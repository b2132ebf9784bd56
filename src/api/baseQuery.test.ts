import { configureStore } from '@reduxjs/toolkit';
import { screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { delay, HttpResponse, http } from 'msw';
import '../test/jsdomPolyfills.ts';
import { initI18n } from '../app/i18n.ts';
import { PATHS } from '../shared/api/contract.ts';
import { cookieName, LOCALES, REQUEST_TIMEOUT_MS } from '../shared/constants.ts';
import { tenant } from '../shared/tenant/index.ts';
import { mockState } from '../test/msw/fixtures.ts';
import { server, startMockServer } from '../test/msw/server.ts';
import { resetBrowser } from '../test/renderWithApp.tsx';
import { api } from './api.ts';
import { unauthorized } from './baseQuery.ts';
import { writeCookie } from './credentials.ts';

startMockServer();

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    probe: build.mutation<unknown, { url: string; body?: object }>({ query: (request) => request }),
  }),
});

function makeStore() {
  const seen: string[] = [];
  const store = configureStore({
    reducer: { api: api.reducer, seen: (state: string[] = seen, action) => [...state, action.type] },
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
  return store;
}

const call = (url: string, body?: object) =>
  makeStore().dispatch(probeApi.endpoints.probe.initiate({ url, body }));

/** Answers the dictionary call with the given envelope. */
const answer = (envelope: object, status = 200) =>
  server.use(http.post(PATHS.dictionary, () => HttpResponse.json(envelope, { status })));

beforeEach(async () => {
  resetBrowser();
  await initI18n('zh-chs');
  writeCookie('token', mockState.token);
  window.location.hash = '/index';
});

test('bodies are form-encoded with arrays repeated, and the token cookie is the Authorization header', async () => {
  const result = await call(PATHS.dictionary, { code: 'contractState', ids: [1, 2], empty: null });
  expect(result).toMatchObject({ data: { code: 200 } });
  const [sent] = mockState.calls;
  expect(sent?.body.toString()).toBe('code=contractState&ids=1&ids=2');
  expect(sent?.authorization).toBe(mockState.token);
});

test('the token is never sent to another host, such as a help service elsewhere', async () => {
  let seen: string | null = 'not called';
  server.use(
    http.post('https://help.example.com/article', ({ request }) => {
      seen = request.headers.get('Authorization');
      return HttpResponse.json({ code: 200, data: { name: 'n', text: 't' } });
    }),
  );
  const result = await call('https://help.example.com/article', { id: 'x' });
  expect(result).toMatchObject({ data: { code: 200 } });
  expect(seen).toBeNull();
});

test('our server is told the user’s language, for its messages to come back in it; another host is not', async () => {
  const languages: (string | null)[] = [];
  server.use(
    http.post(`*${PATHS.dictionary}`, ({ request }) => {
      languages.push(request.headers.get('Accept-Language'));
      return HttpResponse.json({ code: 200, msg: 'ok', data: [] });
    }),
    http.post('https://help.example.com/article', ({ request }) => {
      languages.push(request.headers.get('Accept-Language'));
      return HttpResponse.json({ code: 200, data: { name: 'n', text: 't' } });
    }),
  );
  await initI18n('en');
  await call(PATHS.dictionary, { code: 'contractState' });
  await call('https://help.example.com/article', { id: 'x' });
  await initI18n('zh-chs');
  await call(PATHS.dictionary, { code: 'contractState' });
  expect(languages[0]).toBe('en');
  expect(languages[1]).not.toBe('en');
  expect(languages[2]).toBe('zh-chs');
});

test("a 400's field messages travel with the rejection, for the form to show on its fields", async () => {
  answer({ code: 400, msg: '请检查输入', data: { fields: { contractNo: '合同编号已存在' } } });
  const result = await call(PATHS.dictionary);
  expect(result).toMatchObject({
    error: { status: 400, data: { fields: { contractNo: '合同编号已存在' } } },
  });
});

test('body code 401 clears the session cookies and sends the user to /#/login', async () => {
  writeCookie('uuid', '7');
  Cookies.remove(cookieName(tenant.code, 'token'));
  const store = makeStore();
  const result = await store.dispatch(probeApi.endpoints.probe.initiate({ url: PATHS.partnerList }));
  expect(result).toMatchObject({ error: { status: 401 } });
  expect(window.location.hash).toBe('#/login');
  expect(Cookies.get(cookieName(tenant.code, 'uuid'))).toBeUndefined();
  expect((store.getState() as { seen: string[] }).seen).toContain(unauthorized.type);
});

test('body code 400 shows the server message in red and rejects the call', async () => {
  answer({ code: 400, msg: '合同编号重复' });
  const result = await call(PATHS.dictionary);
  expect(result).toMatchObject({ error: { status: 400, message: '合同编号重复' } });
  const shown = await screen.findByText('合同编号重复');
  expect(shown.closest('.ant-message-notice')?.querySelector('.ant-message-error')).not.toBeNull();
});

test('body code 403 shows 暂无权限', async () => {
  answer({ code: 403, msg: 'forbidden' });
  const result = await call(PATHS.dictionary);
  expect(result).toMatchObject({ error: { status: 403 } });
  expect(await screen.findByText('暂无权限')).toBeInTheDocument();
});

test('body code 415 warns with the server message and passes the answer on', async () => {
  answer({ code: 415, msg: '该功能即将下线', data: ['x'] });
  const result = await call(PATHS.dictionary);
  expect(result).toMatchObject({ data: { code: 415, data: ['x'] } });
  const shown = await screen.findByText('该功能即将下线');
  expect(shown.closest('.ant-message-notice')?.querySelector('.ant-message-warning')).not.toBeNull();
});

test('other body codes pass through untouched', async () => {
  answer({ code: 201, msg: 'created', data: 5 });
  expect(await call(PATHS.dictionary)).toMatchObject({ data: { code: 201, data: 5 } });
});

const HTTP_TEXTS: Record<number, string> = {
  400: '请求错误',
  401: '未授权，请登录',
  403: '拒绝访问',
  404: `请求地址出错: ${PATHS.dictionary}`,
  408: '请求超时',
  500: '服务器内部错误',
  501: '服务未实现',
  502: '网关错误',
  503: '服务不可用',
  504: '网关超时',
  505: 'HTTP版本不受支持',
};

test.each(Object.entries(HTTP_TEXTS).filter(([status]) => !['401', '403'].includes(status)))(
  'HTTP %s is reported as %s',
  async (status, text) => {
    answer({ code: Number(status), msg: 'x' }, Number(status));
    const result = await call(PATHS.dictionary);
    expect(result).toMatchObject({ error: { status: Number(status), message: text } });
    expect(await screen.findByText(text)).toBeInTheDocument();
  },
);

test('HTTP 403 says 暂无权限 and HTTP 401 goes to login', async () => {
  answer({ code: 403 }, 403);
  expect(await call(PATHS.dictionary)).toMatchObject({ error: { status: 403, message: '暂无权限' } });
  answer({ code: 401 }, 401);
  await call(PATHS.dictionary);
  expect(window.location.hash).toBe('#/login');
});

test.each(LOCALES)('every HTTP status text exists in %s, 404 naming the url', async (locale) => {
  const i18n = await initI18n(locale);
  for (const status of Object.keys(HTTP_TEXTS)) {
    const text = i18n.t(`http.${status}`, { url: '/api/x' });
    expect(text).not.toBe(`http.${status}`);
    if (status === '404') expect(text).toContain('/api/x');
  }
  await initI18n('zh-chs');
});

test('a busy server (503 with Retry-After) is asked again after the wait it names, the user told "busy, retrying"', async () => {
  let calls = 0;
  server.use(
    http.post(PATHS.dictionary, () => {
      calls += 1;
      return calls < 3
        ? HttpResponse.json(
            { code: 503, msg: '服务器繁忙，请稍后再试' },
            { status: 503, headers: { 'Retry-After': '1' } },
          )
        : HttpResponse.json({ code: 200, msg: 'ok', data: [] });
    }),
  );
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const pending = call(PATHS.dictionary);
    await vi.advanceTimersByTimeAsync(900);
    expect(calls).toBe(1);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(await pending).toMatchObject({ data: { code: 200 } });
    expect(calls).toBe(3);
  } finally {
    vi.useRealTimers();
  }
  expect(await screen.findByText('服务器繁忙，正在重试…')).toBeInTheDocument();
});

test('a server still busy after three retries is reported as unavailable', async () => {
  let calls = 0;
  server.use(
    http.post(PATHS.dictionary, () => {
      calls += 1;
      return HttpResponse.json({ code: 503 }, { status: 503, headers: { 'Retry-After': '1' } });
    }),
  );
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const pending = call(PATHS.dictionary);
    await vi.advanceTimersByTimeAsync(3_500);
    expect(await pending).toMatchObject({ error: { status: 503, message: '服务不可用' } });
    expect(calls).toBe(4);
  } finally {
    vi.useRealTimers();
  }
});

test('a call with no answer after 55 s fails as timed out', async () => {
  server.use(
    http.post(PATHS.dictionary, async () => {
      await delay('infinite');
      return HttpResponse.json({});
    }),
  );
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    const pending = call(PATHS.dictionary);
    let settled = false;
    void pending.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS - 100);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(200);
    expect(await pending).toMatchObject({ error: { status: 'TIMEOUT_ERROR', message: '请求超时' } });
  } finally {
    vi.useRealTimers();
  }
});
