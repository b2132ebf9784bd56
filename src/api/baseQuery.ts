import { createAction } from '@reduxjs/toolkit';
import type { BaseQueryFn, FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import i18next from 'i18next';
import { BODY_CODE, type Envelope } from '../shared/api/contract.ts';
import { REQUEST_TIMEOUT_MS } from '../shared/constants.ts';
import { clearCredentials, readCookie } from './credentials.ts';
import { type FormBody, toFormBody } from './formBody.ts';
import { notify } from './notifier.ts';

/** One call: a path of contract.ts (or an absolute URL) and a form body; POST unless said otherwise. */
export interface ApiRequest {
  url: string;
  body?: FormBody;
  method?: 'POST' | 'GET';
  /** Do not show any message when the call fails (e.g. the disclaimer check, spec 8). */
  silent?: boolean;
  /** The answer is a file (a Blob as `data`); a refusal still comes as an envelope. */
  file?: boolean;
}

/** Why a call was rejected: an HTTP status, a body code (400, 401, 403) or a transport failure. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR';
  /** The body code when the server answered with an envelope. */
  code?: number;
  message: string;
  /** The envelope's data of a refused call, e.g. `{ fields: { <name>: <message> } }` on a 400. */
  data?: unknown;
}

/** Dispatched when the server says the session is gone (body code or HTTP 401). */
export const unauthorized = createAction('api/unauthorized');

const HTTP_STATUSES_WITH_TEXT = [400, 401, 403, 404, 408, 500, 501, 502, 503, 504, 505];

const rawBaseQuery = fetchBaseQuery({
  // Absolute base so the same code runs in the browser and under jsdom; contract paths start with /api or /login.
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  timeout: REQUEST_TIMEOUT_MS,
});

/**
 * What our own server is told, never another host (e.g. a tenant's help service): the session token, and
 * the user's language, which its messages come back in.
 */
function headersFor(url: string): Record<string, string> {
  const token = readCookie('token');
  if (new URL(url, window.location.origin).origin !== window.location.origin) return {};
  return {
    ...(token ? { Authorization: token } : {}),
    ...(i18next.language ? { 'Accept-Language': i18next.language } : {}),
  };
}

/** The text for an HTTP status (spec 8); 404 names the url. */
export function httpStatusText(status: number, url: string): string {
  if (HTTP_STATUSES_WITH_TEXT.includes(status)) return i18next.t(`http.${status}`, { url });
  return i18next.t('http.other', { status });
}

export function sendToLogin() {
  clearCredentials();
  if (!window.location.hash.startsWith('#/login')) window.location.hash = '/login';
}

function transportError(error: FetchBaseQueryError, url: string): ApiError {
  if (typeof error.status === 'number')
    return { status: error.status, message: httpStatusText(error.status, url) };
  if (error.status === 'TIMEOUT_ERROR') return { status: error.status, message: i18next.t('http.408') };
  if (error.status === 'PARSING_ERROR') return { status: error.status, message: i18next.t('http.parsing') };
  return { status: error.status, message: i18next.t('http.network') };
}

function envelopeOf(value: unknown): Envelope | undefined {
  return typeof value === 'object' && value !== null && 'code' in value ? (value as Envelope) : undefined;
}

const serverText = (envelope: Envelope) => envelope.msg ?? envelope.message ?? '';

type Outcome = { data: unknown } | { error: ApiError };

/** Body codes of spec 8: 401 to login, 400 rejected with the server's text, 403 no permission, 415 warned. */
function applyBodyCode(envelope: Envelope, request: ApiRequest, onUnauthorized: () => void): Outcome {
  const say = (show: () => void) => !request.silent && show();
  switch (envelope.code) {
    case BODY_CODE.unauthorized:
      onUnauthorized();
      return { error: { status: 401, code: 401, message: i18next.t('http.401') } };
    case BODY_CODE.badRequest: {
      const message = serverText(envelope) || i18next.t('http.400');
      say(() => notify.error(message));
      return { error: { status: 400, code: 400, message, data: envelope.data } };
    }
    case BODY_CODE.forbidden: {
      const message = i18next.t('api.noPermission');
      say(() => notify.error(message));
      return { error: { status: 403, code: 403, message } };
    }
    case BODY_CODE.unsupported:
      say(() => notify.warning(serverText(envelope)));
      return { data: envelope };
    default:
      return { data: envelope };
  }
}

/**
 * A busy server (HTTP 503 with Retry-After: the embedded database's line is full, nothing was done) is asked
 * again after the wait it names, a few times, the user told it is being retried.
 */
export const BUSY_RETRIES = 3;
const MAX_BUSY_WAIT_MS = 5_000;

function busyWaitMs(result: {
  error?: FetchBaseQueryError;
  meta?: { response?: Response };
}): number | undefined {
  if (result.error?.status !== 503) return undefined;
  const header = result.meta?.response?.headers.get('Retry-After');
  const seconds = header ? Number(header) : Number.NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? Math.min(MAX_BUSY_WAIT_MS, seconds * 1000) : undefined;
}

/** A file call's answer: the bytes, or the envelope of a refusal (JSON). */
const fileOrEnvelope = (response: Response): Promise<unknown> =>
  (response.headers.get('content-type') ?? '').includes('application/json')
    ? response.json()
    : response.blob();

/** The one way the app talks to its server (spec 7, 8). Success data is the whole envelope. */
export const baseQuery: BaseQueryFn<ApiRequest, unknown, ApiError> = async (request, api, extraOptions) => {
  const { url, body, method = 'POST' } = request;
  const headers = headersFor(url);
  const init = {
    ...(method === 'GET' ? { url, method, headers } : { url, method, headers, body: toFormBody(body) }),
    ...(request.file ? { responseHandler: fileOrEnvelope } : {}),
  };
  let result = await rawBaseQuery(init, api, extraOptions ?? {});
  for (let retry = 0; retry < BUSY_RETRIES; retry++) {
    const wait = busyWaitMs(result);
    if (wait === undefined) break;
    if (retry === 0 && !request.silent) notify.warning(i18next.t('api.busyRetrying'));
    await new Promise((resolve) => setTimeout(resolve, wait));
    result = await rawBaseQuery(init, api, extraOptions ?? {});
  }
  const onUnauthorized = () => {
    sendToLogin();
    api.dispatch(unauthorized());
  };
  const envelope = envelopeOf(result.error ? result.error.data : result.data);
  if (result.error) {
    if (result.error.status === 401 || envelope?.code === BODY_CODE.unauthorized) onUnauthorized();
    if (result.error.status === 403) {
      const message = i18next.t('api.noPermission');
      if (!request.silent) notify.error(message);
      return { error: { status: 403, message } };
    }
    const error = transportError(result.error, url);
    if (!request.silent && result.error.status !== 401) notify.error(error.message);
    return { error };
  }
  if (!envelope) return { data: result.data };
  return applyBodyCode(envelope, request, onUnauthorized);
};
