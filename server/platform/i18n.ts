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

/** A message of the server, written in zh-chs as it writes them, in the language of the request. */
export type MessageTranslator = (message: string) => string;

const CJK = /[\u3400-\u9fff\uff00-\uffef\u3000-\u303f]/;
const catalogueDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'i18n');

interface MessagePattern {
  match: RegExp;
  /** The translation, its parts {0}, {1} … in the order the source names them. */
  words: string;
  /** How specific the pattern is: the length of its literal text. */
  weight: number;
}

/** Every leaf of a namespace as dotted key → text. */
function leaves(messages: Messages, prefix = ''): [string, string][] {
  return Object.entries(messages).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [[`${prefix}${key}`, value] as [string, string]]
      : typeof value === 'object' && value !== null
        ? leaves(value as Messages, `${prefix}${key}.`)
        : [],
  );
}

/** `{{name}}` placeholders as {0}, {1} … in order, the same names numbered alike in the translation. */
function numbered(source: string, words: string): [string, string] {
  const names: string[] = [];
  const number = (name: string) => {
    if (!names.includes(name)) names.push(name);
    return `{${names.indexOf(name)}}`;
  };
  const from = source.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => number(name));
  return [from, words.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => number(name))];
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function patternOf(source: string, words: string): MessagePattern {
  const parts = source.split(/\{\d+\}/);
  const order = [...source.matchAll(/\{(\d+)\}/g)].map((match) => Number(match[1]));
  return {
    match: new RegExp(`^${parts.map(escapeRegExp).join('(.+?)')}$`, 's'),
    // The translation's {n} is the n-th part as the source numbers it; captures come in source order.
    words: words.replace(/\{(\d+)\}/g, (_, n: string) => `{${order.indexOf(Number(n))}}`),
    weight: parts.join('').length,
  };
}

/**
 * The server's words in `locale`: its own messages (server/platform/i18n/<locale>.json, keyed by their
 * zh-chs text with {0}, {1} … for what they interpolate) and every word of the app's locale files, read
 * back from their zh-chs text (a field's label, a validation message, a dictionary word).
 */
function wordsIn(locale: string): Map<string, string> {
  const words = new Map<string, string>();
  const file = path.join(catalogueDir, `${locale}.json`);
  if (fs.existsSync(file))
    for (const [source, text] of Object.entries(JSON.parse(fs.readFileSync(file, 'utf8')) as Messages))
      if (typeof text === 'string') words.set(source, text);
  const chinese = readLocale(DEFAULT_LOCALE);
  const target = readLocale(locale);
  for (const [namespace, messages] of Object.entries(chinese)) {
    const translated = new Map(leaves(target[namespace] ?? {}));
    for (const [key, source] of leaves(messages)) {
      const text = translated.get(key);
      if (!text || !CJK.test(source) || words.has(source)) continue;
      const [from, to] = numbered(source, text);
      if (!words.has(from)) words.set(from, to);
    }
  }
  return words;
}

/**
 * Translates the server's messages into `locale`: a message as a whole, else by the first (most specific)
 * pattern it fits, its interpolated parts translated the same way (a field's label, a domain's refusal),
 * else each of its '；'-joined parts. zh-chs and zh-cht read the messages as written; a language without
 * words of its own reads English.
 */
export function loadMessageTranslator(locale: string): MessageTranslator {
  if (locale === DEFAULT_LOCALE || locale === 'zh-cht') return (message) => message;
  const words = wordsIn(fs.existsSync(path.join(catalogueDir, `${locale}.json`)) ? locale : 'en');
  const exact = new Map([...words].filter(([source]) => !/\{\d+\}/.test(source)));
  const patterns = [...words]
    .filter(([source]) => /\{\d+\}/.test(source) && CJK.test(source.replace(/\{\d+\}/g, '')))
    .map(([source, text]) => patternOf(source, text))
    .sort((a, b) => b.weight - a.weight);
  const translate = (message: string, depth: number): string => {
    if (!CJK.test(message) || depth > 4) return message;
    const whole = exact.get(message) ?? exact.get(message.trim());
    if (whole !== undefined) return whole;
    for (const pattern of patterns) {
      const found = pattern.match.exec(message);
      if (!found) continue;
      const parts = found.slice(1).map((part) => translate(part, depth + 1));
      return pattern.words.replace(/\{(\d+)\}/g, (_, n: string) => parts[Number(n)] ?? '');
    }
    const joined = message.split('；');
    return joined.length > 1 ? joined.map((part) => translate(part, depth + 1)).join('; ') : message;
  };
  return (message) => translate(message, 0);
}
