import { HttpResponse, http, ws } from 'msw';
import { DESK_PATH } from '../../areas/reports/api.ts';
import { FORM_DEFAULTS_PATH } from '../../framework/resource/wire.ts';
import { type Envelope, PATHS, SOCKET_TYPE, type SocketFrame } from '../../shared/api/contract.ts';
import { checkPasswordChange } from '../../shared/api/passwordRules.ts';
import { mockState } from './fixtures.ts';

const ok = <T>(data?: T, extra: object = {}) =>
  HttpResponse.json({ code: 200, msg: 'success', data, ...extra } satisfies Envelope<T>);
const bodyCode = (code: number, msg: string) => HttpResponse.json({ code, msg } satisfies Envelope);

async function formOf(request: Request): Promise<URLSearchParams> {
  const text = await request.text();
  return new URLSearchParams(text);
}

/** A POST handler that records the call, then answers; unauthenticated calls get body code 401. */
function post(
  path: string,
  answer: (form: URLSearchParams) => Response | Promise<Response>,
  needsSession = true,
) {
  return http.post(path, async ({ request }) => {
    const form = await formOf(request);
    const authorization = request.headers.get('Authorization');
    mockState.calls.push({ path, body: form, authorization });
    if (needsSession && authorization !== mockState.token) return bodyCode(401, '登录已失效');
    return answer(form);
  });
}

function login(form: URLSearchParams) {
  const username = form.get('username') ?? '';
  if (mockState.credentials[username] !== form.get('password')) return bodyCode(400, '用户名或密码错误');
  const temporary = mockState.passwordTemporary ? { passwordTemporary: true } : {};
  return ok({ token: mockState.token, user: mockState.user, ...temporary });
}

function messageDetail(form: URLSearchParams) {
  const type = form.get('messageType') ?? '';
  const pageNo = Number(form.get('page_no') ?? 1);
  const size = Number(form.get('size') ?? 10);
  const all = mockState.messages[type] ?? [];
  const records = all.slice((pageNo - 1) * size, pageNo * size);
  return ok({ records, total: all.length, pages: Math.ceil(all.length / size), size });
}

function changePassword(form: URLSearchParams) {
  const input = {
    oldPwd: form.get('oldPwd') ?? '',
    newPwd: form.get('newPwd') ?? '',
    newPwdRe: form.get('newPwdRe') ?? '',
  };
  if (checkPasswordChange(input).length > 0) return bodyCode(400, '密码不符合要求');
  if (input.oldPwd !== mockState.password) return bodyCode(400, '旧密码错误');
  mockState.password = input.newPwd;
  mockState.passwordTemporary = false;
  return ok();
}

/** HTTP handlers for every call of src/shared/api/contract.ts. */
export const httpHandlers = [
  post(PATHS.login, login, false),
  post(PATHS.logout, () => ok(), false),
  post(PATHS.menu, () =>
    mockState.passwordTemporary
      ? ok(mockState.user, { menu: [], menuTop: [], passwordTemporary: true })
      : ok(mockState.user, { menu: mockState.menu, menuTop: mockState.menuTop }),
  ),
  post(PATHS.messageList, () => ok(undefined, { datas: mockState.summaries })),
  post(PATHS.messageDetail, messageDetail),
  post(PATHS.messageSend, () => ok()),
  post(PATHS.changePassword, changePassword),
  post(PATHS.queryDisclaimer, () => ok(mockState.disclaimer)),
  post(PATHS.acceptDisclaimer, () => ok()),
  post(PATHS.helpArticle, () => ok(mockState.article), false),
  post(PATHS.userPrivileges, (form) => ok(mockState.privileges[form.get('moduleCode') ?? ''] ?? [])),
  post(PATHS.dictionary, (form) => ok(mockState.dictionary[form.get('code') ?? ''] ?? [])),
  post(PATHS.partnerList, () => ok(mockState.partners)),
  post(PATHS.instrumentInfo, () => ok(mockState.instruments)),
  // The home page's desk: empty unless a test gives figures.
  post(DESK_PATH, () => ok({ day: '2026-11-23', sections: [], topics: [] })),
  // The settings new records' fields take their default from (seed values).
  post(FORM_DEFAULTS_PATH, () => ok({ vatLintPercent: '9' })),
];

const socketOrigin = () => window.location.origin.replace(/^http/, 'ws');

/** The real-time channel: answers every heartbeat (9999) with a heartbeat frame. */
export const socketLink = ws.link(`${socketOrigin()}${PATHS.socket(':userId').replace('%3A', ':')}`);

export const heartbeatReply: SocketFrame = { messageType: SOCKET_TYPE.heartbeat };

export const socketHandler = socketLink.addEventListener('connection', ({ client }) => {
  client.addEventListener('message', (event) => {
    if (String(event.data).includes(SOCKET_TYPE.heartbeat)) client.send(JSON.stringify(heartbeatReply));
  });
});

/** Pushes a frame to every connected client (e.g. a 0000 notification or a 6666 reconnect order). */
export const pushSocketFrame = (frame: SocketFrame) => socketLink.broadcast(JSON.stringify(frame));

export const handlers = [...httpHandlers, socketHandler];
