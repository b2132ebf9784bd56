import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { ChangePasswordForm } from './ChangePasswordForm.tsx';
import { NON_MODAL } from './feedback.ts';

export interface DialogProps {
  open: boolean;
  onClose: () => void;
}

/** The change-password dialog (spec 5); closes itself after 修改成功. */
export function ChangePasswordDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('dialogs.password.title')}
      onCancel={onClose}
      footer={null}
      {...NON_MODAL}
      destroyOnHidden
    >
      <ChangePasswordForm onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}
