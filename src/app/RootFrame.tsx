import NProgress from 'nprogress';
import 'nprogress/nprogress.css';
import './progress.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useNavigation } from 'react-router-dom';
import { tenant } from '../shared/tenant/index.ts';
import { currentLocale } from '../shell/settings/locale.ts';
import type { RouteHandle } from './router.tsx';

NProgress.configure({ showSpinner: false });

/** The progress bar runs while a navigation (and the chunk of its page) is under way (spec 2.13). */
function useNavigationProgress() {
  const { state } = useNavigation();
  useEffect(() => {
    if (state === 'idle') NProgress.done();
    else NProgress.start();
  }, [state]);
  useEffect(() => () => void NProgress.done(), []);
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
    document.title = key ? `${t(`route.${key}`)} - ${product}` : product;
  }, [key, t]);
}

export function RootFrame() {
  useNavigationProgress();
  useDocumentTitle();
  return <Outlet />;
}
