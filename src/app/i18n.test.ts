import Cookies from 'js-cookie';
import { cookieName, LOCALES, type Locale } from '../shared/constants.ts';
import { tenant } from '../shared/tenant/index.ts';
import { changeLocale } from '../shell/settings/locale.ts';
import { namespacesOf, wordsOf } from '../test/locales.ts';
import { initI18n } from './i18n.ts';

// Every namespace of each locale, so an area's words are checked like the shell's.
const messages: Record<Locale, object> = Object.fromEntries(
  LOCALES.map((l) => [l, namespacesOf(l)]),
) as Record<Locale, object>;

function leavesOf(value: object, prefix = ''): [string, unknown][] {
  return Object.entries(value).flatMap(([key, child]) =>
    typeof child === 'object' && child !== null
      ? leavesOf(child, `${prefix}${key}.`)
      : [[`${prefix}${key}`, child]],
  );
}

const allKeys = [
  ...new Set(LOCALES.flatMap((locale) => leavesOf(messages[locale]).map(([key]) => key))),
].sort();

describe.each(LOCALES)('locale %s', (locale) => {
  test('has every key any other locale has', () => {
    const own = new Set(leavesOf(messages[locale]).map(([key]) => key));
    expect(allKeys.filter((key) => !own.has(key))).toEqual([]);
  });

  test('has no empty message', () => {
    const empty = leavesOf(messages[locale]).filter(
      ([, text]) => typeof text !== 'string' || text.trim() === '',
    );
    expect(empty.map(([key]) => key)).toEqual([]);
  });
});

test('zh-chs holds the words of the specification', async () => {
  const i18n = await initI18n('zh-chs');
  expect(i18n.t('api.noPermission')).toBe('暂无权限');
  expect(i18n.t('menu.temporary')).toBe('临时菜单');
  expect(i18n.t('tabs.invalidAction')).toBe('无效的操作');
});

test('starts in zh-chs, falls back to en, and a language change sets the lang cookie and <html lang>', async () => {
  const i18n = await initI18n();
  expect(i18n.language).toBe('zh-chs');
  expect(document.documentElement.lang).toBe('zh-Hans');
  await changeLocale('ja');
  expect(Cookies.get(cookieName(tenant.code, 'lang'))).toBe('ja');
  expect(document.documentElement.lang).toBe('ja');
  expect(i18n.t('tabs.closeAll')).toBe('すべて閉じる');
  await changeLocale('zh-cht');
  expect(document.documentElement.lang).toBe('zh-Hant');
  i18n.addResource('en', 'common', 'probe.onlyEnglish', 'English only');
  expect(i18n.t('probe.onlyEnglish')).toBe('English only');
  await changeLocale('zh-chs');
});

test('a finished state change says what was done once, never “完成成功”', async () => {
  const i18n = await initI18n('zh-chs');
  const said = (action: string) => i18n.t('resource.transitionDone', { action: i18n.t(`action.${action}`) });
  expect(said('complete')).toBe('已完成');
  expect(said('approve')).toBe('已审批通过');
  expect(
    Object.keys((wordsOf('zh-chs') as { action: object }).action)
      .map(said)
      .filter((text) => /(完成|成功).*成功/.test(text)),
  ).toEqual([]);
});
