import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { isMobileUserAgent } from './isMobile.ts';
import { Markdown } from './Markdown.tsx';
import { type MessagesState, messagesSlice, popupClosed, showNext, showPrevious } from './messagesSlice.ts';
import { messageTypeKey } from './messageTypes.ts';
import { useTitleFlash } from './useTitleFlash.ts';

const NOTHING: MessagesState = { notices: [], popupOpen: false, current: 0 };

/** The slice joins the store lazily (after the login bundle); until then there is nothing to show. */
const selectMessages = (state: { [messagesSlice.reducerPath]?: MessagesState }) =>
  state[messagesSlice.reducerPath] ?? NOTHING;

export interface NotificationPopupProps {
  /** Mobile shows no popup; read from the user agent unless the layout says. */
  isMobile?: boolean;
}

/** New real-time notifications, newest first, with previous / next and a counter (desktop only). */
export function NotificationPopup({ isMobile = isMobileUserAgent() }: NotificationPopupProps) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { notices, popupOpen, current } = useSelector(selectMessages);
  const open = popupOpen && !isMobile && notices.length > 0;
  useTitleFlash(open, t('messages.titlePrefix'));
  const notice = notices[current];
  if (!open || !notice) return null;

  const footer = (
    <Space>
      <Button icon={<LeftOutlined />} disabled={current === 0} onClick={() => dispatch(showPrevious())}>
        {t('messages.previous')}
      </Button>
      <Typography.Text
        aria-label={t('messages.counter')}
      >{`${current + 1} / ${notices.length}`}</Typography.Text>
      <Button
        icon={<RightOutlined />}
        iconPlacement="end"
        disabled={current === notices.length - 1}
        onClick={() => dispatch(showNext())}
      >
        {t('messages.next')}
      </Button>
    </Space>
  );

  return (
    <Modal
      open
      mask={{ enabled: false, closable: false }}
      // The popup sits in a corner; the rest of the page stays usable while it is open.
      styles={{ wrapper: { pointerEvents: 'none' } }}
      title={t(messageTypeKey(notice.messageType))}
      footer={footer}
      onCancel={() => dispatch(popupClosed())}
      style={{ position: 'fixed', right: 24, bottom: 24, top: 'auto', margin: 0 }}
      width={380}
    >
      <Markdown text={notice.markdown} />
    </Modal>
  );
}
