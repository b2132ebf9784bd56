import type { WebSocket } from 'ws';
import { SOCKET_TYPE, type SocketFrame } from '../../../src/shared/api/contract.ts';
import { HEARTBEAT_TIMEOUT_MS } from '../../../src/shared/constants.ts';
import type { Db } from '../db/index.ts';
import { formatDateTime } from '../time.ts';
import { endsSession, parseEvent, type RealtimeEvent } from './events.ts';

export interface SocketClient {
  socket: WebSocket;
  userId: string;
  tokenHash: string;
  expiresAt: Date;
  lastSeen: number;
}

/** Close codes in the private range, with reasons a client log can show. */
export const CLOSE = {
  sessionEnded: { code: 4001, reason: 'session ended' },
  silent: { code: 4000, reason: 'no heartbeat' },
  shutdown: { code: 1001, reason: 'server shutting down' },
} as const;

const send = (c: SocketClient, frame: SocketFrame) => {
  if (c.socket.readyState === c.socket.OPEN) c.socket.send(JSON.stringify(frame));
};

/**
 * One browser tab holds one socket; a session may have several tabs open, not unlimited sockets: the
 * default of the server setting `--sockets-per-session` (SOCKETS_PER_SESSION).
 */
export const DEFAULT_SOCKETS_PER_SESSION = 8;

/** The close of a socket past the session's cap (1008: policy violation), saying the cap. */
export const tooManySockets = (cap: number) => ({
  code: 1008,
  reason: `too many sockets for this session (at most ${cap})`,
});

/** The sockets this process holds, and delivery of database events to them. */
export class SocketHub {
  private readonly byUser = new Map<string, Set<SocketClient>>();
  private stopListening: (() => Promise<void>) | undefined;
  private sweeper: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    private readonly timeZone: string,
    /** Sockets one session may hold at once; a further one is closed with a reason. */
    private readonly socketsPerSession = DEFAULT_SOCKETS_PER_SESSION,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.db.listen((payload) => {
      const event = parseEvent(payload);
      if (event) this.deliver(event).catch(() => {});
    });
    this.sweeper = setInterval(() => this.sweep(), HEARTBEAT_TIMEOUT_MS);
    this.sweeper.unref();
  }

  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Adds a socket; one session holds at most socketsPerSession, a further one is closed at once. */
  add(client: SocketClient): boolean {
    const set = this.byUser.get(client.userId) ?? new Set();
    const ofSession = [...set].filter((c) => c.tokenHash === client.tokenHash).length;
    if (ofSession >= this.socketsPerSession) {
      const { code, reason } = tooManySockets(this.socketsPerSession);
      client.socket.close(code, reason);
      return false;
    }
    set.add(client);
    this.byUser.set(client.userId, set);
    return true;
  }

  remove(client: SocketClient): void {
    const set = this.byUser.get(client.userId);
    set?.delete(client);
    if (set?.size === 0) this.byUser.delete(client.userId);
  }

  async deliver(event: RealtimeEvent): Promise<void> {
    if (event.kind === 'dataChanged') {
      // The frame names what changed, never a record: every socket may hear it and refetches what it shows.
      const frame: SocketFrame = { messageType: SOCKET_TYPE.dataChanged, changed: event.topics };
      for (const set of this.byUser.values()) for (const c of set) send(c, frame);
      return;
    }
    const clients = this.byUser.get(event.userId);
    if (!clients?.size) return;
    if (event.kind === 'sessionsEnded') {
      for (const c of [...clients]) if (endsSession(event, c.tokenHash)) this.endSession(c);
      return;
    }
    const frame = await this.notificationFrame(event.messageId);
    if (frame) for (const c of clients) send(c, frame);
  }

  private async notificationFrame(messageId: string): Promise<SocketFrame | undefined> {
    const [m] = await this.db.query<{ message_type: string; message: string; created_at: Date }>(
      'select message_type, message, created_at from messages where id = $1',
      [messageId],
    );
    if (!m) return undefined;
    return {
      messageType: SOCKET_TYPE.notification,
      result: m.message,
      notice: {
        id: messageId,
        messageType: m.message_type,
        createTime: formatDateTime(m.created_at, this.timeZone),
      },
    };
  }

  /** 6666 tells the client to reconnect, which then lands on the login page. */
  private endSession(c: SocketClient): void {
    send(c, { messageType: SOCKET_TYPE.reconnect });
    c.socket.close(CLOSE.sessionEnded.code, CLOSE.sessionEnded.reason);
    this.remove(c);
  }

  /** Ends sockets whose session expired and drops those silent for three heartbeat timeouts. */
  sweep(): void {
    const now = this.clock().getTime();
    for (const set of this.byUser.values())
      for (const c of [...set]) {
        if (c.expiresAt.getTime() <= now) this.endSession(c);
        else if (Date.now() - c.lastSeen > 3 * HEARTBEAT_TIMEOUT_MS) {
          c.socket.close(CLOSE.silent.code, CLOSE.silent.reason);
          this.remove(c);
        }
      }
  }

  async stop(): Promise<void> {
    clearInterval(this.sweeper);
    for (const set of this.byUser.values())
      for (const c of set) c.socket.close(CLOSE.shutdown.code, CLOSE.shutdown.reason);
    this.byUser.clear();
    await this.stopListening?.();
  }
}
