// How an area reaches another without the other's code in its own, besides calling what the other's index.ts
// exports: by what each declares on its ServerArea, gathered by the app from the areas it composes.
//   reactions  what an area does when something happens in another (a fixing made, a price saved): any
//              number of areas react to an event, `hook.emit` runs them in the areas' order;
//   answers    what an area asks another (a client's credit headroom): the asking area names its questions
//              (`asks`), exactly one composed area must answer each, else the app refuses to start;
//   guards     what may refuse another area's operation (a contract split while a client's order waits):
//              any number of areas guard it, `hook.check` answers the first refusal.
// All run inside the caller's transaction: what they write stands or falls with what set them off, and one
// that throws refuses the whole call.
import type { HookContext } from './storage.ts';

/** Answers what it did in words (added to the caller's summary), or nothing. */
export type Reaction = (hook: HookContext, payload: never) => Promise<string | undefined>;

/** Answers a question another area asks. */
export type Answer = (hook: HookContext, payload: never) => Promise<unknown>;

/** Refuses an operation of another area in words (a person can act on), or lets it be (null). */
export type Guard = (hook: HookContext, payload: never) => Promise<string | null>;

/** What an area declares for the others (the fields of ServerArea). */
export interface AreaCrossings {
  key: string;
  reactions?: Readonly<Record<string, Reaction>>;
  answers?: Readonly<Record<string, Answer>>;
  /** The questions the area asks other areas (`ask`): each must be answered by a composed area. */
  asks?: readonly string[];
  guards?: Readonly<Record<string, Guard>>;
}

export interface Crossings {
  reactions: ReadonlyMap<string, readonly Reaction[]>;
  answers: ReadonlyMap<string, Answer>;
  guards: ReadonlyMap<string, readonly Guard[]>;
}

function byName<T>(
  areas: readonly AreaCrossings[],
  of: (area: AreaCrossings) => Readonly<Record<string, T>> = () => ({}),
) {
  const gathered = new Map<string, T[]>();
  for (const area of areas)
    for (const [name, value] of Object.entries(of(area)))
      gathered.set(name, [...(gathered.get(name) ?? []), value]);
  return gathered;
}

/**
 * The crossings of the areas an app composes. A question an area asks that no composed area answers, or
 * that two answer, stops the app at start: an area composed without the one it asks fails loudly.
 */
export function gatherCrossings(areas: readonly AreaCrossings[]): Crossings {
  const answering = byName(areas, (area) => area.answers ?? {});
  for (const [question, answers] of answering)
    if (answers.length > 1) throw new Error(`Several composed areas answer '${question}'`);
  for (const area of areas)
    for (const question of area.asks ?? [])
      if (!answering.has(question))
        throw new Error(`The ${area.key} area asks '${question}', which no composed area answers`);
  return {
    reactions: byName(areas, (area) => area.reactions ?? {}),
    answers: new Map([...answering].map(([question, [answer]]) => [question, answer!])),
    guards: byName(areas, (area) => area.guards ?? {}),
  };
}

/** Runs every reaction to `event`; answers what they said. */
export async function react(
  crossings: Crossings,
  hook: HookContext,
  event: string,
  payload: unknown,
): Promise<string[]> {
  const said: string[] = [];
  for (const reaction of crossings.reactions.get(event) ?? []) {
    const words = await reaction(hook, payload as never);
    if (words) said.push(words);
  }
  return said;
}

/** The answer of the area answering `question`. */
export function answer(
  crossings: Crossings,
  hook: HookContext,
  question: string,
  payload: unknown,
): Promise<unknown> {
  const answering = crossings.answers.get(question);
  if (!answering) throw new Error(`No composed area answers '${question}'`);
  return answering(hook, payload as never);
}

/** The first refusal of the areas guarding `guard`, or null. */
export async function refusal(
  crossings: Crossings,
  hook: HookContext,
  guard: string,
  payload: unknown,
): Promise<string | null> {
  for (const check of crossings.guards.get(guard) ?? []) {
    const refused = await check(hook, payload as never);
    if (refused) return refused;
  }
  return null;
}

/** Asks another area (`hook.ask`): outside an app (a demo's or a test's own context) nobody answers, loudly. */
export function ask<T>(hook: HookContext, question: string, payload: unknown): Promise<T> {
  if (!hook.ask) throw new Error(`Nothing answers '${question}' outside an app`);
  return hook.ask(question, payload) as Promise<T>;
}
