import { HOME_ROUTE_KEY, routeByKey } from '../../shared/routes/catalogue.ts';
import { restoreTabs } from './restoreTabs.ts';
import {
  applyTabAction,
  closeTab,
  HOME_KEY,
  HOME_PATH,
  homeTab,
  isTabAction,
  moveTab,
  type OpenedTab,
  openTab,
} from './tabRules.ts';

const tab = (name: string, fullPath: string): OpenedTab => ({
  name,
  fullPath,
  params: {},
  query: {},
  generation: 0,
});
const paths = (tabs: OpenedTab[]) => tabs.map((t) => t.fullPath);

const home = homeTab();

test('the home tab is the catalogue home route', () => {
  expect(HOME_KEY).toBe(HOME_ROUTE_KEY);
  expect(HOME_PATH).toBe(routeByKey(HOME_ROUTE_KEY)?.path);
});
const download = tab('download', '/index/download');
const news = tab('news', '/index/news');
const log = tab('log', '/index/log');
const opened = [home, download, news, log];

describe('opening', () => {
  test('a new path is added at the end', () => {
    const { generation: _unused, ...fresh } = news;
    expect(paths(openTab([home], fresh))).toEqual([HOME_PATH, '/index/news']);
  });

  test('an open path keeps its place and takes the new params and query', () => {
    const again = openTab(opened, {
      name: 'news',
      fullPath: '/index/news',
      params: { id: '9' },
      query: { q: '1' },
    });
    expect(paths(again)).toEqual(paths(opened));
    expect(again[2]).toMatchObject({ params: { id: '9' }, query: { q: '1' } });
  });

  test('the same route with another query is another tab (tabs are keyed by full path)', () => {
    expect(
      openTab(opened, { name: 'news', fullPath: '/index/news?page=2', params: {}, query: { page: '2' } }),
    ).toHaveLength(5);
  });
});

describe('closing one tab', () => {
  test('closing the current tab moves to its next neighbour', () => {
    expect(closeTab(opened, '/index/download', '/index/download')).toEqual({
      opened: [home, news, log],
      navigateTo: '/index/news',
    });
  });

  test('closing the last current tab moves to the previous one', () => {
    expect(closeTab(opened, '/index/log', '/index/log').navigateTo).toBe('/index/news');
  });

  test('closing another tab stays where one is', () => {
    expect(closeTab(opened, '/index/news', '/index/log')).toEqual({ opened: [home, download, log] });
  });

  test('home is never closed', () => {
    expect(closeTab(opened, HOME_PATH, HOME_PATH)).toEqual({ opened });
  });
});

describe('context-menu actions', () => {
  test('close left keeps home, the pivot and what is right of it', () => {
    expect(paths(applyTabAction('closeLeft', opened, '/index/news', '/index/news').opened)).toEqual([
      HOME_PATH,
      '/index/news',
      '/index/log',
    ]);
  });

  test('close right keeps what is left of the pivot; a closed current tab moves to the pivot', () => {
    expect(applyTabAction('closeRight', opened, '/index/download', '/index/log')).toEqual({
      opened: [home, download],
      navigateTo: '/index/download',
    });
  });

  test('close others keeps home and the pivot', () => {
    expect(paths(applyTabAction('closeOthers', opened, '/index/news', '/index/news').opened)).toEqual([
      HOME_PATH,
      '/index/news',
    ]);
  });

  test('close all keeps only home and goes there', () => {
    expect(applyTabAction('closeAll', opened, '/index/news', '/index/news')).toEqual({
      opened: [home],
      navigateTo: HOME_PATH,
    });
  });

  test('refresh renews only the pivot page', () => {
    const { opened: after } = applyTabAction('refresh', opened, '/index/news', '/index/log');
    expect(after.map((t) => t.generation)).toEqual([0, 0, 1, 0]);
  });

  test('only the five known actions are actions', () => {
    expect(['refresh', 'closeLeft', 'closeRight', 'closeOthers', 'closeAll'].every(isTabAction)).toBe(true);
    expect(isTabAction('closeEverything')).toBe(false);
  });
});

describe('drag and drop', () => {
  test('moves a tab to where it is dropped', () => {
    expect(paths(moveTab(opened, '/index/log', '/index/download'))).toEqual([
      HOME_PATH,
      '/index/log',
      '/index/download',
      '/index/news',
    ]);
  });

  test('home stays first', () => {
    expect(moveTab(opened, '/index/log', HOME_PATH)).toBe(opened);
    expect(moveTab(opened, HOME_PATH, '/index/log')).toBe(opened);
  });
});

describe('restoring saved tabs', () => {
  test('drops routes no longer known and helpers, keeps home first', () => {
    const saved = [
      news,
      tab('retiredPage', '/old/page'),
      tab('refresh', '/refresh'),
      { junk: true },
      download,
    ];
    expect(paths(restoreTabs(saved))).toEqual([HOME_PATH, '/index/news', '/index/download']);
  });

  test('nothing saved gives the home tab', () => {
    expect(restoreTabs(null)).toEqual([home]);
  });
});
