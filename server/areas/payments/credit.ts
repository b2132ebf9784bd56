// A client's credit on the server: the figures its sale contracts, payments and margin account give, through
// the rule of src/domain/credit.ts, for the contract approval rule and for the screens deciding a sale, a
// reservation or a release of goods.
import type { FastifyInstance } from 'fastify';
import { CLIENT_CREDIT_PATH, type ClientCreditAnswer } from '../../../src/areas/payments/api.ts';
import { type ClientCredit, type CreditContract, clientCredit } from '../../../src/domain/index.ts';
import { clientsOfUser } from '../../platform/access/clients.ts';
import { type Grant, reachOf } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import { formatDateTime } from '../../platform/time.ts';
import { settingOn } from '../settings/values.ts';

/** A client's sales in force, and those waiting for approval (less the one being decided). */
async function creditContracts(
  db: Queryable,
  partnerId: string,
  day: string,
  leaving: string | null,
): Promise<CreditContract[]> {
  const valuationPrice = await settingOn(db, 'creditValuationPricePerTonne', day);
  return db.query<CreditContract>(
    `select c.tonnage::text,
            (case when c.kind = 'spot' then c.tonnage else c.fixed_tonnage end)::text as "fixedTonnage",
            coalesce(c.unit_price, c.average_fixed_price + coalesce(c.basis, 0))::text as "fixedPrice",
            c.basis::text,
            (select p.settlement_price::text from futures_prices p
              where p.futures_month = c.futures_month and p.trade_date <= $2::date and p.settlement_price is not null
              order by p.trade_date desc limit 1) as "futuresPrice",
            $4::text as "valuationPrice",
            coalesce((select sum(l.conditioned_weight) from transaction_contract_lines l
                        join batches b on b.batch_no = l.batch_no
                       where l.contract_id = c.id and b.status = 'out'), 0)::text as "deliveredTonnage",
            coalesce(pay.paid, 0)::text as paid
       from transaction_contracts c
       left join contract_payments pay on pay.contract_id = c.id
      where c.partner_id = $1 and c.side = 'sale' and c.id is distinct from $3::bigint
        and c.status in ('submitted', 'approved', 'executing', 'completed')`,
    [partnerId, day, leaving, valuationPrice],
  );
}

/** The client's credit on a day; `leaving`: a contract being decided, judged against the rest. */
export async function clientCreditOf(
  db: Queryable,
  partnerId: string,
  day: string,
  leaving: string | null = null,
): Promise<ClientCredit> {
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
    await creditContracts(db, partnerId, day, leaving),
    margin?.shortfall ?? '0',
  );
}

/** Screens on which a client's credit is shown: whoever views one of them may read the credit of its clients. */
const CREDIT_SHOWN_ON = [
  'client',
  'transactionContract',
  'clientReservation',
  'outboundAppointment',
  'clientPayment',
];

const mayRead = (grants: Grant[], userId: string) =>
  CREDIT_SHOWN_ON.map((key) => reachOf(grants, key, 'view', userId)).find(
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
      if (!partner) throw badRequest('客户不存在');
      if (!partner.mine) throw forbidden();
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
