// The demo's roles finish every four-eyes workflow without the administrator: over every declaration whose
// workflow has an approval, whoever among the demo users may put a document up for a decision (submit it,
// or save it straight into the awaiting state, or ask for it by a command of another resource), another
// non-admin demo user may approve and reject it. Read from the rights a fresh database grants (the seed and
// every area's grants), so a new workflow or a changed grant is checked too. Then walked once over HTTP: a
// margin application finance registers is refused to its registrar and approved by the second finance user.
import type { FastifyInstance } from 'fastify';
import { clientMarginApplication, clientMarginMovement } from '../../src/areas/margin/index.ts';
import { awaitingApprovalStates, type ResourceDecl } from '../../src/framework/resource/index.ts';
import { type Grant, loadGrants, permissionsOn } from '../platform/access/permissions.ts';
import { DEMO_USERS } from '../platform/db/seed/data.ts';
import { login, manualClock, openTestDb, startApp } from '../test/harness.ts';
import { resourceCalls } from '../test/resourceCalls.ts';
import { SERVER_AREAS } from './index.ts';

const DECLS = SERVER_AREAS.flatMap((area) => area.declarations.resources);
const APPROVED = DECLS.filter((decl) => decl.workflow?.approval);
const byKey = new Map(DECLS.map((decl) => [decl.key, decl]));

/** Documents another resource's command asks for (the request lands awaiting a decision). */
const REQUESTED_BY: Record<string, { resource: string; command: string }> = {
  contractTransfer: { resource: 'transactionContract', command: 'requestTransfer' },
  clientOrderRevocation: { resource: 'clientPriceOrder', command: 'requestCancel' },
  // Computed for a period by its own command, it waits for a second person's confirmation.
  pledgeInterest: { resource: 'pledgeInterest', command: 'computeInterest' },
};

/** The permission codes that decide a document: the approval's, and those a routing rule asks for besides. */
function decidingCodes(decl: ResourceDecl): string[] {
  const { approve, reject } = decl.workflow!.approval!;
  const codes = decl.workflow!.transitions.filter((t) => t.action === approve || t.action === reject);
  // A contract the routing rule sends to risk is approved only by a holder of approveRisk.
  return [...new Set([...codes.map((t) => t.permission), ...(decl.extraPermissions ?? [])])];
}

/** The codes that put a document up for a decision, on the resource they are held on. */
function submittingCodes(decl: ResourceDecl): { resource: string; code: string }[] {
  const wf = decl.workflow!;
  const awaiting = awaitingApprovalStates(decl);
  const steps = wf.transitions
    .filter((t) => awaiting.includes(t.to) && t.action !== wf.approval!.approve)
    .map((t) => ({ resource: decl.key, code: t.permission }));
  const created = decl.permissions.create ? [{ resource: decl.key, code: decl.permissions.create }] : [];
  const requested = REQUESTED_BY[decl.key];
  const command = requested && byKey.get(requested.resource)?.commands?.[requested.command];
  return [
    ...steps,
    ...created,
    ...(command ? [{ resource: requested.resource, code: command.permission }] : []),
  ];
}

describe('the demo users finish every four-eyes workflow without the administrator', () => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const grants = new Map<string, Grant[]>();
  const staff = DEMO_USERS.filter((user) => user.role !== 'administrator').map((user) => user.loginName);
  const holding = (resource: string, code: string) =>
    staff.filter((name) => permissionsOn(grants.get(name)!, resource).includes(code));

  beforeAll(async () => {
    env = await openTestDb({ name: 'pglite' });
    ({ app } = await startApp(env.db, manualClock(Date.parse('2026-11-23T08:00:00Z'))));
    const users = await env.db.query<{ id: string; loginName: string }>(
      'select id::text, login_name as "loginName" from users',
    );
    for (const user of users) grants.set(user.loginName, await loadGrants(env.db, user.id));
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('seeds every demo user', () => {
    expect([...grants.keys()].sort()).toEqual(DEMO_USERS.map((user) => user.loginName).sort());
  });

  it.each(APPROVED.map((decl) => [decl.key, decl] as const))(
    '%s: someone may submit it, and each who may has another non-admin demo user to decide it',
    (key, decl) => {
      const submitters = [
        ...new Set(submittingCodes(decl).flatMap(({ resource, code }) => holding(resource, code))),
      ];
      expect(submitters, `${key}: a demo user puts it up for a decision`).not.toEqual([]);
      for (const code of decidingCodes(decl))
        for (const submitter of submitters)
          expect(
            holding(key, code).filter((name) => name !== submitter),
            `${key}: ${submitter} submits; who else holds ${code}`,
          ).not.toEqual([]);
    },
  );

  it('a margin withdrawal finance registers is approved by the other finance user, not its registrar', async () => {
    const { call, transition } = resourceCalls(() => app);
    const [client] = await env.db.query<{ id: string }>(
      `select id::text from partners where 'client' = any(kinds) order by id limit 1`,
    );
    const finance = (await login(app, 'finance')).token;
    const deposit = await call(finance, clientMarginMovement, 'save', {
      occurredOn: '2026-11-23',
      partnerId: client!.id,
      kind: 'deposit',
      amount: '80000',
    });
    expect(deposit.json.code, deposit.json.msg).toBe(200);
    const saved = await call(finance, clientMarginApplication, 'save', {
      partnerId: client!.id,
      kind: 'withdraw',
      amount: '50000',
      reason: '客户申请退还部分保证金',
    });
    expect(saved.json.code, saved.json.msg).toBe(200);
    const id = (saved.json.data as { id: string }).id;
    expect((await transition(finance, clientMarginApplication, id, 'approve')).json.code).toBe(400);
    const other = DEMO_USERS.find((user) => user.role === 'finance' && user.loginName !== 'finance');
    expect(other, 'a second finance user').toBeDefined();
    const approved = await transition(
      (await login(app, other!.loginName)).token,
      clientMarginApplication,
      id,
      'approve',
    );
    expect(approved.json.code, approved.json.msg).toBe(200);
  });
});
