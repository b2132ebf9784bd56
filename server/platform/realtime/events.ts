import type { Queryable } from '../db/index.ts';

/** Events every server process behind one database hears (NOTIFY is sent at commit, so never for a rolled-back call). */
export type RealtimeEvent =
  | { kind: 'message'; userId: string; messageId: string }
  /** Sessions of a user ended: exactly `only`, or all but `except`, or all. */
  | { kind: 'sessionsEnded'; userId: string; only?: string; except?: string }
  /** Records of these kinds changed (`<area>/<resource>` of their API base): every socket refetches them. */
  | { kind: 'dataChanged'; topics: string[] };

export async function publish(tx: Queryable, channel: string, event: RealtimeEvent): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [channel, JSON.stringify(event)]);
}

/**
 * Tells every open socket, once the transaction commits, that records of `topics` changed (a trade booked, a
 * fixing made): screens showing them refetch without a reload. A hook without a channel (the demo seed) says
 * nothing.
 */
export async function publishChange(
  tx: Queryable,
  channel: string,
  topics: readonly string[],
): Promise<void> {
  if (channel) await publish(tx, channel, { kind: 'dataChanged', topics: [...topics] });
}

export function parseEvent(payload: string): RealtimeEvent | undefined {
  try {
    const e = JSON.parse(payload) as RealtimeEvent;
    if (e?.kind === 'dataChanged')
      return Array.isArray(e.topics) && e.topics.every((t) => typeof t === 'string') ? e : undefined;
    return e && typeof e.userId === 'string' ? e : undefined;
  } catch {
    return undefined;
  }
}

export const endsSession = (e: Extract<RealtimeEvent, { kind: 'sessionsEnded' }>, tokenHash: string) =>
  e.only ? e.only === tokenHash : e.except !== tokenHash;
