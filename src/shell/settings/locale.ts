import i18next from 'i18next';
import { readCookie, writeCookie } from '../../api/credentials.ts';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '../../shared/constants.ts';

/** The html lang attribute for each locale (BCP 47). */
const HTML_LANG: Record<Locale, string> = { 'zh-chs': 'zh-Hans', 'zh-cht': 'zh-Hant', en: 'en', ja: 'ja' };

export const isLocale = (value: string | undefined): value is Locale => LOCALES.includes(value as Locale);

/** The lang cookie's locale, else the default zh-chs. */
export function savedLocale(): Locale {
  const saved = readCookie('lang');
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

export const currentLocale = (): Locale => (isLocale(i18next.language) ? i18next.language : DEFAULT_LOCALE);

export const setHtmlLang = (locale: Locale) => {
  document.documentElement.lang = HTML_LANG[locale];
};

/** Switches the language: the lang cookie, i18next and <html lang> (spec 4.2). */
export async function changeLocale(locale: Locale) {
  writeCookie('lang', locale);
  setHtmlLang(locale);
  await i18next.changeLanguage(locale);
}
