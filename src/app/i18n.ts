import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import ja from '../../locales/ja.json';
import zhChs from '../../locales/zh-chs.json';
import zhCht from '../../locales/zh-cht.json';
import { readCookie, writeCookie } from '../api/credentials.ts';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '../shared/constants.ts';

export const messages: Record<Locale, object> = { 'zh-chs': zhChs, 'zh-cht': zhCht, en, ja };

/** The html lang attribute for each locale (BCP 47). */
const HTML_LANG: Record<Locale, string> = { 'zh-chs': 'zh-Hans', 'zh-cht': 'zh-Hant', en: 'en', ja: 'ja' };

const isLocale = (value: string | undefined): value is Locale => LOCALES.includes(value as Locale);

export function savedLocale(): Locale {
  const saved = readCookie('lang');
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

export const currentLocale = (): Locale => (isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE);

/** Starts i18next on the default instance (the request layer uses it too) in the saved or default locale. */
export function initI18n(locale: Locale = savedLocale()) {
  if (!i18next.isInitialized) {
    void i18next.use(initReactI18next).init({
      resources: Object.fromEntries(LOCALES.map((l) => [l, { translation: messages[l] }])),
      lng: locale,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: [...LOCALES],
      load: 'currentOnly',
      lowerCaseLng: true,
      interpolation: { escapeValue: false },
      initAsync: false,
    });
  }
  document.documentElement.lang = HTML_LANG[locale];
  return i18next;
}

/** Switches the language: the lang cookie, i18next and <html lang> (spec 4.2). */
export function changeLocale(locale: Locale) {
  writeCookie('lang', locale);
  document.documentElement.lang = HTML_LANG[locale];
  void i18next.changeLanguage(locale);
}
