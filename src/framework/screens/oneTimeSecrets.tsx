import { type App, Typography } from 'antd';
import type { TFunction } from 'i18next';
import type { ResourceRecord } from './resourceApi.ts';

/**
 * A save or transition may answer a one-time secret (a new user's or a reset temporary password). It is
 * shown once, in a dialog the administrator closes, since the server keeps only its hash.
 */
export function showOneTimeSecrets(
  modal: ReturnType<typeof App.useApp>['modal'],
  t: TFunction,
  records: readonly (ResourceRecord | null | undefined)[],
  subjectOf: (record: ResourceRecord) => string,
): void {
  const secrets = records.filter(
    (r): r is ResourceRecord => typeof r?.temporaryPassword === 'string' && r.temporaryPassword !== '',
  );
  if (secrets.length === 0) return;
  modal.info({
    title: t('resource.temporaryPasswordTitle'),
    content: (
      <>
        <p>{t('resource.temporaryPasswordHint')}</p>
        {secrets.map((r) => (
          <p key={String(r.id)}>
            {subjectOf(r)}:{' '}
            <Typography.Text code copyable>
              {String(r.temporaryPassword)}
            </Typography.Text>
          </p>
        ))}
      </>
    ),
    okText: t('resource.temporaryPasswordDone'),
  });
}
