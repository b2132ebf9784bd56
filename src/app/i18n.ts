import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '../shared/constants.ts';
import { savedLocale, setHtmlLang } from '../shell/settings/locale.ts';

type Messages = Record<string, unknown>;

/**
 * Each namespace of each locale (locales/<lang>/<namespace>.json) is its own chunk: the shell's and the
 * common words load at start, an area's with its pages, and only for the current locale and the fallback.
 * The chunks go unnamed: the entry carries a name for every chunk it may load, and a name per namespace and
 * locale grew the login screen's script with each area.
 */
const readNamespace = (language: Locale, namespace: string): Promise<{ default: Messages }> =>
  import(`../../locales/${language}/${namespace}.json`) as Promise<{ default: Messages }>;

/** Loaded at start; every other namespace is a business area's. */
export const START_NAMESPACES = ['common', 'shell'] as const;

const localeFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!(LOCALES as readonly string[]).includes(language)) return callback(null, {});
    readNamespace(language as Locale, namespace).then(
      (file) => callback(null, file.default),
      (error: Error) => callback(error, false),
    );
  },
};

/**
 * Starts i18next on the default instance (the request layer uses it too) in the saved or default
 * locale, with the locale files loaded; later language changes load their file on demand.
 */
export async function initI18n(locale: Locale = savedLocale()) {
  if (!i18next.isInitialized) {
    await i18next
      .use(localeFiles)
      .use(initReactI18next)
      .init({
        lng: locale,
        fallbackLng: FALLBACK_LOCALE,
        supportedLngs: [...LOCALES],
        load: 'currentOnly',
        ns: [...START_NAMESPACES],
        defaultNS: 'common',
        // Keys without a namespace are looked up in the shell's words too (route titles, menus, dialogs).
        fallbackNS: 'shell',
        lowerCaseLng: true,
        interpolation: { escapeValue: false },
      });
  } else if (i18next.language !== locale) {
    await i18next.changeLanguage(locale);
  }
  setHtmlLang(locale);
  return i18next;
}
