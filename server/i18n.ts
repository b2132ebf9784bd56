import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOCALE } from '../src/shared/constants.ts';

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../locales');

type Messages = Record<string, unknown>;

function readLocale(locale: string): Messages {
  const file = path.join(localesDir, `${locale}.json`);
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Messages) : {};
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

/** The server speaks the default locale (zh-chs), as the spec's messages do. */
export function loadTranslator(locale: string = DEFAULT_LOCALE): Translate {
  const messages = readLocale(locale);
  return (key, fallback) => lookup(messages, key) ?? fallback;
}
