import { Button, Result } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { writeLog } from '../shell/log/logSlice.ts';
import { useAppDispatch } from './hooks.ts';
import { ChunkLoadTimeoutError, ModuleNotFoundError } from './pageRegistry.ts';

function useErrorText(error: unknown): string {
  const { t } = useTranslation();
  if (error instanceof ModuleNotFoundError) return t('page.moduleNotFound', { key: error.routeKey });
  if (error instanceof ChunkLoadTimeoutError) return t('page.chunkTimeout', { key: error.routeKey });
  return t('page.loadFailed');
}

/** A route that could not be shown: the reason, a reload button, and a danger entry in the log. */
export default function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  const dispatch = useAppDispatch();
  const text = useErrorText(error);
  useEffect(() => {
    const detail = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    dispatch(writeLog({ message: detail, type: 'danger', extras: { kind: 'route' } }));
  }, [error, dispatch]);
  return (
    <Result
      status="error"
      title={text}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('page.retry')}
        </Button>
      }
    />
  );
}
