// Server messages reach a session in its language (issue 27, "in every language"): the server writes its
// messages in zh-chs; an English request reads every refusal, its field messages included, in English.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { partner } from '../../src/areas/partners/resources.ts';
import { resourcePath } from '../../src/framework/resource/index.ts';
import { PATHS } from '../../src/shared/api/contract.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../test/harness.ts';
import { serverMessageSources } from '../test/serverMessages.ts';
import { loadMessageTranslator } from './i18n.ts';

const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;
const english = loadMessageTranslator('en');

test('every refusal the server writes reads in English (the class of untranslated server messages)', () => {
  const sources = serverMessageSources(path.resolve(import.meta.dirname, '../..'));
  expect(sources.length).toBeGreaterThan(250);
  // What each message interpolates is business data here (a contract no., a figure), in Latin letters.
  const untranslated = sources
    .map(({ pattern, file }) => {
      const sample = pattern.replace(/\{(\d+)\}/g, (_, n: string) => `A${n}`);
      return { file, pattern, english: english(sample) };
    })
    .filter((message) => CJK.test(message.english));
  expect(untranslated).toEqual([]);
});

test('a message is translated with the parts it interpolates: labels, domain refusals, joined reasons', () => {
  expect(english('批号 65001251001 已在未结销售合同 XS202611-0001 中，不能再次销售')).toBe(
    'Batch 65001251001 is already in the open sale XS202611-0001 and cannot be sold again',
  );
  // A field's label and its validation message come from the app's own words.
  expect(english('请填写打印页面')).toBe('Please fill in Print page');
  expect(
    english('该合同超出业务审批权限，需风控审批：可用保证金只有 10 元，不足 20 元；合同 CG1 重复关联'),
  ).toBe(
    "The contract is beyond the desk's approval limits and needs risk approval: Only 10 CNY of margin is available, less than 20 CNY; Contract CG1 is linked twice",
  );
  expect(loadMessageTranslator('zh-chs')('记录不存在或已被删除')).toBe('记录不存在或已被删除');
});

describe.each(BACKENDS)('messages of an English session on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const inEnglish = { 'accept-language': 'en' };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('refuses a login, a save and a call without the right in English, and in Chinese by default', async () => {
    const wrong = { username: 'admin', password: 'not-the-password' };
    expect((await post(app, PATHS.login, wrong, { headers: inEnglish })).json).toMatchObject({
      code: 400,
      msg: 'Wrong user name or password',
    });
    expect((await post(app, PATHS.login, wrong)).json.msg).toBe('用户名或密码错误');

    const { token } = await login(app, 'admin');
    const { json: refused } = await post(
      app,
      resourcePath(partner, 'save'),
      { name: '', kinds: 'client', creditCode: 'not a code' },
      { token, headers: inEnglish },
    );
    expect(refused.code).toBe(400);
    const messages = [refused.msg, ...Object.values((refused.data as { fields: object }).fields)];
    expect(messages.filter((message) => CJK.test(String(message)))).toEqual([]);

    const { token: warehouse } = await login(app, 'warehouse');
    const { json: forbidden } = await post(
      app,
      resourcePath(partner, 'delete'),
      { id: '1' },
      { token: warehouse, headers: inEnglish },
    );
    expect(forbidden).toMatchObject({ code: 403 });
    expect(forbidden.msg).not.toMatch(CJK);
  });
});
