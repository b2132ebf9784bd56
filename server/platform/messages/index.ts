import type { FastifyInstance } from 'fastify';
import {
  type MessageDetail,
  type MessageDetailRequest,
  type MessageListAnswer,
  type MessageSendRequest,
  type MessageSummary,
  PATHS,
  type Page,
} from '../../../src/shared/api/contract.ts';
import { MESSAGE_PAGE_SIZE } from '../../../src/shared/constants.ts';
import { API_MODULES } from '../access/permissions.ts';
import type { ServerContext } from '../context.ts';
import type { Queryable } from '../db/index.ts';
import { defineCall, signedIn } from '../http/calls.ts';
import { ok } from '../http/envelope.ts';
import { formatDateTime } from '../time.ts';
import { socketRoute } from './socket.ts';
import { createMessage } from './store.ts';

const messageType = {
  type: 'string',
  title: '消息类型',
  pattern: '^\\d{1,10}$',
  description: '应为数字编码',
};

function listCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall(app, ctx, {
    path: PATHS.messageList,
    access: 'session',
    handle: async (call) => {
      const rows = await ctx.db.query<{ message_type: string; unread: number; updated: Date }>(
        `select message_type, count(*) filter (where read_state = 0)::int as unread, max(created_at) as updated
           from messages where user_id = $1 group by message_type order by max(created_at) desc, message_type`,
        [signedIn(call).userId],
      );
      const datas: MessageSummary[] = rows.map((r) => ({
        messageType: r.message_type,
        unreadCount: r.unread,
        updateTime: formatDateTime(r.updated, ctx.timeZone),
      }));
      const answer: MessageListAnswer = { code: 200, msg: '操作成功', datas };
      return answer;
    },
  });
}

/** A page of one type's messages, newest first; they count as read once returned (readState shows the state before). */
function detailCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<MessageDetailRequest>(app, ctx, {
    path: PATHS.messageDetail,
    access: 'session',
    changes: true,
    body: {
      type: 'object',
      required: ['messageType'],
      properties: {
        messageType,
        page_no: { type: 'integer', title: '页码', minimum: 1, default: 1 },
        size: { type: 'integer', title: '每页条数', minimum: 1, maximum: 50, default: MESSAGE_PAGE_SIZE },
      },
    },
    handle: async (call) => {
      const { userId } = signedIn(call);
      const { messageType: type, page_no, size } = call.body;
      const rows = await call.db.query<{
        id: string;
        message: string;
        read_state: number;
        created_at: Date;
        total: number;
      }>(
        `select id::text, message, read_state, created_at, count(*) over ()::int as total
           from messages where user_id = $1 and message_type = $2
          order by messages.id desc limit $3 offset $4`,
        [userId, type, size, (page_no - 1) * size],
      );
      const unread = rows.filter((r) => r.read_state === 0).map((r) => r.id);
      if (unread.length > 0)
        await call.db.query('update messages set read_state = 1, read_at = $2 where id = any($1::bigint[])', [
          unread,
          call.now,
        ]);
      call.record = unread.length > 0 ? { detail: { messageType: type, read: unread } } : { skip: true };
      const total = rows[0]?.total ?? (await countOfType(call.db, userId, type));
      const page: Page<MessageDetail> = {
        records: rows.map((r) => ({
          id: r.id,
          message: r.message,
          readState: r.read_state === 1 ? 1 : 0,
          createTime: formatDateTime(r.created_at, ctx.timeZone),
        })),
        total,
        pages: Math.ceil(total / size),
        size,
      };
      return ok(page);
    },
  });
}

async function countOfType(db: Queryable, userId: string, type: string) {
  const [row] = await db.query<{ n: number }>(
    'select count(*)::int as n from messages where user_id = $1 and message_type = $2',
    [userId, type],
  );
  return row?.n ?? 0;
}

function sendCall(app: FastifyInstance, ctx: ServerContext) {
  defineCall<MessageSendRequest>(app, ctx, {
    path: PATHS.messageSend,
    access: { module: API_MODULES.message, permission: 'send' },
    changes: true,
    body: {
      type: 'object',
      required: ['loginName', 'messageType', 'message'],
      properties: {
        loginName: { type: 'string', title: '接收人账号', minLength: 1, maxLength: 64 },
        messageType,
        message: { type: 'string', title: '消息内容', minLength: 1, maxLength: 10_000 },
      },
    },
    handle: async (call) => {
      const created = await createMessage(
        call.db,
        ctx.db,
        { ...call.body, createdBy: signedIn(call).userId },
        call.now,
      );
      return ok(created, '发送成功');
    },
  });
}

export async function messageModule(app: FastifyInstance, opts: { ctx: ServerContext }): Promise<void> {
  listCall(app, opts.ctx);
  detailCall(app, opts.ctx);
  sendCall(app, opts.ctx);
  socketRoute(app, opts.ctx);
}
