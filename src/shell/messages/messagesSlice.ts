import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** A real-time notification as the popup shows it. */
export interface Notice {
  key: string;
  messageType: string;
  /** Markdown text. */
  markdown: string;
  receivedAt: string;
}

export interface MessagesState {
  /** Newest first. */
  notices: Notice[];
  popupOpen: boolean;
  /** Index into `notices` of the one shown. */
  current: number;
}

const initialState: MessagesState = { notices: [], popupOpen: false, current: 0 };

export const messagesSlice = createSlice({
  name: 'messages',
  initialState,
  reducers: {
    /** A new notification goes on top and is shown at once. */
    noticeReceived(state, action: PayloadAction<Notice>) {
      state.notices.unshift(action.payload);
      state.current = 0;
      state.popupOpen = true;
    },
    showPrevious(state) {
      state.current = Math.max(0, state.current - 1);
    },
    showNext(state) {
      state.current = Math.min(state.notices.length - 1, state.current + 1);
    },
    /** Closing dismisses the pile; the messages stay in the message centre. */
    popupClosed(state) {
      state.popupOpen = false;
      state.notices = [];
      state.current = 0;
    },
  },
  selectors: {
    selectNotices: (state) => state.notices,
    selectPopupOpen: (state) => state.popupOpen,
    selectCurrentIndex: (state) => state.current,
  },
});

export const { noticeReceived, showPrevious, showNext, popupClosed } = messagesSlice.actions;
export const { selectNotices, selectPopupOpen, selectCurrentIndex } = messagesSlice.selectors;
