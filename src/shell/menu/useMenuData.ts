import type { TFunction } from 'i18next';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { MenuGroup, MenuItem } from '../../shared/api/contract.ts';
import { DEFAULT_LOCALE } from '../../shared/constants.ts';
import { useMenuQuery } from '../session/sessionApi.ts';
import { userRefreshed } from '../session/sessionSlice.ts';

const NO_GROUPS: MenuGroup[] = [];
const NO_ITEMS: MenuItem[] = [];

type Titled = { title: string; titleKey?: string };

/**
 * Menu titles in the user's language: in the stored language (zh-chs) as stored; else a title the system
 * seeded reads its key's words (`route.<key>`, `menuGroup.<key>`), one an administrator gave stays as given.
 */
export function localTitle(item: Titled, t: TFunction, language: string): string {
  if (language.toLowerCase() === DEFAULT_LOCALE || !item.titleKey) return item.title;
  return t(item.titleKey, { ns: 'shell', defaultValue: item.title });
}

function localItem(item: MenuItem, t: TFunction, language: string): MenuItem {
  return {
    ...item,
    title: localTitle(item, t, language),
    ...(item.children ? { children: item.children.map((child) => localItem(child, t, language)) } : {}),
  };
}

/** The menus with their titles in the user's language. */
export function localMenus(menu: MenuGroup[], menuTop: MenuItem[], t: TFunction, language: string) {
  return {
    menu: menu.map((group) => ({
      ...group,
      title: localTitle(group, t, language),
      menu: group.menu.map((item) => localItem(item, t, language)),
    })),
    menuTop: menuTop.map((item) => localItem(item, t, language)),
  };
}

/** The login-time menu call: header items, side groups; the user it answers refreshes the stored one. */
export function useMenuData() {
  const dispatch = useDispatch();
  const { t, i18n } = useTranslation('shell');
  const { data } = useMenuQuery();
  useEffect(() => {
    if (data?.data) dispatch(userRefreshed(data.data));
  }, [data, dispatch]);
  const language = i18n.language ?? DEFAULT_LOCALE;
  return useMemo(
    () => localMenus(data?.menu ?? NO_GROUPS, data?.menuTop ?? NO_ITEMS, t, language),
    [data, t, language],
  );
}
