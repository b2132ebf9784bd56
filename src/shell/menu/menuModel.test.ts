import { testMenu } from '../../test/msw/fixtures.ts';
import { groupOfPath, isEmptyItem, isExternal, leafOfRoute, searchPool } from './menuModel.ts';
import { initialsOf, searchEntries } from './pinyinMatch.ts';

const { menu } = testMenu();

test('the search pool holds every named leaf, titled by its ancestors joined with " / "', () => {
  expect(searchPool(menu).map((entry) => entry.fullTitle)).toEqual([
    '工作台 / 首页',
    '工作台 / 下载中心',
    '工作台 / 修改密码',
    '业务管理 / 报表中心 / 新闻资讯',
    '业务管理 / 报表中心 / 帮助中心',
    '业务管理 / 操作日志',
  ]);
});

test('hidden items stay out of the pool', () => {
  const [first] = menu;
  const hidden = [
    { ...first!, menu: first!.menu.map((item, i) => (i === 1 ? { ...item, hidden: true } : item)) },
  ];
  expect(searchPool(hidden).map((entry) => entry.title)).toEqual(['首页', '修改密码']);
});

test('words and pinyin initials both find entries', () => {
  const pool = searchPool(menu);
  expect(initialsOf('下载中心')).toBe('xzzx');
  expect(searchEntries(pool, '报表').map((e) => e.title)).toEqual(['新闻资讯', '帮助中心']);
  expect(searchEntries(pool, 'XZ').map((e) => e.title)).toEqual(['下载中心']);
  expect(searchEntries(pool, 'ywgl').map((e) => e.title)).toEqual(['新闻资讯', '帮助中心', '操作日志']);
  expect(searchEntries(pool, '')).toHaveLength(pool.length);
});

test('the header group of a path is the group holding its leaf', () => {
  expect(groupOfPath(menu, '/index/news')).toBe('business');
  expect(groupOfPath(menu, '/index/download')).toBe('workbench');
  expect(groupOfPath(menu, '/no/such/route')).toBeUndefined();
});

test('a leaf is matched to its route by id', () => {
  expect(leafOfRoute(menu, 'log')?.title).toBe('操作日志');
});

test('http paths are external; an item without path or name is empty', () => {
  expect(isExternal('https://help.example.com')).toBe(true);
  expect(isExternal('/index')).toBe(false);
  expect(isEmptyItem({ title: '', path: '/index' })).toBe(true);
  expect(isEmptyItem({ title: '报表', path: '' })).toBe(true);
  expect(isEmptyItem({ title: '报表', path: '/index' })).toBe(false);
});
