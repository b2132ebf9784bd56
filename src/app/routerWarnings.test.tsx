import { screen } from '@testing-library/react';
import { startMockServer } from '../test/msw/server.ts';
import { renderWithApp } from '../test/renderWithApp.tsx';

startMockServer();

// React Router warns once per process: this file opens the app once, on a kept-alive page.
test('loading the app and a kept-alive page raises no React Router warning', async () => {
  const warn = vi.spyOn(console, 'warn');
  await renderWithApp({ path: '/index/news', loggedIn: true });
  expect(await screen.findByRole('tab', { name: '新闻资讯' })).toBeInTheDocument();
  const routerWarnings = warn.mock.calls
    .map((args) => args.map(String).join(' '))
    .filter((text) => /HydrateFallback|descendant <Routes>/.test(text));
  expect(routerWarnings).toEqual([]);
});
