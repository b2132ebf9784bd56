// npm run message -- --to trader --text "合同 **HT-1** 已审批" [--type 1000004] [--tenant jees] [--direct]
// Creates a message for a user; the user's open sockets get it as a 0000 notification.
// Through the running server (logging in as an administrator) by default; --direct writes to the tenant's
// database instead (fine on PostgreSQL, where every server process hears it; on PGlite only while no server runs,
// as one PGlite folder belongs to one process).
import os from 'node:os';
import { parseArgs } from 'node:util';
import { databaseTarget, readConfig, type ServerConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/index.ts';
import { DEMO_PASSWORD } from '../server/db/seed/data.ts';
import { recordOperation } from '../server/http/operationRecord.ts';
import { createMessage } from '../server/modules/message/store.ts';
import { type Envelope, type LoginData, PATHS } from '../src/shared/api/contract.ts';

const { values } = parseArgs({
  options: {
    tenant: { type: 'string' },
    to: { type: 'string' },
    type: { type: 'string', default: '1000003' },
    text: { type: 'string' },
    direct: { type: 'boolean', default: false },
    url: { type: 'string' },
    as: { type: 'string', default: process.env.MESSAGE_ADMIN ?? 'admin' },
    password: { type: 'string', default: process.env.MESSAGE_PASSWORD ?? DEMO_PASSWORD },
  },
  strict: false,
});

const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

async function postForm<T>(base: string, path: string, body: Record<string, string>, token?: string) {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(token ? { authorization: token } : {}),
    },
    body: new URLSearchParams(body),
  });
  const answer = (await res.json()) as Envelope<T>;
  if (answer.code !== 200) throw new Error(`${path}: ${answer.msg ?? answer.code}`);
  return answer.data as T;
}

async function viaServer(base: string, input: { to: string; type: string; text: string }) {
  const { token } = await postForm<LoginData>(base, PATHS.login, {
    username: str(values.as)!,
    password: str(values.password)!,
  });
  const sent = await postForm<{ id: string }>(
    base,
    PATHS.messageSend,
    { loginName: input.to, messageType: input.type, message: input.text },
    token,
  );
  await postForm(base, PATHS.logout, {}, token).catch(() => {});
  return sent.id;
}

async function direct(
  config: ServerConfig,
  tenant: string,
  input: { to: string; type: string; text: string },
) {
  const db = await openDatabase(databaseTarget(config, tenant));
  try {
    return await db.transaction(async (tx) => {
      const now = new Date();
      const created = await createMessage(
        tx,
        db,
        { loginName: input.to, messageType: input.type, message: input.text },
        now,
      );
      await recordOperation(tx, {
        userId: undefined,
        loginName: `cli:${os.userInfo().username}`,
        action: 'message:cli',
        detail: { loginName: input.to, messageType: input.type, id: created.id },
        address: os.hostname(),
        at: now,
      });
      return created.id;
    });
  } finally {
    await db.close();
  }
}

async function main() {
  const to = str(values.to);
  const text = str(values.text);
  if (!to || !text)
    throw new Error(
      'Usage: npm run message -- --to <loginName> --text <markdown> [--type 1000003] [--tenant code] [--direct] [--url http://host:port]',
    );
  const config = readConfig([], process.env);
  const tenant = str(values.tenant) ?? config.tenants[0]!;
  if (!config.tenants.includes(tenant))
    throw new Error(`Unknown tenant ${tenant}; known: ${config.tenants.join(', ')}.`);
  const input = { to, type: str(values.type)!, text };
  if (values.direct) {
    console.log(`message ${await direct(config, tenant, input)} stored for ${to} (${tenant}, direct)`);
    return;
  }
  const base =
    str(values.url) ??
    `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.ports[tenant]}`;
  console.log(`message ${await viaServer(base, input)} sent to ${to} through ${base}`);
}

main().catch((error) => {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`${error instanceof Error ? error.message : error}${cause}`);
  process.exit(1);
});
