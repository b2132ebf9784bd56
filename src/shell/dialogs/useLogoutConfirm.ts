import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import { api } from '../../api/api.ts';
import { sendToLogin } from '../../api/baseQuery.ts';
import { useLogoutMutation } from '../session/sessionApi.ts';
import { loggedOut } from '../session/sessionSlice.ts';
import { DIALOG_MASK, useFeedback } from './feedback.ts';

/**
 * Returns a function asking to confirm the logout. Confirm: logout call, session cookie cleared, user reset,
 * login page. Cancel: 取消退出操作.
 */
export function useLogoutConfirm() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { message, modal } = useFeedback();
  const [logout] = useLogoutMutation();

  const confirmed = async () => {
    // The session ends here whatever the server answers; a failed logout call must not keep the user in.
    await logout()
      .unwrap()
      .catch(() => undefined);
    sendToLogin();
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  };

  return () =>
    modal.confirm({
      title: t('dialogs.logout.title'),
      content: t('dialogs.logout.content'),
      okText: t('dialogs.logout.ok'),
      cancelText: t('dialogs.cancel'),
      mask: DIALOG_MASK,
      onOk: confirmed,
      onCancel: () => void message.info(t('dialogs.logout.cancelled')),
    });
}
