// What one area does when something happens in another (a fixing made, a settlement price saved) without
// either importing the other: an area names its reactions by event (`ServerArea.reactions`), the app gathers
// those of the areas it serves, and `hook.emit` runs them inside the caller's transaction — what a reaction
// writes stands or falls with what set it off, and a reaction that throws refuses the whole call.
import type { HookContext } from './storage.ts';

/** Answers what it did in words (added to the caller's summary), or nothing. */
export type Reaction = (hook: HookContext, payload: never) => Promise<string | undefined>;

export type Reactions = ReadonlyMap<string, readonly Reaction[]>;

/** The reactions of the areas an app serves, by event, in the areas' order. */
export function gatherReactions(
  areas: readonly { reactions?: Readonly<Record<string, Reaction>> }[],
): Reactions {
  const byEvent = new Map<string, Reaction[]>();
  for (const area of areas)
    for (const [event, reaction] of Object.entries(area.reactions ?? {}))
      byEvent.set(event, [...(byEvent.get(event) ?? []), reaction]);
  return byEvent;
}

/** Runs every reaction to `event`; answers what they said. */
export async function react(
  reactions: Reactions,
  hook: HookContext,
  event: string,
  payload: unknown,
): Promise<string[]> {
  const said: string[] = [];
  for (const reaction of reactions.get(event) ?? []) {
    const words = await reaction(hook, payload as never);
    if (words) said.push(words);
  }
  return said;
}
