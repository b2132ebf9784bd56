// A client's credit on the server: the figures its sale contracts, payments and margin account give, through
// the rule of src/domain/credit.ts, for the contract approval rule and for the screens deciding a sale, a
// reservation or a release of goods.

import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import {
  CLIENT_CREDIT_PATH,
  type ClientCreditAnswer,
  CREDIT_READ_ON,
} from '../../../src/areas/payments/api.ts';
import {
  type ClientCredit,
  type CreditCommitmentBasis,
  type CreditContract,
  type CreditPolicy,
  clientCredit,
  type ToleranceTonnesPrice,
} from '../../../src/domain/index.ts';
import { clientsOfUser } from '../../platform/access/clients.ts';
import { type Grant, loadGrants, permissionsOn, reachOf } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { formatDateTime } from '../../platform/time.ts';

/** The house's credit rules in force on a day (settings creditCommitmentBasis, toleranceTonnesPrice). */
export async function creditPolicyOn(db: Queryable, day: string): Promise<CreditPolicy> {
  return {
    commitmentBasis: (await settingOn(db, 'creditCommitmentBasis', day)) as CreditCommitmentBasis,
    toleranceTonnesPrice: (await settingOn(db, 'toleranceTonnesPrice', day)) as ToleranceTonnesPrice,
  };
}

/** What a question about a client's credit leaves out: a contract being decided, judged against the rest. */
export interface CreditQuestion {
  leaving?: string | null;
}

/**
 * A client's sales in force, and those waiting for approval (less the one being decided). The price of the
 * priced tonnes is exact: a spot contract's price, or F̄ + B + QA with F̄ = Σ Fᵢ·qᵢ / Σ qᵢ unrounded.
 */
async function creditContracts(
  db: Queryable,
  partnerId: string,
  day: string,
  question: CreditQuestion,
): Promise<CreditContract[]> {
  const valuationPrice = await settingOn(db, 'creditValuationPricePerTonne', day);
  return db.query<CreditContract>(
    `select c.kind, c.tonnage::text, c.fixed_tonnage::text as "fixedTonnage",
            (case when c.kind not in ('basis', 'deferred') then c.unit_price
                  when c.fixed_tonnage > 0
                  then c.fixed_futures_amount / c.fixed_tonnage + coalesce(c.basis, 0) + coalesce(c.quality_premium, 0)
             end)::text as "fixedPrice",
            c.basis::text,
            (select p.settlement_price::text from futures_prices p
              where p.futures_month = c.futures_month and p.trade_date <= $2::date and p.settlement_price is not null
              order by p.trade_date desc limit 1) as "futuresPrice",
            $4::text as "valuationPrice",
            contract_delivered_tonnage(c.id)::text as "deliveredTonnage",
            coalesce(pay.paid, 0)::text as paid
       from transaction_contracts c
       left join contract_payments pay on pay.contract_id = c.id
      where c.partner_id = $1 and c.side = 'sale' and c.id is distinct from $3::bigint
        and c.status in ('submitted', 'approved', 'executing', 'completed')`,
    [partnerId, day, question.leaving ?? null, valuationPrice],
  );
}

/** The goods reserved for the client and not sold yet, at the credit valuation price per tonne. */
async function reservedValue(db: Queryable, partnerId: string, day: string): Promise<string> {
  const [row] = await db.query<{ tonnes: string }>(
    `select coalesce(sum(b.conditioned_weight), 0)::text as tonnes
       from client_reservations r
       join client_reservation_lines l on l.reservation_id = r.id
       join batches b on b.batch_no = l.batch_no
      where r.client_id = $1 and r.status = 'reserved' and b.status = 'reserved'`,
    [partnerId],
  );
  return new Decimal(row?.tonnes ?? '0')
    .times(await settingOn(db, 'creditValuationPricePerTonne', day))
    .toFixed(2);
}

/** The client's credit on a day, as the question asks it (a contract left out, batches counted as out). */
export async function clientCreditOf(
  db: Queryable,
  partnerId: string,
  day: string,
  question: CreditQuestion | string | null = null,
): Promise<ClientCredit> {
  const asked = typeof question === 'string' || question === null ? { leaving: question } : question;
  const [partner] = await db.query<{ creditLimit: string | null }>(
    'select credit_limit::text as "creditLimit" from partners where id = $1',
    [partnerId],
  );
  const [margin] = await db.query<{ shortfall: string }>(
    'select shortfall::text from client_margin_balances where partner_id = $1',
    [partnerId],
  );
  return clientCredit(
    partner?.creditLimit ?? null,
    await creditContracts(db, partnerId, day, asked),
    margin?.shortfall ?? '0',
    await creditPolicyOn(db, day),
    await reservedValue(db, partnerId, day),
  );
}

/**
 * The desk may not take a client past its limit (issue 21): after a reservation or a release of goods, done in
 * the caller's transaction, a client with a limit must still have headroom ≥ 0. Otherwise the operation is
 * refused with the figures, unless the user is risk (holds approveRisk on contracts, the right that approves a
 * sale beyond the client's credit): then it stands, and the words say so for the operation's record.
 */
export async function creditGuard(
  hook: HookContext,
  partnerId: string,
  what: string,
): Promise<string | undefined> {
  const credit = await clientCreditOf(hook.db, partnerId, hook.today);
  if (credit.headroom === null || !new Decimal(credit.headroom).isNegative()) return undefined;
  const over = new Decimal(credit.headroom).negated().toFixed(2);
  const [partner] = await hook.db.query<{ name: string }>('select name from partners where id = $1', [
    partnerId,
  ]);
  const figures =
    `客户 ${partner?.name ?? partnerId} 授信额度 ${credit.creditLimit} 元，应收 ${credit.receivables} 元、已点价未交货 ` +
    `${credit.commitments} 元、未点价敞口 ${credit.unpricedExposure} 元、预留货物 ${credit.reservations} 元、保证金缺口 ` +
    `${credit.marginShortfall} 元，${what}后将超出授信 ${over} 元`;
  const grants = await loadGrants(hook.db, hook.actor.userId);
  if (permissionsOn(grants, 'transactionContract').includes('approveRisk')) return `${figures}（风控办理）`;
  throw badRequest(`${figures}：业务不能办理，须由风控审批办理`);
}

const mayRead = (grants: Grant[], userId: string) =>
  CREDIT_READ_ON.map((key) => reachOf(grants, key, 'view', userId)).find(
    (reach) => reach.screens === 'all' || reach.screens.length > 0,
  );

export function creditCalls(app: FastifyInstance, ctx: ServerContext) {
  defineCall<{ partnerId: string }>(app, ctx, {
    path: CLIENT_CREDIT_PATH,
    access: 'session',
    body: {
      type: 'object',
      required: ['partnerId'],
      properties: { partnerId: { type: 'string', title: '客户', pattern: '^[1-9][0-9]{0,17}$' } },
    },
    handle: async ({ body, db, grants, session, now }) => {
      const userId = session!.userId;
      const reach = mayRead(await grants(), userId);
      if (!reach) throw forbidden();
      // A salesperson bound to their own clients reads only theirs.
      const [partner] = await db.query<{ name: string; mine: boolean }>(
        `select name, ($2::bigint is null or id in (${clientsOfUser('$2')})) as mine from partners where id = $1`,
        [body.partnerId, reach.clientsOf ?? null],
      );
      // Another's client answers as one that does not exist: the answer never tells whether it does.
      if (!partner?.mine) throw badRequest('客户不存在');
      const day = formatDateTime(now, ctx.timeZone).slice(0, 10);
      const answer: ClientCreditAnswer = {
        partnerId: body.partnerId,
        partnerName: partner.name,
        ...(await clientCreditOf(db, body.partnerId, day)),
      };
      return ok(answer);
    },
  });
}
