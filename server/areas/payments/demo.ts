// The payments of the demo company: clients have paid for part of the tonnes they fixed (received and, the
// older ones, reconciled), for the spot sales delivered to them (in full but the latest), a deferred-pricing
// client paid provisionally for goods out, one payment waits for approval and one is still a draft — each
// step recorded with who did it and when.
import Decimal from 'decimal.js';
import { recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';

const HOUR = 3600 * 1000;
const PAYMENTS = { resourceKey: 'clientPayment', table: 'client_payments', keyColumn: 'payment_no' };
const STEPS = [
  ['submit', 'draft', 'submitted', 'sales'],
  ['approve', 'submitted', 'approved', 'finance'],
  ['receive', 'approved', 'paid', 'finance'],
  ['reconcile', 'paid', 'reconciled', 'finance'],
] as const;
type Status = 'draft' | 'submitted' | 'approved' | 'paid' | 'reconciled';

interface DemoPayment {
  partnerId: string;
  contractId: string;
  kind: 'goods' | 'provisional';
  amount: string;
  status: Status;
  daysAgo: number;
}

async function insertPayment(tx: Queryable, users: Map<string, string>, payment: DemoPayment, now: Date) {
  const at = (hours: number) => new Date(now.getTime() - payment.daysAgo * 24 * HOUR + hours * HOUR);
  const [row] = await tx.query<{ id: string }>(
    `insert into client_payments (partner_id, contract_id, kind, amount, received_on, bank_reference, remark, status,
        created_by, created_at)
     values ($1, $2, $3, $4, $5::timestamptz::date, $6, '演示数据', $7, $8, $5) returning id::text`,
    [
      payment.partnerId,
      payment.contractId,
      payment.kind,
      payment.amount,
      at(0),
      `B${String(payment.daysAgo).padStart(2, '0')}${payment.contractId.padStart(6, '0')}`,
      payment.status,
      users.get('sales') ?? null,
    ],
  );
  const [numbered] = await tx.query<{ no: string; day: string }>(
    `update client_payments set payment_no = 'SK' || to_char(created_at, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where id = $1 returning payment_no as no, to_char(received_on, 'YYYY-MM-DD') as day`,
    [row!.id],
  );
  const last = STEPS.findIndex(([, , to]) => to === payment.status);
  await recordHistory(
    tx,
    PAYMENTS,
    STEPS.slice(0, last + 1).map(([action, from, to, by]) => ({ ...numbered!, action, from, to, by })),
  );
}

export async function paymentsDemo(tx: Queryable, { now }: DemoContext): Promise<void> {
  const users = new Map(
    (
      await tx.query<{ login: string; id: string }>(
        `select login_name as login, id::text from users where login_name in ('sales', 'finance')`,
      )
    ).map((row) => [row.login, row.id]),
  );
  // Sales in force, the most fixed first: a client pays part of what it fixed, or a tenth in advance.
  const sales = await tx.query<{ partnerId: string; contractId: string; value: string }>(
    `select partner_id::text as "partnerId", id::text as "contractId",
            (case when fixed_tonnage > 0 then fixed_tonnage * coalesce(unit_price, average_fixed_price + coalesce(basis, 0))
                  else tonnage * coalesce(unit_price, 16000) * 0.1 end)::text as value
       from transaction_contracts
      where side = 'sale' and status in ('approved', 'executing')
      order by fixed_tonnage desc, id limit 4`,
  );
  const share = (value: string, part: string) =>
    new Decimal(value).times(part).dividedBy(1000).toDecimalPlaces(0).times(1000).toFixed(2);
  const statuses: Status[] = ['reconciled', 'paid', 'submitted', 'draft'];
  for (const [index, sale] of sales.entries()) {
    const amount = share(sale.value, index % 2 === 0 ? '0.6' : '0.3');
    if (new Decimal(amount).lessThanOrEqualTo(0)) continue;
    const status = statuses[index]!;
    await insertPayment(
      tx,
      users,
      {
        partnerId: sale.partnerId,
        contractId: sale.contractId,
        kind: 'goods',
        amount,
        status,
        daysAgo: 10 - 2 * index,
      },
      now,
    );
  }
  // Spot sales delivered (their receipts transferred to the client): the older ones paid in full and
  // reconciled, the latest in part, so its client owes the rest (issue 21: receivables follow the documents).
  const delivered = await tx.query<{ partnerId: string; contractId: string; value: string }>(
    `select partner_id::text as "partnerId", id::text as "contractId",
            round(contract_delivered_tonnage(id) * unit_price, 2)::text as value
       from transaction_contracts
      where side = 'sale' and kind = 'spot' and status in ('executing', 'completed')
        and contract_delivered_tonnage(id) > 0
      order by sign_date, id`,
  );
  for (const [index, sale] of delivered.entries()) {
    const last = index === delivered.length - 1;
    await insertPayment(
      tx,
      users,
      {
        partnerId: sale.partnerId,
        contractId: sale.contractId,
        kind: 'goods',
        amount: last ? share(sale.value, '0.5') : sale.value,
        status: last ? 'paid' : 'reconciled',
        daysAgo: last ? 3 : 40 - 5 * index,
      },
      now,
    );
  }
  // A deferred-pricing sale with goods out: the client paid provisionally for part of them.
  const [deferred] = await tx.query<{ partnerId: string; contractId: string }>(
    `select c.partner_id::text as "partnerId", c.id::text as "contractId" from transaction_contracts c
      where c.side = 'sale' and c.kind = 'deferred' and c.status in ('approved', 'executing')
      order by c.id limit 1`,
  );
  if (deferred)
    await insertPayment(
      tx,
      users,
      { ...deferred, kind: 'provisional', amount: '500000.00', status: 'paid', daysAgo: 4 },
      now,
    );
}
