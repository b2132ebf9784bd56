import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { clientMarginSet } from '../src/areas/partners/index.ts';
import { resourcePath } from '../src/framework/resource/index.ts';
import { type Instrument, PATHS } from '../src/shared/api/contract.ts';
import { COMPOSITION } from './areas/index.ts';
import { migrate } from './platform/db/migrate.ts';
import { BUSINESS_TIME_ZONE, businessDate } from './platform/time.ts';
import {
  BACKENDS,
  DEMO_PASSWORD,
  login,
  manualClock,
  openTestDb,
  post,
  startApp,
  TEST_TENANT,
} from './test/harness.ts';

const SESSION_CALLS = Object.values(PATHS).filter(
  (p) => typeof p === 'string' && p !== PATHS.login,
) as string[];

const LIBRARY = 'export function f(a) { return a + 1; }\n'.repeat(500);

/** A tenant bundle as the build leaves it: index.html plus hashed assets under static/. */
function bundle(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bundle-'));
  fs.mkdirSync(path.join(dir, 'static/js'), { recursive: true });
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>后台</title>');
  fs.writeFileSync(path.join(dir, 'static/js/index.0123abcd.js'), 'console.log(1)');
  fs.writeFileSync(path.join(dir, 'static/js/lib.0123abcd.js'), LIBRARY);
  return dir;
}

/** The suite's business clock: a Monday in Shanghai, whatever the hour the suite runs. */
const NOW = new Date('2026-11-23T02:00:00Z');

describe.each(BACKENDS)('API calls on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let bundleDir: string;
  const tokens: Record<string, string> = {};
  const call = (user: string, url: string, body: Record<string, string | number> = {}) =>
    post(app, url, body, { token: tokens[user] });

  beforeAll(async () => {
    env = await openTestDb(backend);
    bundleDir = bundle();
    ({ app } = await startApp(env.db, manualClock(NOW.getTime()), bundleDir));
    for (const user of ['admin', 'trader', 'warehouse', 'sales'])
      tokens[user] = (await login(app, user)).token;
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
    fs.rmSync(bundleDir, { recursive: true, force: true });
  });

  describe('access', () => {
    it.each(SESSION_CALLS)('%s answers 401 without a session', async (url) => {
      const { res, json } = await post(app, url);
      expect(res.statusCode).toBe(200);
      expect(json).toMatchObject({ code: 401, msg: '请先登录' });
    });

    it('answers 401 for a token that was never issued', async () => {
      const { json } = await post(app, PATHS.menu, {}, { token: 'forged-token' });
      expect(json.code).toBe(401);
    });

    it('answers 403 when the role lacks the permission, whatever the menu shows', async () => {
      const marginSettings = resourcePath(clientMarginSet, 'list');
      expect((await call('warehouse', marginSettings)).json).toMatchObject({ code: 403, msg: '暂无权限' });
      const send = await call('trader', PATHS.messageSend, {
        loginName: 'sales',
        messageType: '1000003',
        message: 'x',
      });
      expect(send.json.code).toBe(403);
    });

    it('answers an unknown /api path with HTTP 404 in the envelope', async () => {
      const { res, json } = await post(app, '/api/no/such/call');
      expect(res.statusCode).toBe(404);
      expect(json.code).toBe(404);
      expect(json.msg).toContain('/api/no/such/call');
    });

    it('answers 415 for a body that is neither a form nor JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: PATHS.userPrivileges,
        payload: 'moduleCode=index',
        headers: { 'content-type': 'text/plain', authorization: tokens.trader },
      });
      expect(res.json().code).toBe(415);
    });
  });

  it('serves the bundle: index.html revalidated, hashed assets cached for good', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<title>后台</title>');
    expect(page.headers['cache-control']).toBe('no-cache');
    const asset = await app.inject({ method: 'GET', url: '/static/js/index.0123abcd.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the bundle gzipped to a browser that accepts it', async () => {
    const url = '/static/js/lib.0123abcd.js';
    const zipped = await app.inject({
      method: 'GET',
      url,
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.rawPayload.length).toBeLessThan(LIBRARY.length / 10);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(LIBRARY);
    const plain = await app.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(LIBRARY);
  });

  it('lets no other site frame the app', async () => {
    for (const url of ['/', '/index.html']) {
      const page = await app.inject({ method: 'GET', url });
      expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(page.headers['content-security-policy']).toBe("frame-ancestors 'self'");
    }
  });

  it('answers the health check without a session', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 200, data: { tenant: TEST_TENANT.code } });
  });

  it('migrating again applies and seeds nothing', async () => {
    const users = await env.db.query('select login_name from users order by id');
    expect(await migrate(env.db, TEST_TENANT, COMPOSITION)).toEqual({
      applied: [],
      seeded: false,
      demo: false,
    });
    expect(await env.db.query('select login_name from users order by id')).toEqual(users);
  });

  describe('menu', () => {
    it('answers the groups of the routes the roles allow, leaf ids being route keys', async () => {
      const { json } = await call('trader', PATHS.menu);
      expect(json.code).toBe(200);
      const menu = json.menu as {
        id: string;
        title: string;
        menu: { id: string; title: string; path: string }[];
      }[];
      const group = menu.find((g) => g.id === 'workbench');
      expect(group?.title).toBe('工作台');
      expect(group?.menu.map((m) => m.id)).toEqual(['index', 'download', 'log', 'news', 'passwordEdit']);
      // Seeded titles carry their i18n key: users of other languages read the key's words.
      expect(group).toMatchObject({ titleKey: 'menuGroup.workbench' });
      expect(group?.menu[0]).toMatchObject({ title: '首页', titleKey: 'route.index', path: '/index' });
      expect((json.menuTop as { id: string }[]).map((t) => t.id)).toEqual(menu.map((g) => g.id));
      expect(json.data).toMatchObject({ loginName: 'trader', relName: '李明辉', departName: '交易部' });
    });
  });

  describe('messages', () => {
    it('lists summaries per type with unread counts', async () => {
      const { json } = await call('sales', PATHS.messageList);
      expect(json.code).toBe(200);
      const datas = json.datas as { messageType: string; unreadCount: number; updateTime: string }[];
      expect(datas.map((d) => d.messageType).sort()).toEqual(['1000002', '1000003']);
      expect(datas[0]?.unreadCount).toBe(1);
      expect(datas[0]?.updateTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    });

    it('pages details by 10, newest first, and marks the returned ones read', async () => {
      for (let i = 1; i <= 12; i++)
        expect(
          (
            await call('admin', PATHS.messageSend, {
              loginName: 'trader',
              messageType: '1000004',
              message: `合同 **${i}**`,
            })
          ).json.code,
        ).toBe(200);
      const first = await call('trader', PATHS.messageDetail, {
        messageType: '1000004',
        page_no: 1,
        size: 10,
      });
      const page = first.json.data as {
        records: { message: string; readState: number }[];
        total: number;
        pages: number;
        size: number;
      };
      expect(page).toMatchObject({ total: 12, pages: 2, size: 10 });
      expect(page.records).toHaveLength(10);
      expect(page.records[0]).toMatchObject({ message: '合同 **12**', readState: 0 });
      const again = await call('trader', PATHS.messageDetail, {
        messageType: '1000004',
        page_no: 1,
        size: 10,
      });
      expect((again.json.data as typeof page).records[0]?.readState).toBe(1);
      const list = (await call('trader', PATHS.messageList)).json.datas as {
        messageType: string;
        unreadCount: number;
      }[];
      expect(list.find((d) => d.messageType === '1000004')?.unreadCount).toBe(2);
      const second = await call('trader', PATHS.messageDetail, { messageType: '1000004', page_no: 2 });
      expect((second.json.data as typeof page).records.map((r) => r.message)).toEqual([
        '合同 **2**',
        '合同 **1**',
      ]);
    });

    it('refuses a message for an unknown user or type and stores nothing', async () => {
      const count = async () =>
        (await env.db.query<{ n: number }>('select count(*)::int as n from messages'))[0]?.n;
      const before = await count();
      const ghost = await call('admin', PATHS.messageSend, {
        loginName: 'ghost',
        messageType: '1000003',
        message: 'hi',
      });
      expect(ghost.json).toMatchObject({ code: 400, msg: '用户不存在：ghost' });
      const badType = await call('admin', PATHS.messageSend, {
        loginName: 'sales',
        messageType: '42',
        message: 'hi',
      });
      expect(badType.json).toMatchObject({ code: 400, msg: '未知的消息类型：42' });
      const empty = await call('admin', PATHS.messageSend, { loginName: 'sales', messageType: '1000003' });
      expect(empty.json).toMatchObject({ code: 400, msg: '请填写消息内容' });
      const letters = await call('admin', PATHS.messageDetail, { messageType: 'abc' });
      expect(letters.json).toMatchObject({ code: 400, msg: '消息类型格式不正确：应为数字编码' });
      expect(await count()).toBe(before);
    });

    it('records who sent a message, when and from where', async () => {
      await call('admin', PATHS.messageSend, {
        loginName: 'sales',
        messageType: '1000005',
        message: '付款已到账',
      });
      const [record] = await env.db.query<{
        login_name: string;
        address: string;
        detail: { loginName: string };
      }>(
        `select login_name, address, detail from operation_records where action = $1 order by id desc limit 1`,
        [PATHS.messageSend],
      );
      expect(record).toMatchObject({
        login_name: 'admin',
        address: '127.0.0.1',
        detail: { loginName: 'sales' },
      });
    });
  });

  describe('change password', () => {
    const change = (body: Record<string, string>, token = tokens.sales) =>
      post(app, PATHS.changePassword, body, { token });

    it('applies the shared rules with the spec messages', async () => {
      expect((await change({ newPwd: 'Abcdef123', newPwdRe: 'Abcdef123' })).json.msg).toBe('旧密码不能为空');
      expect(
        (await change({ oldPwd: DEMO_PASSWORD, newPwd: 'Abcdef123', newPwdRe: 'Abcdef124' })).json.msg,
      ).toBe('两次输入密码不一致!');
      const weak = await change({ oldPwd: DEMO_PASSWORD, newPwd: 'abcdefgh', newPwdRe: 'abcdefgh' });
      expect(weak.json.code).toBe(400);
      expect(weak.json.msg).toMatch(/8/);
    });

    it('refuses a wrong old password and keeps the password', async () => {
      const { json } = await change({ oldPwd: 'Wrong1234', newPwd: 'Abcdef123', newPwdRe: 'Abcdef123' });
      expect(json).toMatchObject({ code: 400, msg: '旧密码不正确' });
      await expect(login(app, 'sales', DEMO_PASSWORD)).resolves.toBeTruthy();
    });

    it('changes it, ends the other sessions and keeps this one', async () => {
      const other = (await login(app, 'sales')).token;
      const { json } = await change({
        oldPwd: DEMO_PASSWORD,
        newPwd: 'Newpass2027',
        newPwdRe: 'Newpass2027',
      });
      expect(json).toMatchObject({ code: 200, msg: '修改成功' });
      expect((await post(app, PATHS.menu, {}, { token: other })).json.code).toBe(401);
      expect((await call('sales', PATHS.menu)).json.code).toBe(200);
      await expect(login(app, 'sales', DEMO_PASSWORD)).rejects.toThrow();
      await expect(login(app, 'sales', 'Newpass2027')).resolves.toBeTruthy();
    });
  });

  describe('disclaimer and help article', () => {
    it('answers 1 until the user accepts the current version', async () => {
      expect((await call('warehouse', PATHS.queryDisclaimer)).json.data).toBe(1);
      expect((await call('warehouse', PATHS.acceptDisclaimer)).json.code).toBe(200);
      expect((await call('warehouse', PATHS.queryDisclaimer)).json.data).toBe(0);
      expect((await call('trader', PATHS.queryDisclaimer)).json.data).toBe(1);
    });

    it('serves the tenant disclaimer text by its id', async () => {
      const { json } = await call('trader', PATHS.helpArticle, { id: 'demo-disclaimer' });
      expect(json.code).toBe(200);
      expect(json.data).toMatchObject({ name: '免责声明' });
      expect((json.data as { text: string }).text).toContain('测试棉业');
      expect((await call('trader', PATHS.helpArticle, { id: 'nope' })).json.code).toBe(400);
    });
  });

  describe('lookups', () => {
    it('answers the permission codes of a user on a module', async () => {
      expect((await call('trader', PATHS.userPrivileges, { moduleCode: 'partner' })).json.data).toEqual([
        'view',
      ]);
      expect(
        (await call('warehouse', PATHS.userPrivileges, { moduleCode: 'ClientMarginSet' })).json.data,
      ).toEqual([]);
      expect((await call('trader', PATHS.userPrivileges, { moduleCode: 'index' })).json.data).toEqual([
        'view',
      ]);
      expect((await call('admin', PATHS.userPrivileges, { moduleCode: 'partner' })).json.data).toContain(
        'send',
      );
      expect((await call('trader', PATHS.userPrivileges)).json).toMatchObject({
        code: 400,
        msg: '请填写模块编码',
      });
    });

    it('takes JSON bodies as well as forms', async () => {
      const res = await app.inject({
        method: 'POST',
        url: PATHS.userPrivileges,
        payload: { moduleCode: 'partner' },
        headers: { authorization: tokens.trader },
      });
      expect(res.json()).toMatchObject({ code: 200, data: ['view'] });
    });

    it('answers dictionary entries in order, and none for an unknown code', async () => {
      const { json } = await call('trader', PATHS.dictionary, { code: 'partnerKind' });
      expect(json.data).toHaveLength(5);
      expect((json.data as unknown[])[0]).toEqual({ value: 'client', label: '客户', sort: 1 });
      expect((await call('trader', PATHS.dictionary, { code: 'nothing' })).json.data).toEqual([]);
    });

    it("labels contract kinds with the tenant's own terms", async () => {
      const { json } = await call('trader', PATHS.dictionary, { code: 'contractKind' });
      expect((json.data as { label: string }[]).map((e) => e.label)).toEqual([
        '测试现货合同',
        '测试浮动价合同',
        '测试点价',
        '测试暂定价合同',
      ]);
    });

    it('lists partners with their kinds', async () => {
      const all = (await call('trader', PATHS.partnerList)).json.data as {
        id: string;
        name: string;
        kinds: string[];
      }[];
      expect(all.length).toBeGreaterThanOrEqual(5);
      const kinds = new Set(all.flatMap((p) => p.kinds));
      expect([...kinds].sort()).toEqual(['bank', 'broker', 'client', 'supplier', 'warehouse']);
      const banks = (await call('trader', PATHS.partnerList, { kind: 'bank' })).json.data as {
        kinds: string[];
      }[];
      expect(banks.every((b) => b.kinds.includes('bank'))).toBe(true);
      expect((await call('trader', PATHS.partnerList, { kind: 'alien' })).json.code).toBe(400);
    });

    it('answers the CF months trading today, with their last trading day, lot and tick (issue 21)', async () => {
      const { json } = await call('trader', PATHS.instrumentInfo);
      const list = json.data as Instrument[];
      const today = businessDate(NOW, BUSINESS_TIME_ZONE);
      // Six contract months, nearest first, none past its last trading day (the 10th trading day of its month).
      expect(list).toHaveLength(6);
      expect(list.map((i) => i.month)).toEqual([...list.map((i) => i.month)].sort());
      for (const i of list) {
        expect(i.lastTradingDay.slice(0, 7)).toBe(i.month);
        expect(i.lastTradingDay >= today).toBe(true);
        expect(['01', '03', '05', '07', '09', '11']).toContain(i.month.slice(5, 7));
        expect(i).toMatchObject({ exchangeSymbol: `CF${i.symbol.slice(3)}`, lotTonnes: 5, tickYuan: 5 });
      }
    });
  });
});
