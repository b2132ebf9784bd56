/** What the request layer needs to tell the user something, outside of any component. */
export interface Notifier {
  error(text: string): void;
  warning(text: string): void;
}

/** Before the app registers its themed API, antd's static one is used (loaded on demand: antd is not in the first bundle). */
const staticNotifier: Notifier = {
  error: (text) => void import('antd').then(({ message }) => message.error(text)),
  warning: (text) => void import('antd').then(({ message }) => message.warning(text)),
};

let current: Notifier = staticNotifier;

/** The app registers antd's App message API so messages follow the theme. */
export function registerNotifier(notifier: Notifier | null) {
  current = notifier ?? staticNotifier;
}

export const notify: Notifier = {
  error: (text) => current.error(text),
  warning: (text) => current.warning(text),
};
