import { screen, waitFor, within } from '@testing-library/react';
import { mockState } from '../../test/msw/fixtures.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { renderWithApp } from '../../test/renderWithApp.tsx';

startMockServer();

test('the disclaimer button opens the disclaimer with the help-service text', async () => {
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  await user.click(await screen.findByRole('button', { name: '免责声明' }));
  const dialog = await screen.findByRole('dialog', { name: mockState.article.name });
  expect(await within(dialog).findByText('请谨慎操作。')).toBeInTheDocument();
});

test('the disclaimer opens by itself when the server says it is not accepted yet', async () => {
  mockState.disclaimer = 1;
  await renderWithApp({ path: '/index', loggedIn: true });
  expect(await screen.findByRole('dialog', { name: mockState.article.name })).toBeInTheDocument();
});

test('the large-screen button opens the fiscal-year dialog', async () => {
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  await user.click(await screen.findByRole('button', { name: '大屏数据' }));
  expect(await screen.findByRole('dialog', { name: '大屏数据' })).toBeInTheDocument();
});

test('the user menu opens the change-password dialog over the page in view, checked on blur and submit', async () => {
  const { user } = await renderWithApp({ path: '/index', loggedIn: true });
  await user.hover(await screen.findByRole('button', { name: '用户菜单' }));
  // The side menu's workbench group has a 修改密码 entry too (the page); this is the header's.
  const userMenu = await waitFor(() => {
    const menu = document.querySelector<HTMLElement>('.ant-dropdown [role="menu"]');
    expect(menu).not.toBeNull();
    return menu!;
  });
  await user.click(within(userMenu).getByRole('menuitem', { name: '修改密码' }));
  const dialog = await screen.findByRole('dialog', { name: '修改密码' });
  expect(window.location.hash).toBe('#/index');
  await user.click(within(dialog).getByLabelText('旧密码'));
  await user.click(within(dialog).getByLabelText('新密码'));
  expect(await within(dialog).findByText('旧密码不能为空')).toBeInTheDocument();
  await user.type(within(dialog).getByLabelText('新密码'), 'Abc12345');
  await user.type(within(dialog).getByLabelText('确认密码'), 'Abc1234');
  await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  expect(await within(dialog).findByText('两次输入密码不一致!')).toBeInTheDocument();
});
