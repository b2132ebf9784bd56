// Bad input named in issue 15: each answers 400 with a message a person can act on and changes nothing.
import { moduleResource, role, user, userGroup } from '../../../src/areas/access/index.ts';
import { POSITIONS_PATH } from '../../../src/areas/hedging/api.ts';
import { clientMarginMovement } from '../../../src/areas/margin/index.ts';
import { partner } from '../../../src/areas/partners/index.ts';
import { dictionary } from '../../../src/areas/settings/index.ts';
import { outboundAppointment } from '../../../src/areas/warehouse/services.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { PATHS } from '../../../src/shared/api/contract.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('bad input on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let server: Awaited<ReturnType<typeof startApp>>;
  let admin: string;
  const { call, records } = resourceCalls(() => server.app);
  const refused = async (url: string, body: Body, message: RegExp) => {
    const { json } = await post(server.app, url, body, { token: admin });
    expect(json.code, JSON.stringify(json)).toBe(400);
    expect(json.msg).toMatch(message);
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    server = await startApp(env.db);
    admin = (await login(server.app, 'admin')).token;
  });
  afterAll(async () => {
    await server?.app.close();
    await env?.drop();
  });

  it('refuses malformed line items instead of deleting the existing ones', async () => {
    const [withContacts] = await records(admin, partner, { name: '中信期货有限公司' });
    const { json: detail } = await call(admin, partner, 'detail', { id: withContacts!.id });
    const before = (detail.data as Row).contacts;
    expect(before).not.toEqual([]);
    for (const contacts of ['not-json', '[null]', '{"name":"x"}'])
      await refused(
        resourcePath(partner, 'save'),
        { id: withContacts!.id, name: 'x', kinds: (detail.data as Row).kinds as string[], contacts },
        /明细格式不正确/,
      );
    const { json: after } = await call(admin, partner, 'detail', { id: withContacts!.id });
    expect((after.data as Row).contacts).toEqual(before);
  });

  it('refuses a role whose permission lines are not JSON, keeping its grants', async () => {
    const [trader] = await records(admin, role, { name: '交易员' });
    await refused(
      resourcePath(role, 'save'),
      { id: trader!.id, name: '交易员', code: String(trader!.code), permissions: 'not-json' },
      /明细格式不正确/,
    );
    expect((await login(server.app, 'trader')).token).toBeTruthy();
    const { json } = await post(
      server.app,
      PATHS.menu,
      {},
      { token: (await login(server.app, 'trader')).token },
    );
    expect((json as unknown as { menu: unknown[] }).menu.length).toBeGreaterThan(0);
  });

  it('refuses group members who are no users, and a yes/no field holding other text', async () => {
    await refused(resourcePath(userGroup, 'save'), { name: '不存在的成员', memberIds: ['999999'] }, /不存在/);
    expect(await records(admin, userGroup, { name: '不存在的成员' })).toEqual([]);
    const [first] = await records(admin, moduleResource);
    await refused(resourcePath(moduleResource, 'save'), { id: first!.id, hidden: 'maybe' }, /格式不正确/);
  });

  it('refuses values the database cannot hold, naming the field', async () => {
    await refused(resourcePath(partner, 'list'), { page_no: '1e309' }, /页码格式不正确/);
    await refused(resourcePath(user, 'detail'), { id: 'abc' }, /记录编号格式不正确/);
    await refused(resourcePath(user, 'save'), { loginName: 'nul\u0000name' }, /无法保存的字符/);
    await refused(PATHS.login, { username: 'admin\u0000', password: 'x' }, /无法保存的字符/);
    await refused(resourcePath(user, 'save'), { relName: ['张三', '李四'], loginName: 'two' }, /格式不正确/);
  });

  it('refuses a caller without the right before reading what they sent (403, not what is wrong with it)', async () => {
    const { token } = await login(server.app, 'trader');
    // Before: the body was judged first, so the trader learnt it was malformed (400) rather than refused.
    const bodies: Body[] = [
      { relName: ['张三', '李四'], loginName: 'two' },
      { id: '1', phone: 'x'.repeat(20_001) },
    ];
    for (const body of bodies)
      expect((await post(server.app, resourcePath(user, 'save'), body, { token })).json).toEqual({
        code: 403,
        msg: '暂无权限',
      });
    const transition = { id: ['abc'], action: 'approve', comment: 'x'.repeat(5000) };
    expect((await post(server.app, resourcePath(user, 'transition'), transition, { token })).json.code).toBe(
      403,
    );
  });

  it('refuses a JSON number, flag, null or object where text is declared, storing nothing', async () => {
    for (const name of [true, 42, null, { text: 'x' }]) {
      const res = await server.app.inject({
        method: 'POST',
        url: resourcePath(partner, 'save'),
        payload: JSON.stringify({ name, kinds: ['client'] }),
        headers: { 'content-type': 'application/json', authorization: admin },
      });
      expect(res.json(), JSON.stringify(name)).toMatchObject({
        code: 400,
        msg: expect.stringMatching(/应为文本/),
      });
    }
    // Before: a JSON true was stored as the name "true".
    for (const name of ['true', '42', ''])
      expect(await records(admin, partner, { name })).not.toContainEqual(expect.objectContaining({ name }));
  });

  it('refuses a partner of another kind than the field asks for: no client margin for a supplier', async () => {
    const [supplier] = await env.db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('只是供应商', '{supplier}') returning id::text`,
    );
    const deposit = { partnerId: supplier!.id, kind: 'deposit', amount: '1000', occurredOn: '2026-11-20' };
    await refused(resourcePath(clientMarginMovement, 'save'), deposit, /所选往来单位不是客户/);
    expect(await records(admin, clientMarginMovement, { partnerId: supplier!.id })).toEqual([]);
  });

  it('refuses a day that is not on the calendar in words', async () => {
    await refused(POSITIONS_PATH, { day: '2026-13-45' }, /日期格式不正确/);
    await refused(POSITIONS_PATH, { day: '2026-02-30' }, /日期格式不正确/);
  });

  it('ends a session whose logout carried a NUL byte: logout reads nothing of its body', async () => {
    const { token } = await login(server.app, 'risk');
    const out = await post(server.app, PATHS.logout, { reason: 'a\u0000b' }, { token });
    expect(out.json.code).toBe(200);
    expect((await post(server.app, PATHS.menu, {}, { token })).json.code).toBe(401);
  });

  it('reads an empty roleIds= as no role chosen', async () => {
    const departmentId = String((await records(admin, user, { loginName: 'admin' }))[0]!.departmentId);
    const body = {
      loginName: 'noroles',
      relName: '无角色',
      phone: '13900000001',
      departmentId,
      roleIds: [''],
    };
    await refused(resourcePath(user, 'save'), body, /角色：此项为必填项/);
    expect(await records(admin, user, { loginName: 'noroles' })).toEqual([]);
  });

  it('answers a caller without the right the same whether the record exists or not', async () => {
    const { token } = await login(server.app, 'trader');
    const [existing] = await records(admin, outboundAppointment);
    const answers = [];
    for (const id of [existing?.id ?? '1', '999999'])
      answers.push(
        (
          await post(
            server.app,
            resourcePath(outboundAppointment, 'transition'),
            { id, action: 'finishOutbound' },
            { token },
          )
        ).json,
      );
    expect(answers).toEqual([answers[1], { code: 403, msg: '暂无权限' }]);
  });

  it("keeps the administrator's dictionary screen from other roles, which still read the words", async () => {
    const { token } = await login(server.app, 'trader');
    expect((await post(server.app, resourcePath(dictionary, 'list'), {}, { token })).json.code).toBe(403);
    const words = await post(server.app, PATHS.dictionary, { code: 'partnerKind' }, { token });
    expect(words.json.code).toBe(200);
  });
});
