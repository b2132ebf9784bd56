import { configure, render, screen } from '@testing-library/react';
import '../test/jsdomPolyfills.ts';
import { initI18n } from './i18n.ts';
import { Providers } from './Providers.tsx';
import { ChunkLoadTimeoutError, ModuleNotFoundError } from './pageRegistry.ts';
import { PageError } from './RouteError.tsx';
import { createAppStore } from './store.ts';

configure({ asyncUtilTimeout: 15_000 });
beforeAll(() => initI18n('zh-chs'));

const show = (error: unknown) =>
  render(
    <Providers store={createAppStore()}>
      <PageError error={error} />
    </Providers>,
  );

test('a missing page module is reported as such', async () => {
  show(new ModuleNotFoundError('pendingReport'));
  expect(await screen.findByRole('alert')).toHaveTextContent('找不到页面模块：pendingReport');
});

test('a chunk that timed out is reported as such', async () => {
  show(new ChunkLoadTimeoutError('news'));
  expect(await screen.findByRole('alert')).toHaveTextContent('页面加载超时：news');
});

test('anything else is a failed load, with a reload button', async () => {
  show(new Error('boom'));
  expect(await screen.findByRole('alert')).toHaveTextContent('页面加载失败');
  expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
});
