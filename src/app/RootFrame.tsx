import './progress.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import { routeByKey } from '../shared/routes/catalogue.ts';
import { routeTitleKey } from '../shared/routes/routeRecords.ts';
import { tenant } from '../shared/tenant/index.ts';
import { currentLocale } from '../shell/settings/locale.ts';
import type { RouteHandle } from './router.tsx';

/** nprogress and its style, loaded once on first use (kept out of the login bundle). */
const progressBar = () =>
  Promise.all([import('nprogress'), import('nprogress/nprogress.css')]).then(([{ default: bar }]) => {
    bar.configure({ showSpinner: false });
    return bar;
  });
let bar: ReturnType<typeof progressBar> | undefined;

/** The progress bar runs while a navigation (and the chunk of its page) is under way (spec 2.13). */
function useNavigationProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    // No bar has run yet and none is wanted: the first screen does not load the bar just to stop it.
    if (state === 'idle' && !bar) return;
    bar ??= progressBar();
    void bar.then((progress) => (state === 'idle' ? progress.done() : progress.start()));
  }, [state]);
}

/** The document title is the route's title followed by the tenant's product title. */
function useDocumentTitle() {
  const { t } = useTranslation();
  const matches = useMatches();
  const key = [...matches]
    .reverse()
    .map((m) => (m.handle as RouteHandle | undefined)?.key)
    .find(Boolean);
  useEffect(() => {
    const product = tenant.title[currentLocale()];
    document.title = key ? `${t(routeTitleKey(routeByKey(key) ?? { key }))} - ${product}` : product;
  }, [key, t]);
}

export function RootFrame() {
  useNavigationProgress();
  useDocumentTitle();
  return <Outlet />;
}
