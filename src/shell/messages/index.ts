export { isMobileUserAgent } from './isMobile.ts';
export { Markdown } from './Markdown.tsx';
export { MessageBell } from './MessageBell.tsx';
export { MessageCentre, useMessageBrowser } from './MessageCentre.tsx';
export { MessageSocket, useMessageSocket } from './MessageSocket.tsx';
export { MessageChannel, socketUrl } from './messageChannel.ts';
export {
  invalidateMessages,
  messagesApi,
  useMessageDetailsInfiniteQuery,
  useMessageSummariesQuery,
} from './messagesApi.ts';
export {
  type MessagesState,
  messagesSlice,
  type Notice,
  noticeReceived,
  popupClosed,
  selectCurrentIndex,
  selectNotices,
  selectPopupOpen,
  showNext,
  showPrevious,
} from './messagesSlice.ts';
export { messageTypeKey } from './messageTypes.ts';
export { NotificationPopup, type NotificationPopupProps } from './NotificationPopup.tsx';
export { useTitleFlash } from './useTitleFlash.ts';
