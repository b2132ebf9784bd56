// The generic calls of a declared resource as the server tests make them: by the caller (a session token,
// or a name `tokenOf` turns into one), asserting success where the test only needs the answer's data.
import type { FastifyInstance } from 'fastify';
import { type ResourceDecl, type ResourceVerb, resourcePath } from '../../src/framework/resource/index.ts';
import { post } from './harness.ts';

export type Row = Record<string, unknown> & { id: string };
export type Body = Record<string, string | number | string[]>;

/** `app` is read at call time (tests start it in beforeAll). */
export function resourceCalls(
  app: () => FastifyInstance,
  tokenOf: (who: string) => string = (token) => token,
) {
  const call = (who: string, decl: ResourceDecl, verb: ResourceVerb, body: Body = {}) =>
    post(app(), resourcePath(decl, verb), body, { token: tokenOf(who) });
  return {
    call,
    saved: async (who: string, decl: ResourceDecl, body: Body) => {
      const { json } = await call(who, decl, 'save', body);
      expect(json.code, json.msg).toBe(200);
      return json.data as Row;
    },
    records: async (who: string, decl: ResourceDecl, filters: Body = {}) => {
      const { json } = await call(who, decl, 'list', { size: 1000, ...filters });
      expect(json.code, json.msg).toBe(200);
      return (json.data as { records: Row[] }).records;
    },
    transition: (who: string, decl: ResourceDecl, id: string, action: string, comment = '') =>
      call(who, decl, 'transition', { id, action, ...(comment ? { comment } : {}) }),
  };
}
