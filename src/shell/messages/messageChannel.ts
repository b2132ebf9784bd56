import { PATHS, SOCKET_TYPE, type SocketFrame } from '../../shared/api/contract.ts';
import { HEARTBEAT_INTERVAL_MS, HEARTBEAT_TIMEOUT_MS } from '../../shared/constants.ts';

/** ws on http, wss on https, same host as the page (spec 7). */
export function socketUrl(userId: string, location: Pick<Location, 'protocol' | 'host'> = window.location) {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${location.host}${PATHS.socket(userId)}`;
}

export interface ChannelOptions {
  url: string;
  /** A 0000 frame: a notification whose result is markdown. */
  onNotification: (frame: SocketFrame) => void;
  /** A 6666 frame, after the reconnect it orders (the server sends it when the session ended). */
  onReconnectOrder?: () => void;
  /** A 7000 frame: records of these API bases (`<area>/<resource>`) changed on the server. */
  onDataChanged?: (changed: string[]) => void;
}

const HEARTBEAT_FRAME = JSON.stringify({ messageType: SOCKET_TYPE.heartbeat });

function parseFrame(data: unknown): SocketFrame | null {
  if (typeof data !== 'string') return null;
  try {
    const frame: unknown = JSON.parse(data);
    return typeof frame === 'object' && frame !== null && 'messageType' in frame
      ? (frame as SocketFrame)
      : null;
  } catch {
    return null;
  }
}

/** Wait before the n-th retry after a close: at once, then doubling from 1 s up to the heartbeat timeout. */
export function retryDelayMs(attempt: number): number {
  return attempt === 0 ? 0 : Math.min(HEARTBEAT_TIMEOUT_MS, 1_000 * 2 ** (attempt - 1));
}

/**
 * The real-time channel: sends a 9999 heartbeat every 5 s and reconnects when no 9999 reply came for
 * over 15 s (a silent socket), or when the server sends 6666. A socket that closes is retried at once,
 * then with backoff until a frame arrives again (a server restart).
 */
export class MessageChannel {
  private socket: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private lastReplyAt = 0;
  private failedAttempts = 0;
  private retry: ReturnType<typeof setTimeout> | undefined;

  constructor(private readonly options: ChannelOptions) {}

  start() {
    this.connect();
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_INTERVAL_MS);
  }

  stop() {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    clearTimeout(this.retry);
    this.disconnect();
  }

  reconnect() {
    clearTimeout(this.retry);
    this.disconnect();
    this.connect();
  }

  private connect() {
    const socket = new WebSocket(this.options.url);
    socket.onmessage = (event) => this.receive(event.data);
    socket.onclose = () => this.retryAfterClose();
    this.socket = socket;
    this.lastReplyAt = Date.now();
  }

  private disconnect() {
    const socket = this.socket;
    if (!socket) return;
    socket.onmessage = null;
    socket.onclose = null;
    socket.close();
    this.socket = null;
  }

  private retryAfterClose() {
    this.socket = null;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => this.reconnect(), retryDelayMs(this.failedAttempts));
    this.failedAttempts += 1;
  }

  private beat() {
    if (Date.now() - this.lastReplyAt > HEARTBEAT_TIMEOUT_MS) return this.reconnect();
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(HEARTBEAT_FRAME);
  }

  private receive(data: unknown) {
    const frame = parseFrame(data);
    if (!frame) return;
    this.failedAttempts = 0;
    if (frame.messageType === SOCKET_TYPE.heartbeat) this.lastReplyAt = Date.now();
    else if (frame.messageType === SOCKET_TYPE.reconnect) {
      this.reconnect();
      this.options.onReconnectOrder?.();
    } else if (frame.messageType === SOCKET_TYPE.notification) this.options.onNotification(frame);
    else if (frame.messageType === SOCKET_TYPE.dataChanged && Array.isArray(frame.changed))
      this.options.onDataChanged?.(frame.changed.filter((base) => typeof base === 'string'));
  }
}
