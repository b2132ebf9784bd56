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
export const unauthorized = (message = '登录已失效，请重新登录') =>
  new BusinessError(BODY_CODE.unauthorized, message);
export const forbidden = (message = '暂无权限') => new BusinessError(BODY_CODE.forbidden, message);

export const ok = <T>(data?: T, msg = '操作成功'): Envelope<T> =>
  data === undefined ? { code: BODY_CODE.ok, msg } : { code: BODY_CODE.ok, msg, data };
