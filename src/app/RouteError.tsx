import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { useAppDispatch } from './hooks.ts';
import { ChunkLoadTimeoutError, ModuleNotFoundError } from './pageRegistry.ts';

function useErrorText(error: unknown): string {
  const { t } = useTranslation();
  if (error instanceof ModuleNotFoundError) return t('page.moduleNotFound', { key: error.routeKey });
  if (error instanceof ChunkLoadTimeoutError) return t('page.chunkTimeout', { key: error.routeKey });
  return t('page.loadFailed');
}

/**
 * A page that could not be shown (its chunk failed, timed out or does not exist, or it threw): the reason, a reload button, and a danger entry in the log.
 * Plain markup on purpose: it is part of the first bundle, which carries no antd.
 */
export function PageError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const text = useErrorText(error);
  useEffect(() => {
    const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    void import('../shell/log/logSlice.ts').then(({ writeLog }) =>
      dispatch(writeLog({ message, type: 'danger', extras: { kind: 'route' } })),
    );
  }, [error, dispatch]);
  return (
    <section role="alert" style={{ padding: 48, textAlign: 'center' }}>
      <h2>{text}</h2>
      <button type="button" onClick={() => window.location.reload()}>
        {t('page.retry')}
      </button>
    </section>
  );
}

/** The error element of every route: whatever a page threw while rendering. */
export function RouteError() {
  return <PageError error={useRouteError()} />;
}
