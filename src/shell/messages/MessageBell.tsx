import { BellOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { UNREAD_BADGE_CAP } from '../../shared/constants.ts';
import { type SessionState, selectUser, setMessCount } from '../session/sessionSlice.ts';
import { MessageCentre } from './MessageCentre.tsx';
import { useMessageSummariesQuery } from './messagesApi.ts';

const selectMessCount = (state: { session: SessionState }) => selectUser(state)?.messCount ?? 0;

/** The unread total of the summaries; the user's messCount follows it whenever the summaries change. */
function useUnreadCount() {
  const dispatch = useDispatch();
  const messCount = useSelector(selectMessCount);
  const { data: summaries } = useMessageSummariesQuery();
  const total = summaries?.reduce((sum, summary) => sum + summary.unreadCount, 0);
  useEffect(() => {
    if (total !== undefined) dispatch(setMessCount(total));
  }, [total, dispatch]);
  return total ?? messCount;
}

/** The header bell: unread badge capped at 99+, opens the message centre. */
export function MessageBell() {
  const { t } = useTranslation();
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Badge count={count} overflowCount={UNREAD_BADGE_CAP} size="small">
        <Button
          type="text"
          icon={<BellOutlined />}
          aria-label={t('messages.bell', { count })}
          onClick={() => setOpen(true)}
        />
      </Badge>
      <MessageCentre open={open} onClose={() => setOpen(false)} />
    </>
  );
}
