// npm run message -- --to trader --text "合同 **HT-1** 已审批" [--type 1000004] [--tenant jees] [--direct] [--port 9100 …]
// Takes the server's flags (and variables) the way the server does, so it reaches the server they describe.
// Creates a message for a user; the user's open sockets get it as a 0000 notification.
// Through the running server (logging in as an administrator) by default; --direct writes to the tenant's
// database instead (fine on PostgreSQL, where every server process hears it; on PGlite only while no server runs,
// as one PGlite folder belongs to one process).
import os from 'node:os';
import { databaseTarget, type ServerConfig } from '../server/config.ts';
import { openDatabase } from '../server/platform/db/index.ts';
import { recordOperation } from '../server/platform/http/operationRecord.ts';
import { createMessage } from '../server/platform/messages/store.ts';
import { type Envelope, type LoginData, PATHS } from '../src/shared/api/contract.ts';
import { type MessageArgs, readMessageArgs } from './messageArgs.ts';

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

async function viaServer(args: MessageArgs) {
  const { base, input } = args;
  const { token } = await postForm<LoginData>(base, PATHS.login, {
    username: args.as,
    password: args.password,
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
  const args = readMessageArgs(process.argv.slice(2), process.env);
  const { config, tenant, input } = args;
  if (args.direct) {
    console.log(`message ${await direct(config, tenant, input)} stored for ${input.to} (${tenant}, direct)`);
    return;
  }
  console.log(`message ${await viaServer(args)} sent to ${input.to} through ${args.base}`);
}

main().catch((error) => {
  const cause = error instanceof Error && error.cause instanceof Error ? ` (${error.cause.message})` : '';
  console.error(`${error instanceof Error ? error.message : error}${cause}`);
  process.exit(1);
});
