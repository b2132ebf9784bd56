import { BODY_CODE, type Envelope } from '../../../src/shared/api/contract.ts';

/** A business outcome other than success: travels as the body code with HTTP 200 (nothing was changed). */
export class BusinessError extends Error {
  constructor(
    readonly code: number,
    message: string,
    /** Answered as the envelope's `data` (e.g. every bad row of a refused file). */
    readonly data?: unknown,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, data?: unknown) =>
  new BusinessError(BODY_CODE.badRequest, message, data);
/** A 400 that the form shows under the field to blame. */
export const refusedField = (field: string, message: string) =>
  badRequest(message, { fields: { [field]: message } });
/** Whether a value is a record id as the wire carries it (digits of a bigint). */
export const isRecordId = (value: unknown) => /^\d{1,18}$/.test(String(value ?? ''));
export const unauthorized = (message = '登录已失效，请重新登录') =>
  new BusinessError(BODY_CODE.unauthorized, message);
export const forbidden = (message = '暂无权限') => new BusinessError(BODY_CODE.forbidden, message);

export const ok = <T>(data?: T, msg = '操作成功'): Envelope<T> =>
  data === undefined ? { code: BODY_CODE.ok, msg } : { code: BODY_CODE.ok, msg, data };
