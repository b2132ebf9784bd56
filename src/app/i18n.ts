import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '../shared/constants.ts';
import { savedLocale, setHtmlLang } from '../shell/settings/locale.ts';

type Messages = Record<string, unknown>;

/** Each locale file is its own chunk: only the current locale and the fallback are ever loaded. */
const LOCALE_FILES: Record<Locale, () => Promise<{ default: Messages }>> = {
  'zh-chs': () => import('../../locales/zh-chs.json'),
  'zh-cht': () => import('../../locales/zh-cht.json'),
  en: () => import('../../locales/en.json'),
  ja: () => import('../../locales/ja.json'),
};

const localeFiles: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = LOCALE_FILES[language as Locale];
    if (!load) return callback(null, {});
    load().then(
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
        lowerCaseLng: true,
        interpolation: { escapeValue: false },
      });
  } else if (i18next.language !== locale) {
    await i18next.changeLanguage(locale);
  }
  setHtmlLang(locale);
  return i18next;
}
