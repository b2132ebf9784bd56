import type { FastifyInstance } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { SOCKET_TYPE, type SocketFrame } from '../../../src/shared/api/contract.ts';
import type { ServerContext } from '../context.ts';
import { accessCheck } from '../http/calls.ts';
import { forbidden } from '../http/envelope.ts';
import type { SocketClient } from '../realtime/hub.ts';

/** Heartbeats arrive as {"messageType":"9999"} or as the bare string 9999. */
function isHeartbeat(data: RawData): boolean {
  const text = data.toString().trim();
  if (text === SOCKET_TYPE.heartbeat || text === `"${SOCKET_TYPE.heartbeat}"`) return true;
  try {
    return (JSON.parse(text) as SocketFrame).messageType === SOCKET_TYPE.heartbeat;
  } catch {
    return false;
  }
}

/** /socket/websocket/:userId — the session (token cookie or header) must belong to that user. */
export function socketRoute(app: FastifyInstance, ctx: ServerContext): void {
  const checkSession = accessCheck(ctx, 'session');
  app.get<{ Params: { userId: string } }>(
    '/socket/websocket/:userId',
    {
      websocket: true,
      onRequest: async (request, reply) => {
        await checkSession.call(app, request, reply);
        const { userId } = request.params as { userId: string };
        if (request.userSession?.userId !== userId) throw forbidden('不能订阅其他用户的消息');
      },
    },
    (socket: WebSocket, request) => {
      const session = request.userSession!;
      const client: SocketClient = {
        socket,
        userId: session.userId,
        tokenHash: session.tokenHash,
        expiresAt: session.expiresAt,
        lastSeen: Date.now(),
      };
      if (!ctx.hub.add(client)) return;
      socket.on('message', (data) => {
        client.lastSeen = Date.now();
        if (isHeartbeat(data)) socket.send(JSON.stringify({ messageType: SOCKET_TYPE.heartbeat }));
      });
      socket.on('close', () => ctx.hub.remove(client));
    },
  );
}
