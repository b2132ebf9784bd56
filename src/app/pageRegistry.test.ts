import { CHUNK_LOAD_TIMEOUT_MS } from '../shared/constants.ts';
import { ChunkLoadTimeoutError, loadPage, ModuleNotFoundError, type PageLoader } from './pageRegistry.ts';

const Page = () => null;

afterEach(() => vi.useRealTimers());

test('a route key without a page module fails with a module-not-found error', async () => {
  await expect(loadPage('nowhere', {})).rejects.toBeInstanceOf(ModuleNotFoundError);
  await expect(loadPage('nowhere', {})).rejects.toThrow("Cannot find module for route 'nowhere'");
});

test('a chunk that has not arrived after 120 s fails', async () => {
  vi.useFakeTimers();
  const never: PageLoader = () => new Promise(() => undefined);
  const loading = loadPage('slow', { slow: never });
  const outcome = loading.then(
    () => 'loaded',
    (error: unknown) => error,
  );
  await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
  await expect(Promise.race([outcome, Promise.resolve('pending')])).resolves.toBe('pending');
  await vi.advanceTimersByTimeAsync(1);
  await expect(outcome).resolves.toBeInstanceOf(ChunkLoadTimeoutError);
});

test('a page is loaded once; a failed load is tried again next time', async () => {
  const loader = vi
    .fn<PageLoader>()
    .mockRejectedValueOnce(new Error('network'))
    .mockResolvedValue({ default: Page });
  await expect(loadPage('flaky', { flaky: loader })).rejects.toThrow('network');
  await expect(loadPage('flaky', { flaky: loader })).resolves.toEqual({ default: Page });
  await loadPage('flaky', { flaky: loader });
  expect(loader).toHaveBeenCalledTimes(2);
});

test('every shell page of the catalogue has a module', async () => {
  const { allRoutes } = await import('../shared/routes/catalogue.ts');
  const { PAGE_MODULES } = await import('./pageRegistry.ts');
  const missing = allRoutes()
    .filter((route) => route.layout === 'shell' && !PAGE_MODULES[route.key])
    .map((r) => r.key);
  expect(missing).toEqual([]);
});
