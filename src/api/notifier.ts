import { message } from 'antd';

/** What the request layer needs to tell the user something, outside of any component. */
export interface Notifier {
  error(text: string): void;
  warning(text: string): void;
}

const staticNotifier: Notifier = {
  error: (text) => void message.error(text),
  warning: (text) => void message.warning(text),
};

let current: Notifier = staticNotifier;

/** The app registers antd's App message API so messages follow the theme; the static API is the fallback. */
export function registerNotifier(notifier: Notifier | null) {
  current = notifier ?? staticNotifier;
}

export const notify: Notifier = {
  error: (text) => current.error(text),
  warning: (text) => current.warning(text),
};
