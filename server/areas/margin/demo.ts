// The margin part of the demo company: the clients with sale contracts priced later open their margin
// accounts and allot to their contracts; one client's call was opened a few trading days ago and met by a
// deposit the next day, another's went unmet past its deadline and was forced into pricing, a third's is
// open now, waiting for its deadline; finance's application to release part of an allotment waits for
// another approver. Written through the same
// reassessment a settlement price sets off, so the figures are the rules' own.

import Decimal from 'decimal.js';
import { addTradingDays } from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { reassessClients } from './requirement.ts';

const HOUR = 3600 * 1000;

async function tradingDaysBefore(tx: Queryable, today: string, days: number): Promise<string> {
  const holidays = new Set(
    (
      await tx.query<{ day: string }>(
        `select to_char(day, 'YYYY-MM-DD') as day from holidays where day between $1::date - 30 and $1::date`,
        [today],
      )
    ).map((row) => row.day),
  );
  // The trading day `days` before today: the first day from which `days` trading days reach today or later.
  for (let back = 1; back < 30; back++) {
    const day = new Date(`${today}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() - back);
    const iso = day.toISOString().slice(0, 10);
    if (addTradingDays(iso, days, holidays) <= today && addTradingDays(iso, days + 1, holidays) > today)
      return iso;
  }
  return today;
}

export async function marginDemo(tx: Queryable, { now, today }: DemoContext): Promise<void> {
  const [finance] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'finance'`);
  if (!finance) return;
  const clients = await tx.query<{ partnerId: string; contractId: string }>(
    `select partner_id::text as "partnerId", min(id)::text as "contractId" from transaction_contracts
      where side = 'sale' and kind in ('basis', 'deferred') and status in ('approved', 'executing')
      group by partner_id order by partner_id`,
  );
  if (clients.length === 0) return;
  const hookOn = (day: string, at: Date): HookContext => ({
    db: tx,
    actor: { userId: finance.id, loginName: 'finance' },
    now: at,
    today: day,
    channel: '',
  });
  const move = async (
    hook: HookContext,
    partnerId: string,
    kind: string,
    amount: string,
    contractId?: string,
  ) => {
    const [row] = await tx.query<{ id: string }>(
      `insert into client_margin_movements (partner_id, kind, contract_id, amount, occurred_on, remark, created_by, created_at)
       values ($1, $2, $3, $4, $5, '演示数据', $6, $7) returning id::text`,
      [partnerId, kind, contractId ?? null, amount, hook.today, hook.actor.userId, hook.now],
    );
    await tx.query(
      `update client_margin_movements set movement_no = 'BZJ' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
        where id = $1`,
      [row!.id, hook.today],
    );
    await reassessClients(hook, [partnerId]);
  };
  const requirementOf = async (hook: HookContext, partnerId: string) => {
    await reassessClients(hook, [partnerId]);
    const [row] = await tx.query<{ requirement: string }>(
      'select requirement::text from client_margin_requirements where partner_id = $1',
      [partnerId],
    );
    return new Decimal(row?.requirement ?? '0');
  };
  const share = (requirement: Decimal, part: string) => requirement.times(part).toDecimalPlaces(0).toFixed(2);

  // The last client: a call opened three trading days ago at 60 % of its requirement, met the next day.
  const met = clients.at(-1)!;
  const opened = await tradingDaysBefore(tx, today, 3);
  const openedHook = hookOn(opened, new Date(now.getTime() - 3 * 24 * HOUR));
  const metRequirement = await requirementOf(openedHook, met.partnerId);
  if (metRequirement.greaterThan(0)) {
    await move(openedHook, met.partnerId, 'deposit', share(metRequirement, '0.6'));
    const next = addTradingDays(opened, 1, new Set());
    await move(
      hookOn(next, new Date(now.getTime() - 2 * 24 * HOUR)),
      met.partnerId,
      'deposit',
      share(metRequirement, '0.5'),
    );
  } else await move(openedHook, met.partnerId, 'deposit', '100000.00');
  await move(
    hookOn(today, new Date(now.getTime() - HOUR)),
    met.partnerId,
    'allot',
    '50000.00',
    met.contractId,
  );
  // Finance asks to release part of it: waiting for another approver (four eyes).
  await tx.query(
    `insert into client_margin_applications (application_no, partner_id, kind, from_contract_id, amount, reason,
        status, requested_by, requested_at)
     values ('BZSQ' || to_char($1::date, 'YYYYMMDD') || '00001', $2, 'release', $3, '10000.00',
             '合同已部分点价，释放部分保证金', 'submitted', $4, $5)`,
    [today, met.partnerId, met.contractId, finance.id, new Date(now.getTime() - HOUR / 2)],
  );

  // The second client (when there are three): a call opened five trading days ago at 60 % of its requirement
  // was never met; today's reassessment, past its deadline, forced its open tonnes into pricing.
  if (clients.length > 2) {
    const forced = clients[1]!;
    const day = await tradingDaysBefore(tx, today, 5);
    const hook = hookOn(day, new Date(now.getTime() - 7 * 24 * HOUR));
    const requirement = await requirementOf(hook, forced.partnerId);
    await move(
      hook,
      forced.partnerId,
      'deposit',
      requirement.greaterThan(0) ? share(requirement, '0.6') : '1000.00',
    );
    await reassessClients(hookOn(today, new Date(now.getTime() - 2 * HOUR)), [forced.partnerId]);
  }

  // The first client (when there are two): its deposit covers 70 % of today's requirement, a call is open.
  if (clients.length > 1) {
    const short = clients[0]!;
    const hook = hookOn(today, new Date(now.getTime() - HOUR));
    const requirement = await requirementOf(hook, short.partnerId);
    const deposit = requirement.greaterThan(0) ? share(requirement, '0.7') : '50000.00';
    await move(hook, short.partnerId, 'deposit', deposit);
    await move(hook, short.partnerId, 'allot', share(new Decimal(deposit), '0.5'), short.contractId);
  }
}
