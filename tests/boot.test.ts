// How a built index.html starts the app (scripts/tenants/buildConfig.ts): nothing is asked for before the
// product's name has painted; then the entry's scripts in order, the first screen's chunks preloaded, and
// the login page's own chunks only on the login address.
import fs from 'node:fs';
import path from 'node:path';
import { JSDOM } from 'jsdom';
import { inject } from 'vitest';
import { bootFilesOf } from '../scripts/tenants/budgets.ts';

const tenantDir = path.join(inject('tenantDist'), 'jees');
const html = fs.readFileSync(path.join(tenantDir, 'index.html'), 'utf8');
const boot = bootFilesOf(tenantDir);

function open(hash: string) {
  const dom = new JSDOM(html, {
    url: `http://127.0.0.1:8080/${hash}`,
    runScripts: 'dangerously',
    pretendToBeVisual: true,
  });
  const { document } = dom.window;
  const asked = () => ({
    scripts: [...document.querySelectorAll<HTMLScriptElement>('script[src]')].map((s) => ({
      src: s.getAttribute('src'),
      async: s.async,
    })),
    preloads: [...document.querySelectorAll('link[rel=preload]')].map((l) => l.getAttribute('href')),
  });
  return { dom, asked };
}

const started = async (asked: () => { scripts: unknown[] }) =>
  vi.waitFor(() => expect(asked().scripts.length).toBeGreaterThan(0), { timeout: 2_000, interval: 10 });

test('nothing is asked for before the first frame; then the scripts in order and the chunks of the login page', async () => {
  const { dom, asked } = open('#/login');
  expect(asked()).toEqual({ scripts: [], preloads: [] });
  expect(dom.window.document.querySelector('.first-paint')?.textContent).toBe('嘉易棉业后台管理系统');
  await started(asked);
  expect(asked().scripts).toEqual(boot.scripts.map((file) => ({ src: `./${file}`, async: false })));
  expect(asked().preloads).toEqual([...boot.preload, ...boot.login].map((file) => `./${file}`));
  expect(boot.login.length).toBeGreaterThan(0);
  dom.window.close();
});

test("another address preloads the first screen's chunks but not the login page's", async () => {
  const { dom, asked } = open('#/pri/MtfmBatchData');
  await started(asked);
  expect(asked().preloads).toEqual(boot.preload.map((file) => `./${file}`));
  dom.window.close();
});
