// Calls the tenant's API server directly (from Node), the way an admin or a test harness would:
// used to create messages on the server and to read what the server holds.

import { type ResourceDecl, resourcePath } from '../../../src/framework/resource/index.ts';
import { type Envelope, type LoginData, PATHS } from '../../../src/shared/api/contract.ts';

export class ServerApi {
  constructor(readonly baseURL: string) {}

  async post<T = unknown>(
    path: string,
    body: Record<string, string | number | readonly string[]> = {},
    token?: string,
  ): Promise<Envelope<T> & Record<string, unknown>> {
    const form = new URLSearchParams();
    for (const [k, v] of Object.entries(body))
      for (const item of Array.isArray(v) ? v : [v]) form.append(k, String(item));
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' };
    if (token) headers.authorization = token;
    const res = await fetch(new URL(path, this.baseURL), {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    try {
      return JSON.parse(text) as Envelope<T> & Record<string, unknown>;
    } catch {
      throw new Error(`${path}: HTTP ${res.status}, not JSON: ${text.slice(0, 200)}`);
    }
  }

  /** Logs in and answers the session token; throws with the server's message when refused. */
  async login(username: string, password: string): Promise<LoginData> {
    const answer = await this.post<LoginData>(PATHS.login, { username, password });
    if (answer.code !== 200 || !answer.data?.token)
      throw new Error(`login of ${username} refused: ${answer.code} ${answer.msg ?? answer.message ?? ''}`);
    return answer.data;
  }

  /**
   * The first login of a user an administrator made: changes the temporary password to `password` (as the
   * login page asks) and answers it, for scenarios about what the user does next.
   */
  async ownPassword(username: string, temporary: string, password = 'Staff2026x'): Promise<string> {
    const { token } = await this.login(username, temporary);
    const answer = await this.post(
      PATHS.changePassword,
      { oldPwd: temporary, newPwd: password, newPwdRe: password },
      token,
    );
    if (answer.code !== 200) throw new Error(`password change of ${username}: ${answer.code} ${answer.msg}`);
    return password;
  }

  /** Creates a message for a user on the server (the admin/test call), which pushes it over the socket. */
  async sendMessage(
    adminToken: string,
    message: { loginName: string; messageType: string; message: string },
  ): Promise<void> {
    const answer = await this.post(PATHS.messageSend, message, adminToken);
    if (answer.code !== 200)
      throw new Error(`message send refused: ${answer.code} ${answer.msg ?? answer.message ?? ''}`);
  }

  /** Saves a record of a declared resource (create, or update with `id`); answers the saved record. */
  async save<T = Record<string, unknown> & { id: string }>(
    token: string,
    decl: ResourceDecl,
    body: Record<string, string | number | readonly string[]>,
  ): Promise<T> {
    const answer = await this.post<T>(resourcePath(decl, 'save'), body, token);
    if (answer.code !== 200 || !answer.data)
      throw new Error(
        `saving ${decl.key} refused: ${answer.code} ${answer.msg ?? ''} ${JSON.stringify(answer.data)}`,
      );
    return answer.data;
  }

  /** The records of a declared resource matching the filters (first 1000). */
  async list<T = Record<string, unknown> & { id: string }>(
    token: string,
    decl: ResourceDecl,
    filters: Record<string, string> = {},
  ): Promise<T[]> {
    const answer = await this.post<{ records: T[] }>(
      resourcePath(decl, 'list'),
      { size: 1000, ...filters },
      token,
    );
    if (answer.code !== 200 || !answer.data)
      throw new Error(`listing ${decl.key} refused: ${answer.code} ${answer.msg ?? ''}`);
    return answer.data.records;
  }

  /** Accepts the current disclaimer for the session's user, so it does not open by itself. */
  async acceptDisclaimer(token: string): Promise<void> {
    const answer = await this.post(PATHS.acceptDisclaimer, {}, token);
    if (answer.code !== 200)
      throw new Error(
        `accepting the disclaimer refused: ${answer.code} ${answer.msg ?? answer.message ?? ''}`,
      );
  }

  async unreadCount(token: string): Promise<number> {
    const answer = await this.post<{ messCount: number }>(PATHS.menu, {}, token);
    return Number(answer.data?.messCount ?? Number.NaN);
  }
}
