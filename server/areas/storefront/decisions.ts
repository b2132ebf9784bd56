// A purchase request decided (domain-money.md §7.4, SM-14). Made, it reserved its package's batches and
// drafted a B2B sale; the sales desk accepts it, or rejects it with a reason, and a request the desk leaves
// waiting past platformOrderExpiryMinutes (the server's clock, on the setting of the day it was made) expires.
// Rejected or expired, its draft contract is voided, its reservation cancelled (the batches back in stock) and
// its package back on sale (or expired, past its validity); the client reads the outcome and the reason.

import type { FastifyInstance } from 'fastify';
import { requestExpiresAt, requestHasExpired } from '../../../src/domain/index.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { formatDateTime } from '../../platform/time.ts';
import { moveBatch } from '../warehouse/index.ts';

interface DecidedRequest {
  id: string;
  requestNo: string;
  status: string;
  packageId: string;
  reservationId: string | null;
  contractId: string | null;
}

async function lockedRequest(db: Queryable, id: string): Promise<DecidedRequest> {
  const [row] = await db.query<DecidedRequest>(
    `select id::text, request_no as "requestNo", status, package_id::text as "packageId",
            reservation_id::text as "reservationId", contract_id::text as "contractId"
       from platform_purchase_requests where id = $1 for update`,
    [id],
  );
  if (!row) throw badRequest('采购申请不存在');
  return row;
}

/**
 * Undoes what the request did: its draft contract voided, its reservation cancelled, its package back on
 * sale. A contract the desk has already taken past draft is not undone here: refused (a rejection), or the
 * request left as it is (an expiry), answered false.
 */
async function undoRequest(hook: HookContext, request: DecidedRequest, because: string): Promise<boolean> {
  if (request.contractId) {
    const [contract] = await hook.db.query<{ status: string; contractNo: string }>(
      `select status, contract_no as "contractNo" from transaction_contracts where id = $1 for update`,
      [request.contractId],
    );
    if (contract && contract.status !== 'draft' && contract.status !== 'voided') return false;
    if (contract?.status === 'draft') {
      await hook.db.query(`update transaction_contracts set status = 'voided' where id = $1`, [
        request.contractId,
      ]);
      await recordStep(hook, 'transactionContract', request.contractId, {
        action: 'void',
        from: 'draft',
        to: 'voided',
        comment: because,
      });
    }
  }
  if (request.reservationId) {
    const [reservation] = await hook.db.query<{ status: string }>(
      'select status from client_reservations where id = $1 for update',
      [request.reservationId],
    );
    if (reservation?.status === 'reserved') {
      const lines = await hook.db.query<{ batchNo: string }>(
        'select batch_no as "batchNo" from client_reservation_lines where reservation_id = $1 order by sort, id',
        [request.reservationId],
      );
      for (const { batchNo } of lines)
        await moveBatch(hook, batchNo, { from: ['reserved'], to: 'stock', because });
      await hook.db.query(`update client_reservations set status = 'cancelled' where id = $1`, [
        request.reservationId,
      ]);
      await recordStep(hook, 'clientReservation', request.reservationId, {
        action: 'cancelReservation',
        from: 'reserved',
        to: 'cancelled',
        comment: because,
      });
    }
  }
  // Its batches in stock again, the package goes back on sale while it is valid (SM-13 reserved → published).
  const [pack] = await hook.db.query<{ status: string; validUntil: string }>(
    `select status, to_char(valid_until, 'YYYY-MM-DD') as "validUntil" from resource_packages where id = $1 for update`,
    [request.packageId],
  );
  if (pack?.status === 'reserved') {
    const to = pack.validUntil >= hook.today ? 'published' : 'expired';
    await hook.db.query('update resource_packages set status = $2 where id = $1', [request.packageId, to]);
    await recordStep(hook, 'resourcePackage', request.packageId, {
      action: to === 'published' ? 'publish' : 'expire',
      from: 'reserved',
      to,
      comment: because,
    });
  }
  return true;
}

/** The engine moved the request (accept or reject): who decided, when and, rejecting it, why and its undoing. */
export async function afterRequestDecided(hook: HookContext, id: string, action: string) {
  const request = await lockedRequest(hook.db, id);
  const [step] = await hook.db.query<{ comment: string | null }>(
    `select comment from document_history
      where resource_key = 'platformPurchaseRequest' and record_id = $1 order by id desc limit 1`,
    [id],
  );
  const reason = step?.comment?.trim() || null;
  if (action === 'reject') {
    if (!reason) throw badRequest('请填写驳回原因，客户将看到它');
    if (!(await undoRequest(hook, request, `平台采购申请 ${request.requestNo} 被驳回：${reason}`)))
      throw badRequest('该申请的销售合同已提交审批，不能驳回；请先处理合同');
  }
  await hook.db.query(
    'update platform_purchase_requests set reason = $2, decided_by = $3, decided_at = $4 where id = $1',
    [id, reason, hook.actor.userId, hook.now],
  );
  return {};
}

/**
 * Expires every request still waiting past its minutes (setting platformOrderExpiryMinutes on the day it was
 * made; 0: it waits): its numbers. Nobody did it: the histories name no user.
 */
export async function expireWaitingRequests(hook: HookContext, timeZone: string): Promise<string[]> {
  const waiting = await hook.db.query<{ id: string; createdAt: string }>(
    `select id::text, to_char(created_at at time zone $1, 'YYYY-MM-DD HH24:MI:SS') as "createdAt"
       from platform_purchase_requests where status = 'submitted' order by id`,
    [timeZone],
  );
  const now = formatDateTime(hook.now, timeZone);
  const expired: string[] = [];
  for (const candidate of waiting) {
    const minutes = Number(
      await settingOn(hook.db, 'platformOrderExpiryMinutes', candidate.createdAt.slice(0, 10)),
    );
    if (!requestHasExpired(requestExpiresAt(candidate.createdAt, minutes), now)) continue;
    const request = await lockedRequest(hook.db, candidate.id);
    if (request.status !== 'submitted') continue;
    const because = `平台采购申请 ${request.requestNo} 超过 ${minutes} 分钟未受理，已过期`;
    if (!(await undoRequest(hook, request, because))) continue;
    await hook.db.query(
      `update platform_purchase_requests set status = 'expired', reason = $2, decided_at = $3 where id = $1`,
      [request.id, because, hook.now],
    );
    await recordStep(hook, 'platformPurchaseRequest', request.id, {
      action: 'expire',
      from: 'submitted',
      to: 'expired',
      comment: because,
    });
    expired.push(request.requestNo);
  }
  return expired;
}

/** The system's own context at the server's clock, for what no one asks for (an expiry). */
export function systemHook(db: Queryable, ctx: ServerContext): HookContext {
  const now = ctx.clock();
  return {
    db,
    actor: { userId: null as unknown as string, loginName: 'system' },
    now,
    today: formatDateTime(now, ctx.timeZone).slice(0, 10),
    channel: ctx.db.channel,
  };
}

/** Expires the waiting requests in a transaction of their own (before a client reads its requests). */
export const expireNow = (ctx: ServerContext) =>
  ctx.db.transaction((db) => expireWaitingRequests(systemHook(db, ctx), ctx.timeZone));

/** Waiting requests expire when the server starts and every minute after. */
export function expireOnSchedule(app: FastifyInstance, ctx: ServerContext) {
  const run = () => expireNow(ctx).catch((error: unknown) => app.log.error(error));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, 60 * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
