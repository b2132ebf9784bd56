import { WebSocket } from 'ws';
import type { SocketFrame } from '../../src/shared/api/contract.ts';

export interface TestSocket {
  ws: WebSocket;
  /** The next frame received (frames are queued, none is lost between calls). */
  next: () => Promise<SocketFrame>;
  closed: Promise<{ code: number; reason: string }>;
}

/** Opens a real socket; rejects with the HTTP status when the upgrade is refused. */
export function openSocket(
  base: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<TestSocket> {
  const ws = new WebSocket(`${base.replace(/^http/, 'ws')}${path}`, { headers });
  const frames: SocketFrame[] = [];
  const waiters: ((f: SocketFrame) => void)[] = [];
  ws.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as SocketFrame;
    const waiter = waiters.shift();
    if (waiter) waiter(frame);
    else frames.push(frame);
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  const next = () =>
    new Promise<SocketFrame>((resolve) => {
      const queued = frames.shift();
      if (queued) resolve(queued);
      else waiters.push(resolve);
    });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws, next, closed }));
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    ws.once('error', reject);
  });
}
