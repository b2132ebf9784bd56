import type { ChangePasswordRequest } from './contract.ts';

/** i18n keys (locales/*.json) of the password-change messages; zh-chs holds the spec's words. */
export const PASSWORD_MESSAGES = {
  oldRequired: 'password.oldRequired', // 旧密码不能为空
  newRequired: 'password.newRequired', // 请输入密码
  repeatRequired: 'password.repeatRequired', // 请再次输入密码
  mismatch: 'password.mismatch', // 两次输入密码不一致!
  tooWeak: 'password.tooWeak',
  sameAsOld: 'password.sameAsOld',
} as const;

export const PASSWORD_MIN_LENGTH = 8;

/** The strength rule: at least 8 characters with both letters and digits. */
export const isStrongPassword = (pwd: string) =>
  pwd.length >= PASSWORD_MIN_LENGTH && /[A-Za-z]/.test(pwd) && /\d/.test(pwd);

export interface FieldProblem<F extends string = string> {
  field: F;
  messageKey: string;
}

/** The one rule set of the change-password form, used by the dialog and by the server. */
export function checkPasswordChange(
  input: Partial<ChangePasswordRequest>,
): FieldProblem<keyof ChangePasswordRequest>[] {
  const problems: FieldProblem<keyof ChangePasswordRequest>[] = [];
  const { oldPwd = '', newPwd = '', newPwdRe = '' } = input;
  if (!oldPwd) problems.push({ field: 'oldPwd', messageKey: PASSWORD_MESSAGES.oldRequired });
  if (!newPwd) problems.push({ field: 'newPwd', messageKey: PASSWORD_MESSAGES.newRequired });
  else if (!isStrongPassword(newPwd))
    problems.push({ field: 'newPwd', messageKey: PASSWORD_MESSAGES.tooWeak });
  else if (newPwd === oldPwd) problems.push({ field: 'newPwd', messageKey: PASSWORD_MESSAGES.sameAsOld });
  if (!newPwdRe) problems.push({ field: 'newPwdRe', messageKey: PASSWORD_MESSAGES.repeatRequired });
  else if (newPwd && newPwdRe !== newPwd)
    problems.push({ field: 'newPwdRe', messageKey: PASSWORD_MESSAGES.mismatch });
  return problems;
}
