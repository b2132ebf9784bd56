import { createHash, randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { cookieName } from '../../../src/shared/constants.ts';
import type { Grant } from '../access/permissions.ts';
import type { Queryable } from '../db/index.ts';

export interface Session {
  tokenHash: string;
  userId: string;
  loginName: string;
  expiresAt: Date;
  /** The user still has the temporary password an administrator set. */
  passwordTemporary: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    userSession?: Session;
    /** The signed-in user's grants, read once per request (the access check and the handler share them). */
    userGrants?: Promise<Grant[]>;
  }
}

/** 256 random bits; only their sha256 is stored. */
export const newToken = () => randomBytes(32).toString('base64url');
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The token from the Authorization header (raw or "Bearer x"), else from the tenant's token cookie. */
export function tokenFrom(request: FastifyRequest, tenantCode: string): string | undefined {
  const header = request.headers.authorization?.trim();
  if (header) return header.replace(/^Bearer\s+/i, '').trim() || undefined;
  return request.cookies?.[cookieName(tenantCode, 'token')] || undefined;
}

export async function findSession(db: Queryable, tokenHash: string, now: Date): Promise<Session | undefined> {
  const [row] = await db.query<{
    user_id: string;
    login_name: string;
    expires_at: Date;
    password_temporary: boolean;
  }>(
    `select u.id::text as user_id, u.login_name, s.expires_at, u.password_temporary
       from sessions s join users u on u.id = s.user_id
      where s.token_hash = $1 and s.ended_at is null and s.expires_at > $2 and u.enabled`,
    [tokenHash, now],
  );
  return (
    row && {
      tokenHash,
      userId: row.user_id,
      loginName: row.login_name,
      expiresAt: new Date(row.expires_at),
      passwordTemporary: row.password_temporary,
    }
  );
}
