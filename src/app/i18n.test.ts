import Cookies from 'js-cookie';
import { cookieName, LOCALES } from '../shared/constants.ts';
import { tenant } from '../shared/tenant/index.ts';
import { changeLocale } from '../shell/settings/locale.ts';
import { initI18n, messages } from './i18n.ts';

function keysOf(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null ? keysOf(child, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

const allKeys = [...new Set(LOCALES.flatMap((locale) => keysOf(messages[locale])))].sort();

describe.each(LOCALES)('locale %s', (locale) => {
  test('has every key of every other locale, none empty', () => {
    const own = new Set(keysOf(messages[locale]));
    expect(allKeys.filter((key) => !own.has(key))).toEqual([]);
    const empty = keysOf(messages[locale]).filter((key) => {
      const text = key
        .split('.')
        .reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], messages[locale]);
      return typeof text !== 'string' || text.trim() === '';
    });
    expect(empty).toEqual([]);
  });
});

test('zh-chs holds the words of the specification', () => {
  const i18n = initI18n('zh-chs');
  expect(i18n.t('api.noPermission')).toBe('暂无权限');
  expect(i18n.t('menu.temporary')).toBe('临时菜单');
  expect(i18n.t('tabs.invalidAction')).toBe('无效的操作');
});

test('starts in zh-chs, falls back to en, and a language change sets the lang cookie and <html lang>', () => {
  const i18n = initI18n();
  expect(i18n.language).toBe('zh-chs');
  changeLocale('ja');
  expect(Cookies.get(cookieName(tenant.code, 'lang'))).toBe('ja');
  expect(document.documentElement.lang).toBe('ja');
  expect(i18n.t('tabs.closeAll')).toBe('すべて閉じる');
  changeLocale('zh-cht');
  expect(document.documentElement.lang).toBe('zh-Hant');
  expect(i18n.t('no.such.key.only.en', { lng: 'zh-cht', defaultValue: 'x' })).toBe('x');
  expect(i18n.options.fallbackLng).toEqual(['en']);
  changeLocale('zh-chs');
});
