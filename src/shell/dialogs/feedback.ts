import { App, Modal, message as staticMessage } from 'antd';

/**
 * antd's message and modal APIs: the themed ones of the app's <App> when there is one,
 * the static ones otherwise (tests, bare pages).
 */
export function useFeedback() {
  const app = App.useApp();
  return {
    message: typeof app.message?.success === 'function' ? app.message : staticMessage,
    modal: typeof app.modal?.confirm === 'function' ? app.modal : Modal,
  };
}

/** Dialog defaults of spec 5: no overlay (not modal), and an overlay click never closes. */
export const DIALOG_MASK = { enabled: false, closable: false } as const;

/**
 * Props of a dialog that leaves the page usable: no overlay, and antd's full-screen wrapper lets clicks
 * through to the page (the dialog box itself stays clickable).
 */
export const NON_MODAL = { mask: DIALOG_MASK, styles: { wrapper: { pointerEvents: 'none' } } } as const;
