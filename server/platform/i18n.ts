import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE } from '../../src/shared/constants.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../locales');

type Messages = Record<string, unknown>;

/** Every namespace of a locale (locales/<lang>/<namespace>.json), by namespace. */
function readLocale(locale: string): Record<string, Messages> {
  const dir = path.join(localesDir, locale);
  if (!fs.existsSync(dir)) return {};
  return Object.fromEntries(
    fs
      .readdirSync(dir)
      .filter((file) => file.endsWith('.json'))
      .map((file) => [
        file.slice(0, -5),
        JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Messages,
      ]),
  );
}

/** Nested ("route": {"index": …}) or flat ("route.index") keys, as i18next reads them. */
function lookup(messages: Messages, key: string): string | undefined {
  if (typeof messages[key] === 'string') return messages[key] as string;
  let node: unknown = messages;
  for (const part of key.split('.')) {
    if (typeof node !== 'object' || node === null) return undefined;
    node = (node as Messages)[part];
  }
  return typeof node === 'string' ? node : undefined;
}

export type Translate = (key: string, fallback: string) => string;

/** The server speaks the default locale (zh-chs), as the spec's messages do; `ns:key` names a namespace. */
export function loadTranslator(locale: string = DEFAULT_LOCALE): Translate {
  const namespaces = readLocale(locale);
  return (key, fallback) => {
    const split = key.indexOf(':');
    if (split > 0) return lookup(namespaces[key.slice(0, split)] ?? {}, key.slice(split + 1)) ?? fallback;
    return lookup(namespaces.common ?? {}, key) ?? lookup(namespaces.shell ?? {}, key) ?? fallback;
  };
}
