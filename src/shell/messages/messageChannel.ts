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

/**
 * The real-time channel: sends a 9999 heartbeat every 5 s and reconnects when no 9999 reply came for
 * over 15 s, or when the server sends 6666. A closed socket is left to the same silence rule.
 */
export class MessageChannel {
  private socket: WebSocket | null = null;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private lastReplyAt = 0;

  constructor(private readonly options: ChannelOptions) {}

  start() {
    this.connect();
    this.heartbeat = setInterval(() => this.beat(), HEARTBEAT_INTERVAL_MS);
  }

  stop() {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    this.disconnect();
  }

  reconnect() {
    this.disconnect();
    this.connect();
  }

  private connect() {
    const socket = new WebSocket(this.options.url);
    socket.onmessage = (event) => this.receive(event.data);
    this.socket = socket;
    this.lastReplyAt = Date.now();
  }

  private disconnect() {
    const socket = this.socket;
    if (!socket) return;
    socket.onmessage = null;
    socket.close();
    this.socket = null;
  }

  private beat() {
    if (Date.now() - this.lastReplyAt > HEARTBEAT_TIMEOUT_MS) return this.reconnect();
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(HEARTBEAT_FRAME);
  }

  private receive(data: unknown) {
    const frame = parseFrame(data);
    if (!frame) return;
    if (frame.messageType === SOCKET_TYPE.heartbeat) this.lastReplyAt = Date.now();
    else if (frame.messageType === SOCKET_TYPE.reconnect) {
      this.reconnect();
      this.options.onReconnectOrder?.();
    } else if (frame.messageType === SOCKET_TYPE.notification) this.options.onNotification(frame);
  }
}
