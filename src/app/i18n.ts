import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import ja from '../../locales/ja.json';
import zhChs from '../../locales/zh-chs.json';
import zhCht from '../../locales/zh-cht.json';
import { FALLBACK_LOCALE, LOCALES, type Locale } from '../shared/constants.ts';
import { savedLocale, setHtmlLang } from '../shell/settings/locale.ts';

export const messages: Record<Locale, object> = { 'zh-chs': zhChs, 'zh-cht': zhCht, en, ja };

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
  } else if (i18next.language !== locale) {
    void i18next.changeLanguage(locale);
  }
  setHtmlLang(locale);
  return i18next;
}
