import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';

/**
 * The change a user must make first when an administrator set their password (a new account, a reset):
 * the server answers nothing else until it is made.
 */
export function TemporaryPasswordChange({ onDone }: { onDone?: () => void }) {
  const { t } = useTranslation();
  return (
    <section aria-label={t('dialogs.password.temporaryTitle')}>
      <Alert
        type="warning"
        showIcon
        title={t('dialogs.password.temporaryTitle')}
        description={t('dialogs.password.temporaryHint')}
        style={{ marginBottom: 16 }}
      />
      <ChangePasswordForm onDone={onDone} />
    </section>
  );
}
