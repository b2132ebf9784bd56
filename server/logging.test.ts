// npm start's log (issue 27, set-up): the summary a newcomer needs must not scroll away under request logs, so
// requests are logged at info only when asked (--log-requests), server errors always.
import { Writable } from 'node:stream';
import { PATHS } from '../src/shared/api/contract.ts';
import { readConfig } from './config.ts';
import { openTestDb, post, startApp } from './test/harness.ts';

let env: Awaited<ReturnType<typeof openTestDb>>;
beforeAll(async () => {
  env = await openTestDb({ name: 'pglite' });
});
afterAll(async () => {
  await env?.drop();
});

async function linesLogged(logRequests: boolean): Promise<string[]> {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const { app } = await startApp(env.db, undefined, undefined, {
    logger: { level: 'info', stream },
    logRequests,
  });
  try {
    await post(app, PATHS.login, { username: 'admin', password: 'wrong' });
    await app.inject({ method: 'GET', url: '/healthz' });
  } finally {
    await app.close();
  }
  return lines;
}

test('requests are not logged unless asked for', async () => {
  expect(
    (await linesLogged(false)).filter((line) => /incoming request|request completed/.test(line)),
  ).toEqual([]);
  expect((await linesLogged(true)).filter((line) => /request completed/.test(line))).toHaveLength(2);
});

test('--log-requests and LOG_REQUESTS=1 ask for them', () => {
  expect(readConfig([], {}).logRequests).toBe(false);
  expect(readConfig(['--log-requests'], {}).logRequests).toBe(true);
  expect(readConfig([], { LOG_REQUESTS: '1' }).logRequests).toBe(true);
});
