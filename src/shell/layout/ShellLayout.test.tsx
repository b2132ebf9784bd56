import { act, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { PATHS } from '../../shared/api/contract.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { messageOf } from '../../test/locales.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';

startMockServer();

/** The English words of the menus this file reads. */
const messageWords = (locale: 'en') => ({
  topLabel: messageOf(locale, 'menu.topLabel')!,
  sideLabel: messageOf(locale, 'menu.label')!,
  workbench: messageOf(locale, 'menuGroup.workbench')!,
  index: messageOf(locale, 'route.index')!,
});

const sideMenu = () => screen.getByRole('menu', { name: '侧边菜单' });
const topMenu = () => screen.getByRole('menu', { name: '顶部菜单' });
const openShell = async (path = '/index') => {
  const rendered = await renderWithApp({ path, loggedIn: true });
  await screen.findByRole('menu', { name: '顶部菜单' });
  await waitFor(() => expect(within(topMenu()).getAllByRole('menuitem').length).toBeGreaterThan(1));
  return rendered;
};

describe('header', () => {
  test('shows the logo, the collapse toggle, the top menu and every tool', async () => {
    await openShell();
    expect(screen.getByRole('img', { name: tenant.name })).toHaveAttribute('src', tenant.assets.logo);
    for (const label of [
      '收起菜单',
      '搜索菜单',
      '全屏',
      '下载',
      '免责声明',
      '大屏数据',
      '日志',
      '显示设置',
      '用户菜单',
    ]) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: /消息/ })).toBeInTheDocument();
  });

  test('collapsing shows the collapsed logo and a 65 px side menu, and is remembered for the user', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: '收起菜单' }));
    expect(screen.getByRole('img', { name: tenant.name })).toHaveAttribute(
      'src',
      tenant.assets.logoCollapsed,
    );
    expect(sideMenu().closest('aside')).toHaveStyle({ width: '65px' });
    expect(screen.getByRole('button', { name: '展开菜单' })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(`1.20.1-${tenant.code}-7-settings`)!)).toMatchObject({
      asideCollapse: true,
    });
  });

  test('the side menu is 200 px wide when open', async () => {
    await openShell();
    expect(sideMenu().closest('aside')).toHaveStyle({ width: '200px' });
  });

  test('the log button is hidden when the tenant says so', async () => {
    const showLog = tenant.header.showLog;
    tenant.header.showLog = false;
    try {
      await openShell();
      expect(screen.queryByRole('button', { name: '日志' })).toBeNull();
    } finally {
      tenant.header.showLog = showLog;
    }
  });

  test('download opens /index/download with the import templates', async () => {
    const { user } = await openShell();
    await user.click(screen.getByRole('button', { name: '下载' }));
    expect(await screen.findByText('公检包数据导入模板（.xlsx）')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/index/download');
  });

  test('fullscreen turns back off when the browser leaves fullscreen', async () => {
    const { user } = await openShell();
    let element: Element | null = null;
    Object.defineProperty(document, 'fullscreenElement', { configurable: true, get: () => element });
    document.documentElement.requestFullscreen = async () => {
      element = document.documentElement;
      document.dispatchEvent(new Event('fullscreenchange'));
    };
    await user.click(screen.getByRole('button', { name: '全屏' }));
    expect(await screen.findByRole('button', { name: '退出全屏' })).toBeInTheDocument();
    act(() => {
      element = null;
      document.dispatchEvent(new Event('fullscreenchange'));
    });
    expect(await screen.findByRole('button', { name: '全屏' })).toBeInTheDocument();
  });
});

describe('menus', () => {
  test('come from the login-time call; the header group of the path is active and its leaf selected', async () => {
    await openShell('/index/news');
    const business = within(topMenu()).getByRole('menuitem', { name: '业务管理' });
    await waitFor(() => expect(business).toHaveClass('ant-menu-item-selected'));
    const leaf = await within(sideMenu()).findByRole('menuitem', { name: '新闻资讯' });
    expect(leaf).toHaveClass('ant-menu-item-selected');
  });

  test('in another language seeded titles read in it, titles an administrator gave as given', async () => {
    const words = messageWords('en');
    mockState.menu = [
      {
        id: 'workbench',
        title: '工作台',
        titleKey: 'menuGroup.workbench',
        menu: [
          { id: 'index', title: '首页', titleKey: 'route.index', path: '/index' },
          { id: 'news', title: '公司新闻', path: '/index/news' },
        ],
      },
    ];
    mockState.menuTop = [
      { id: 'workbench', title: '工作台', titleKey: 'menuGroup.workbench', path: '/index' },
    ];
    await renderWithApp({ path: '/index', loggedIn: true, locale: 'en' });
    const top = await screen.findByRole('menu', { name: words.topLabel });
    expect(await within(top).findByRole('menuitem', { name: words.workbench })).toBeInTheDocument();
    const side = screen.getByRole('menu', { name: words.sideLabel });
    expect(await within(side).findByRole('menuitem', { name: words.index })).toBeInTheDocument();
    expect(within(side).getByRole('menuitem', { name: '公司新闻' })).toBeInTheDocument();
    expect(within(top).queryByText('工作台')).not.toBeInTheDocument();
  });

  test('choosing a header group shows its items in the side menu and opens its page', async () => {
    const { user } = await openShell('/index/news');
    await user.click(within(topMenu()).getByRole('menuitem', { name: '工作台' }));
    expect(await within(sideMenu()).findByRole('menuitem', { name: '下载中心' })).toBeInTheDocument();
    await waitFor(() => expect(window.location.hash).toBe('#/index'));
  });

  test('a leaf opens its page as a tab', async () => {
    const { user } = await openShell('/index');
    await user.click(within(topMenu()).getByRole('menuitem', { name: '业务管理' }));
    await user.click(within(sideMenu()).getByRole('menuitem', { name: '操作日志' }));
    await waitFor(() => expect(window.location.hash).toBe('#/index/log'));
    expect(await screen.findByRole('tab', { name: '日志' })).toBeInTheDocument();
  });

  test('an http item opens in a new browser tab', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = await openShell('/index/news');
    await user.click(await within(sideMenu()).findByRole('menuitem', { name: '帮助中心' }));
    expect(open).toHaveBeenCalledWith('https://help.example.com/guide', '_blank', 'noopener');
    expect(window.location.hash).toBe('#/index/news');
    open.mockRestore();
  });

  test('an empty, unnamed item warns 临时菜单', async () => {
    const { user } = await openShell('/index/news');
    await user.click(within(sideMenu()).getByRole('menuitem', { name: '-' }));
    expect(await screen.findByText('临时菜单')).toBeInTheDocument();
  });
});

describe('menu search', () => {
  test('s opens it, esc closes it', async () => {
    const { user } = await openShell();
    await user.keyboard('s');
    expect(await screen.findByRole('dialog', { name: '搜索菜单' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '搜索菜单' })).toBeNull());
  });

  test('lists leaves by their full title and matches pinyin initials', async () => {
    const { user } = await openShell();
    await user.keyboard('s');
    const dialog = await screen.findByRole('dialog', { name: '搜索菜单' });
    expect(within(dialog).getByRole('button', { name: '工作台 / 下载中心' })).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: '搜索菜单' }), 'xwzx');
    expect(
      within(dialog)
        .getAllByRole('button', { name: /\// })
        .map((b) => b.textContent),
    ).toEqual(['业务管理 / 报表中心 / 新闻资讯']);
  });

  test('choosing an entry opens the page and closes the search', async () => {
    const { user } = await openShell();
    await user.keyboard('s');
    const dialog = await screen.findByRole('dialog', { name: '搜索菜单' });
    await user.type(within(dialog).getByRole('textbox', { name: '搜索菜单' }), '日志');
    await user.click(within(dialog).getByRole('button', { name: '业务管理 / 操作日志' }));
    await waitFor(() => expect(window.location.hash).toBe('#/index/log'));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: '搜索菜单' })).toBeNull());
  });

  test('s typed into a field does not open the search', async () => {
    const { user } = await openShell('/index/passwordEdit');
    const field = (await screen.findAllByLabelText(/旧密码|原密码/))[0]!;
    await user.type(field, 's');
    expect(screen.queryByRole('dialog', { name: '搜索菜单' })).toBeNull();
  });
});

describe('navigation', () => {
  test('sets the document title from the route title', async () => {
    await openShell('/index/download');
    await waitFor(() => expect(document.title).toBe(`下载中心 - ${tenant.title['zh-chs']}`));
  });

  test('without a session a shell page sends the user to login, and back after login', async () => {
    const { user } = await renderWithApp({ path: '/index/news' });
    await screen.findByRole('button', { name: '登 录' });
    expect(window.location.hash).toBe('#/login?redirect=%2Findex%2Fnews');
    await user.type(screen.getByLabelText('用户名'), 'zhangsan');
    await user.type(screen.getByLabelText('密码'), 'secret123');
    await user.click(screen.getByRole('button', { name: '登 录' }));
    expect(await screen.findByText('暂无资讯')).toBeInTheDocument();
    expect(window.location.hash).toBe('#/index/news');
  });

  test('an unknown path shows the 404 page', async () => {
    await renderWithApp({ path: '/no/such/page' });
    expect(await screen.findByText('抱歉，您访问的页面不存在')).toBeInTheDocument();
  });

  test('an unauthorised answer sends the user to login', async () => {
    server.use(http.post(PATHS.menu, () => HttpResponse.json({ code: 401, msg: '登录已失效' })));
    await renderWithApp({ path: '/index', loggedIn: true });
    expect(await screen.findByRole('button', { name: '登 录' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/login');
  });

  test('wrong credentials get a clear message', async () => {
    const { user } = await renderWithApp({ path: '/login' });
    await user.type(await screen.findByLabelText('用户名'), 'zhangsan');
    await user.type(screen.getByLabelText('密码'), 'wrong');
    await user.click(screen.getByRole('button', { name: '登 录' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('登录失败：用户名或密码错误');
  });
});
