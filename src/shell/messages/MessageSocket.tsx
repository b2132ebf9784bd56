import { useEffect } from 'react';
import { useDispatch } from 'react-redux';
import { api } from '../../api/api.ts';
import type { SocketFrame } from '../../shared/api/contract.ts';
import { MessageChannel, socketUrl } from './messageChannel.ts';
import { invalidateMessages, invalidateSummaries } from './messagesApi.ts';
import { type Notice, noticeReceived } from './messagesSlice.ts';

let noticeSequence = 0;

function noticeOf(frame: SocketFrame): Notice {
  noticeSequence += 1;
  return {
    key: frame.notice?.id ?? `notice-${Date.now()}-${noticeSequence}`,
    messageType: frame.notice?.messageType ?? frame.messageType,
    markdown: frame.result ?? '',
    receivedAt: frame.notice?.createTime ?? new Date().toISOString(),
  };
}

/** Keeps the real-time channel of the logged-in user open while mounted (the layout mounts it after login). */
export function useMessageSocket(userId: string | null | undefined) {
  const dispatch = useDispatch();
  useEffect(() => {
    if (!userId) return;
    const channel = new MessageChannel({
      url: socketUrl(userId),
      onNotification: (frame) => {
        dispatch(noticeReceived(noticeOf(frame)));
        dispatch(invalidateMessages());
      },
      // The server orders a reconnect when the session ended; refetching the summaries lets a 401 answer
      // take the user to the login page, and is harmless while the session is still valid.
      onReconnectOrder: () => dispatch(invalidateSummaries()),
      // Records changed on the server (a trade booked, a fixing made): the screens showing them refetch.
      onDataChanged: (changed) =>
        dispatch(api.util.invalidateTags(changed.map((id) => ({ type: 'Resource' as const, id })))),
    });
    channel.start();
    return () => channel.stop();
  }, [userId, dispatch]);
}

/** Renders nothing; holds the socket of `userId` open while mounted. */
export function MessageSocket({ userId }: { userId: string | null | undefined }) {
  useMessageSocket(userId);
  return null;
}
