import { PATHS } from '../../../src/shared/api/contract.ts';
import type { Queryable } from '../db/index.ts';

const SECRET_FIELD = /pwd|password|token/i;

/** The input as recorded: secrets replaced, so the record can be read by auditors. */
export function redact(input: unknown): unknown {
  if (typeof input !== 'object' || input === null) return input;
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, SECRET_FIELD.test(k) ? '***' : v]));
}

/**
 * The changing calls other than a resource's generic ones, by path: the operation they record (a value of
 * the operationAction dictionary, which names it in words) and the part of the product they belong to (a value
 * of the operationModule dictionary).
 */
export const CALL_OPERATIONS: Readonly<Record<string, { operation: string; module: string }>> = {
  [PATHS.login]: { operation: 'login', module: 'account' },
  [PATHS.logout]: { operation: 'logout', module: 'account' },
  [PATHS.changePassword]: { operation: 'changePassword', module: 'account' },
  [PATHS.acceptDisclaimer]: { operation: 'acceptDisclaimer', module: 'disclaimer' },
  [PATHS.messageDetail]: { operation: 'readMessages', module: 'messages' },
  [PATHS.messageSend]: { operation: 'sendMessage', module: 'messages' },
};

export interface OperationRecord {
  userId: string | undefined;
  loginName: string | undefined;
  action: string;
  detail: unknown;
  address: string;
  at: Date;
}

export async function recordOperation(tx: Queryable, r: OperationRecord): Promise<void> {
  await tx.query(
    `insert into operation_records (user_id, login_name, action, detail, address, at)
     values ($1, $2, $3, $4, $5, $6)`,
    [
      r.userId ?? null,
      r.loginName ?? null,
      r.action,
      JSON.stringify(redact(r.detail) ?? null),
      r.address,
      r.at,
    ],
  );
}
