export { ChangePasswordDialog, type DialogProps } from './ChangePasswordDialog.tsx';
export { ChangePasswordForm, type ChangePasswordFormProps } from './ChangePasswordForm.tsx';
export { DisclaimerDialog, type DisclaimerDialogProps } from './DisclaimerDialog.tsx';
export { dialogsApi } from './dialogsApi.ts';
export { DIALOG_MASK, NON_MODAL, useFeedback } from './feedback.ts';
export { LargeScreenDialog, largeScreenUrl } from './LargeScreenDialog.tsx';
export { useLogoutConfirm } from './useLogoutConfirm.ts';
