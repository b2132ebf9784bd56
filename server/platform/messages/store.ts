import type { Db, Queryable } from '../db/index.ts';
import { badRequest } from '../http/envelope.ts';
import { publish } from '../realtime/events.ts';

export interface NewMessage {
  loginName: string;
  messageType: string;
  message: string;
  createdBy?: string;
}

/** Creates a message inside tx; its notification goes out to every server process when tx commits. */
export async function createMessage(
  tx: Queryable,
  db: Pick<Db, 'channel'>,
  m: NewMessage,
  now: Date,
): Promise<{ id: string }> {
  const [user] = await tx.query<{ id: string }>('select id::text from users where login_name = $1', [
    m.loginName,
  ]);
  if (!user) throw badRequest(`用户不存在：${m.loginName}`);
  const [type] = await tx.query('select 1 from message_types where code = $1', [m.messageType]);
  if (!type) throw badRequest(`未知的消息类型：${m.messageType}`);
  const [row] = await tx.query<{ id: string }>(
    `insert into messages (user_id, message_type, message, created_at, created_by)
     values ($1, $2, $3, $4, $5) returning id::text`,
    [user.id, m.messageType, m.message, now, m.createdBy ?? null],
  );
  await publish(tx, db.channel, { kind: 'message', userId: user.id, messageId: row!.id });
  return { id: row!.id };
}

/**
 * Creates many messages inside tx in one statement, each notified at commit (a settlement price raising a
 * thousand margin calls tells their salespeople and risk at once). Without a channel (a seed) they are only
 * kept for the bell.
 */
export async function createMessages(
  tx: Queryable,
  db: Pick<Db, 'channel'>,
  messages: readonly NewMessage[],
  now: Date,
): Promise<void> {
  if (messages.length === 0) return;
  const types = [...new Set(messages.map((m) => m.messageType))];
  const [known] = await tx.query<{ n: number }>(
    'select count(*)::int as n from message_types where code = any($1::text[])',
    [types],
  );
  if (known!.n !== types.length) throw badRequest(`未知的消息类型：${types.join('、')}`);
  const rows = await tx.query<{ id: string; userId: string }>(
    `insert into messages (user_id, message_type, message, created_at, created_by)
     select u.id, v.type, v.message, $5, v.by::bigint
       from unnest($1::text[], $2::text[], $3::text[], $4::text[]) with ordinality as v(login, type, message, by, n)
       join users u on u.login_name = v.login
      order by v.n
     returning id::text, user_id::text as "userId"`,
    [
      messages.map((m) => m.loginName),
      messages.map((m) => m.messageType),
      messages.map((m) => m.message),
      messages.map((m) => m.createdBy ?? null),
      now,
    ],
  );
  if (rows.length !== messages.length) throw badRequest('消息的收件用户不存在');
  if (db.channel)
    await tx.query(
      `select pg_notify($1, json_build_object('kind', 'message', 'userId', v.u, 'messageId', v.m)::text)
         from unnest($2::text[], $3::text[]) as v(u, m)`,
      [db.channel, rows.map((row) => row.userId), rows.map((row) => row.id)],
    );
}

/** A message sent from inside a document's transaction (a hook), by whoever acts. */
export const sendFromHook = (
  hook: { db: Queryable; channel: string; now: Date; actor: { userId: string } },
  message: Omit<NewMessage, 'createdBy'>,
) =>
  createMessage(hook.db, { channel: hook.channel }, { ...message, createdBy: hook.actor.userId }, hook.now);
