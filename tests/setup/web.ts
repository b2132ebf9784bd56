import '@testing-library/jest-dom/vitest';
import fs from 'node:fs';
import path from 'node:path';
import { BUSINESS_ROUTES } from '../../src/areas/index.ts';
import { installBusinessRoutes } from '../../src/shared/routes/catalogue.ts';
import type { Tenant } from '../../src/shared/tenant/index.ts';

// The app hands the areas' route catalogue to the shell and the framework at start (src/app/routeTree.tsx).
installBusinessRoutes(BUSINESS_ROUTES);

/** Component tests run as the tenant named by TEST_TENANT (default jees), as its bundle would set it. */
const code = process.env.TEST_TENANT ?? 'jees';
const config = JSON.parse(fs.readFileSync(path.resolve('tenants', `${code}.json`), 'utf8'));
const asset = (file: string) => `/static/svg/${file}`;
window.__TENANT__ = {
  ...config,
  assets: {
    logo: asset(config.branding.logo),
    logoCollapsed: asset(config.branding.logoCollapsed),
    icon: asset(config.branding.icon),
    favicon: asset(config.branding.favicon),
  },
} satisfies Tenant;

/**
 * Last (hooks run in reverse): React work a test left scheduled (a render after a dialog closed, a lazy
 * part resolving, an animation's end) runs on the scheduler's next turn; let it run while this file's window
 * still exists.
 */
afterAll(async () => {
  const moving = () => document.querySelector('[class*="-leave"], [class*="-enter"], [class*="-appear"]');
  // A closing dialog renders once more when its animation ends; on a loaded machine that is late.
  for (let waited = 0; waited < 2_000 && moving(); waited += 20)
    await new Promise((resolve) => setTimeout(resolve, 20));
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 20));
});

/**
 * nprogress animates on timers of its own (trickling while started, fading after done). Finish it and let
 * it go while this file's DOM still exists, or a late timer touches a torn-down document.
 */
afterAll(async () => {
  const { default: progress } = await import('nprogress');
  if (progress.isStarted()) progress.done();
  await vi.waitFor(
    () => {
      if (progress.status !== null || document.getElementById('nprogress'))
        throw new Error('progress bar busy');
    },
    { timeout: 5_000, interval: 50 },
  );
});

/**
 * antd's static messages render in React roots of their own whose close timers outlive the test; close
 * them and give React a moment to unmount them while this file's DOM still exists, or it works on a
 * torn-down window. (Messages of a rendered tree go with the tree, in Testing Library's cleanup.)
 */
afterAll(async () => {
  if (!document.querySelector('.ant-message, .ant-notification')) return;
  const { message, notification } = await import('antd');
  message.destroy();
  notification.destroy();
  for (let waited = 0; waited < 1_000 && document.querySelector('.ant-message-notice'); waited += 50)
    await new Promise((resolve) => setTimeout(resolve, 50));
});
