// The message files as the tests read them: every namespace of each locale (locales/<lang>/<ns>.json).
import fs from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../shared/constants.ts';

type Messages = Record<string, unknown>;

const localesDir = path.resolve(import.meta.dirname, '../../locales');

const read = new Map<Locale, Record<string, Messages>>();

/** Every namespace of a locale, read once per test file. */
export function namespacesOf(locale: Locale): Record<string, Messages> {
  const known = read.get(locale);
  if (known) return known;
  const dir = path.join(localesDir, locale);
  const namespaces = Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.slice(0, -5),
        JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Messages,
      ]),
  );
  read.set(locale, namespaces);
  return namespaces;
}

/** The common and shell words of a locale merged, as unprefixed keys resolve (defaultNS, then fallbackNS). */
export function wordsOf(locale: Locale): Messages {
  const { common = {}, shell = {} } = namespacesOf(locale);
  return { ...shell, ...common };
}

/** A key as i18next resolves it: `ns:path`, else the common then the shell namespace. */
export function messageOf(locale: Locale, key: string): string | undefined {
  const namespaces = namespacesOf(locale);
  const split = key.indexOf(':');
  const [spaces, dotted] =
    split > 0
      ? [[namespaces[key.slice(0, split)] ?? {}], key.slice(split + 1)]
      : [[namespaces.common ?? {}, namespaces.shell ?? {}], key];
  for (const space of spaces) {
    let node: unknown = space;
    for (const part of dotted.split('.')) node = (node as Messages | undefined)?.[part];
    if (typeof node === 'string') return node;
  }
  return undefined;
}

export const ALL_LOCALES: readonly Locale[] = LOCALES;
