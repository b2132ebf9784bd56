import { installBusinessRoutes } from '../../../src/shared/routes/catalogue.ts';
import { COMPOSITION } from '../../areas/index.ts';
import { markServed } from '../resources/served.ts';
import { buildMenus, type ModuleNode } from './menu.ts';

// What buildApp does first: the areas' route catalogue is handed to the menus.
installBusinessRoutes(COMPOSITION.routes);

const node = (id: string, parentId: string | null, kind: string, code: string, title = code): ModuleNode => ({
  id,
  parentId,
  kind,
  code,
  title,
  hidden: false,
});

const tree = [
  node('1', null, 'group', 'workbench', '工作台'),
  node('2', '1', 'leaf', 'index', '首页'),
  node('3', null, 'group', 'pri', '系统设置'),
  node('4', '3', 'leaf', 'userList', '用户管理'),
  node('5', '3', 'leaf', 'roleList', '角色管理'),
];
const everything = [{ scope: '*', permissions: ['view'] }];
const leafIds = (menus: ReturnType<typeof buildMenus>) => menus.menu.flatMap((g) => g.menu.map((l) => l.id));

test('a business page joins the menus only once the server serves its resource', () => {
  expect(leafIds(buildMenus(everything, tree))).toEqual(['index']);
  expect(buildMenus(everything, tree).menuTop.map((t) => t.id)).toEqual(['workbench']);

  markServed('user');

  const menus = buildMenus(everything, tree);
  expect(leafIds(menus)).toEqual(['index', 'userList']);
  expect(menus.menuTop.map((t) => t.id)).toEqual(['workbench', 'pri']);
});

test('a served page still needs the view permission', () => {
  markServed('user');
  expect(leafIds(buildMenus([{ scope: 'index', permissions: ['view'] }], tree))).toEqual(['index']);
});

test('a seeded title carries its i18n key for other languages; a title the administrator gave does not', () => {
  markServed('user');
  const renamed = [...tree.slice(0, 3), node('4', '3', 'leaf', 'userList', '员工账号'), tree[4]!];
  const menus = buildMenus(everything, renamed);
  expect(menus.menu.map((group) => group.titleKey)).toEqual(['menuGroup.workbench', 'menuGroup.pri']);
  expect(menus.menuTop.map((item) => item.titleKey)).toEqual(['menuGroup.workbench', 'menuGroup.pri']);
  expect(menus.menu.flatMap((group) => group.menu.map((leaf) => [leaf.title, leaf.titleKey]))).toEqual([
    ['首页', 'route.index'],
    ['员工账号', undefined],
  ]);
});
