// The server speaks the language of the request: its messages are written in zh-chs, and an envelope
// answering a request that asks for another language (the app sends its language as Accept-Language)
// carries its message, and a refusal's field messages, in that language (server/platform/i18n.ts).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../../src/shared/constants.ts';
import { loadMessageTranslator, type MessageTranslator } from '../i18n.ts';

/** The first language of Accept-Language the product speaks, else zh-chs. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Locale {
  for (const tag of String(request.headers['accept-language'] ?? '').split(',')) {
    const code = tag.split(';')[0]!.trim().toLowerCase();
    if ((LOCALES as readonly string[]).includes(code)) return code as Locale;
  }
  return DEFAULT_LOCALE;
}

const translators = new Map<string, MessageTranslator>();

/** The translator of a language, read once. */
export function messagesIn(locale: string): MessageTranslator {
  let translator = translators.get(locale);
  if (!translator) {
    translator = loadMessageTranslator(locale);
    translators.set(locale, translator);
  }
  return translator;
}

/** Every text of a refusal's data (field messages, the rows of a refused file), translated. */
function translated(value: unknown, translate: MessageTranslator, depth = 0): unknown {
  if (typeof value === 'string') return translate(value);
  if (typeof value !== 'object' || value === null || depth > 4) return value;
  if (Array.isArray(value)) return value.map((item) => translated(item, translate, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, translated(item, translate, depth + 1)]),
  );
}

interface EnvelopeLike {
  code: number;
  msg: string;
  data?: unknown;
}

const isEnvelope = (payload: unknown): payload is EnvelopeLike =>
  typeof payload === 'object' &&
  payload !== null &&
  typeof (payload as EnvelopeLike).code === 'number' &&
  typeof (payload as EnvelopeLike).msg === 'string';

/** Answers every envelope in the request's language: its message, and a refusal's data. */
export function speakRequestLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const language = requestLanguage(request);
    if (language === DEFAULT_LOCALE || !isEnvelope(payload)) return payload;
    const translate = messagesIn(language);
    return {
      ...payload,
      msg: translate(payload.msg),
      ...(payload.code !== 200 && payload.data !== undefined
        ? { data: translated(payload.data, translate) }
        : {}),
    };
  });
}
