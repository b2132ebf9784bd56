import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { ChangePasswordForm } from '../dialogs/ChangePasswordForm.tsx';

/** The password-edit page of the top navigation: the change-password form on a page; done goes home. */
export default function PasswordEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const home = () => navigate('/index');
  return (
    <Card title={t('route.passwordEdit')} style={{ maxWidth: 520 }}>
      <ChangePasswordForm onDone={home} onCancel={home} />
    </Card>
  );
}
