// What a domain rule answers when a value or an operation is refused: a code and its parameters for a
// translated message, and the message itself in Chinese, as the server writes its refusals.

export interface Problem {
  code: string;
  message: string;
  params?: Readonly<Record<string, string | number>>;
}

export const problem = (code: string, message: string, params?: Problem['params']): Problem =>
  params ? { code, message, params } : { code, message };

/** Whether a rule answered a refusal rather than its result. */
export const isProblem = (value: unknown): value is Problem =>
  typeof value === 'object' && value !== null && 'code' in value && 'message' in value;
