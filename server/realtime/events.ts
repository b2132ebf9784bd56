import type { Queryable } from '../db/index.ts';

/** Events every server process behind one database hears (NOTIFY is sent at commit, so never for a rolled-back call). */
export type RealtimeEvent =
  | { kind: 'message'; userId: string; messageId: string }
  /** Sessions of a user ended: exactly `only`, or all but `except`, or all. */
  | { kind: 'sessionsEnded'; userId: string; only?: string; except?: string };

export async function publish(tx: Queryable, channel: string, event: RealtimeEvent): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [channel, JSON.stringify(event)]);
}

export function parseEvent(payload: string): RealtimeEvent | undefined {
  try {
    const e = JSON.parse(payload) as RealtimeEvent;
    return e && typeof e.userId === 'string' ? e : undefined;
  } catch {
    return undefined;
  }
}

export const endsSession = (e: Extract<RealtimeEvent, { kind: 'sessionsEnded' }>, tokenHash: string) =>
  e.only ? e.only === tokenHash : e.except !== tokenHash;
