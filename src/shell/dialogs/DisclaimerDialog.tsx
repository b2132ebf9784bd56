import { Button, Empty, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { tenant } from '../../shared/tenant/index.ts';
import { Markdown } from '../messages/Markdown.tsx';
import { useAcceptDisclaimerMutation, useHelpArticleQuery, useQueryDisclaimerQuery } from './dialogsApi.ts';
import { NON_MODAL } from './feedback.ts';

export interface DisclaimerDialogProps {
  /** Opened from the header. */
  open?: boolean;
  onClose?: () => void;
}

/** Opens by itself once when the server says the disclaimer is not accepted yet (data 1). */
function useAutoOpen() {
  const { data: pending } = useQueryDisclaimerQuery();
  const [autoOpen, setAutoOpen] = useState(false);
  useEffect(() => {
    if (pending === 1) setAutoOpen(true);
  }, [pending]);
  return { pending: pending === 1, autoOpen, closeAuto: () => setAutoOpen(false) };
}

/** The tenant's disclaimer article; its own name is shown when it differs from the dialog title. */
function DisclaimerText({ open }: { open: boolean }) {
  const { t } = useTranslation();
  const { data: article, isFetching } = useHelpArticleQuery(
    { serviceUrl: tenant.disclaimer.serviceUrl, id: tenant.disclaimer.id },
    { skip: !open },
  );
  if (isFetching) return <Spin />;
  if (!article) return <Empty description={t('dialogs.disclaimer.unavailable')} />;
  const ownName = article.name && article.name !== t('dialogs.disclaimer.title') ? article.name : null;
  return (
    <>
      {ownName ? <Typography.Title level={5}>{ownName}</Typography.Title> : null}
      <Markdown text={article.text} />
    </>
  );
}

/** The disclaimer from the tenant's help service, with an accept button while it is not accepted. */
export function DisclaimerDialog({ open = false, onClose }: DisclaimerDialogProps) {
  const { t } = useTranslation();
  const { pending, autoOpen, closeAuto } = useAutoOpen();
  const [accept, { isLoading }] = useAcceptDisclaimerMutation();
  const shown = open || autoOpen;
  const close = () => {
    closeAuto();
    onClose?.();
  };
  const acceptAndClose = async () => {
    try {
      await accept().unwrap();
      close();
    } catch {
      // The request layer has shown why; the dialog stays open for another try.
    }
  };
  const footer = pending ? (
    <Button type="primary" loading={isLoading} onClick={acceptAndClose}>
      {t('dialogs.disclaimer.accept')}
    </Button>
  ) : (
    <Button onClick={close}>{t('dialogs.close')}</Button>
  );
  return (
    <Modal
      open={shown}
      title={t('dialogs.disclaimer.title')}
      onCancel={close}
      footer={footer}
      {...NON_MODAL}
      width={720}
    >
      <DisclaimerText open={shown} />
    </Modal>
  );
}
