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

/** A message sent from inside a document's transaction (a hook), by whoever acts. */
export const sendFromHook = (
  hook: { db: Queryable; channel: string; now: Date; actor: { userId: string } },
  message: Omit<NewMessage, 'createdBy'>,
) =>
  createMessage(hook.db, { channel: hook.channel }, { ...message, createdBy: hook.actor.userId }, hook.now);
