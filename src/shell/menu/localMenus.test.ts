import { initI18n } from '../../app/i18n.ts';
import { messageOf } from '../../test/locales.ts';
import { localMenus } from './useMenuData.ts';

const stored = {
  menu: [
    {
      id: 'pri',
      title: '系统设置',
      titleKey: 'menuGroup.pri',
      menu: [
        { id: 'userList', title: '用户管理', titleKey: 'access:route.userList', path: '/pri/userList' },
        { id: 'roleList', title: '岗位权限', path: '/pri/roleList' },
      ],
    },
  ],
  menuTop: [{ id: 'pri', title: '系统设置', titleKey: 'menuGroup.pri', path: '/pri/userList' }],
};

test.each(['en', 'ja', 'zh-cht'] as const)(
  'in %s the seeded menu titles read in the language, renamed ones as given',
  async (language) => {
    const i18n = await initI18n(language);
    // The shell loads every area's words: a screen's title is its area's.
    await i18n.loadNamespaces('access');
    const { menu, menuTop } = localMenus(stored.menu, stored.menuTop, i18n.t, language);
    expect(menu[0]!.title).toBe(messageOf(language, 'menuGroup.pri'));
    expect(menuTop[0]!.title).toBe(messageOf(language, 'menuGroup.pri'));
    expect(menu[0]!.menu.map((item) => item.title)).toEqual([
      messageOf(language, 'access:route.userList'),
      '岗位权限',
    ]);
  },
);

test('in zh-chs the menu reads as stored', async () => {
  const i18n = await initI18n('zh-chs');
  const { menu } = localMenus([{ ...stored.menu[0]!, title: '系统管理' }], stored.menuTop, i18n.t, 'zh-chs');
  expect(menu[0]!.title).toBe('系统管理');
  expect(menu[0]!.menu.map((item) => item.title)).toEqual(['用户管理', '岗位权限']);
});
