// The settlements of the demo company: the contracts that delivered goods are settled by the service itself
// (so the figures are the rules'), one in each state of SM-1 — a draft, one awaiting approval, one approved,
// one confirmed by the counterparty with a quality claim as an adjustment, one voided — each step recorded
// with who did it and when. A contract whose delivered tonnes are not priced yet stays unsettled. The confirmed
// sale is invoiced, and red-letter forms are raised on its invoices (invoiceDemo.ts).
import { recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { invoiceDemo, receivedInvoiceDemo } from './invoiceDemo.ts';
import { refreshTotals, settlementLines } from './settlements.ts';

const SETTLEMENTS = { resourceKey: 'settlement', table: 'settlements', keyColumn: 'settlement_no' };
type Status = 'draft' | 'submitted' | 'approved' | 'confirmed' | 'voided';
const STATUSES: Status[] = ['confirmed', 'submitted', 'approved', 'draft', 'voided'];

function stepsTo(status: Status, desk: string, checker: string) {
  const path: [string, string, string, string][] = [
    ['submit', 'draft', 'submitted', desk],
    ['approve', 'submitted', 'approved', checker],
    ['confirm', 'approved', 'confirmed', desk],
  ];
  if (status === 'voided') return [['void', 'draft', 'voided', desk] as [string, string, string, string]];
  const last = path.findIndex(([, , to]) => to === status);
  return path.slice(0, last + 1);
}

/** Settles a contract's delivered batches as its desk would; null when they cannot settle yet. */
async function settle(hook: HookContext, contractId: string, side: string): Promise<string | null> {
  await hook.db.query('savepoint demo_settlement');
  try {
    const [row] = await hook.db.query<{ id: string }>(
      `insert into settlements (side, contract_id, settle_date, remark, created_by, created_at)
       values ($1, $2, $3, '演示数据', $4, $5) returning id::text`,
      [side, contractId, hook.today, hook.actor.userId, hook.now],
    );
    await hook.db.query(
      `update settlements set settlement_no = 'JS' || to_char(settle_date, 'YYYYMMDD') || lpad(id::text, 5, '0')
        where id = $1`,
      [row!.id],
    );
    await settlementLines.save(hook, row!.id, [], {});
    await refreshTotals(hook.db, row!.id);
    await hook.db.query('release savepoint demo_settlement');
    return row!.id;
  } catch {
    await hook.db.query('rollback to savepoint demo_settlement');
    return null;
  }
}

export async function settlementDemo(tx: Queryable, { now, today }: DemoContext): Promise<void> {
  const users = new Map(
    (
      await tx.query<{ login: string; id: string }>(
        `select login_name as login, id::text from users where login_name in ('sales', 'trader', 'finance')`,
      )
    ).map((row) => [row.login, row.id]),
  );
  const delivered = await tx.query<{ id: string; side: string }>(
    `select c.id::text, c.side from transaction_contracts c join contract_deliveries d on d.contract_id = c.id
      where c.status in ('approved', 'executing', 'completed') and d.tonnes > 0
      order by c.side desc, c.sign_date, c.id`,
  );
  let made = 0;
  for (const contract of delivered) {
    if (made === STATUSES.length) break;
    const desk = contract.side === 'sale' ? 'sales' : 'trader';
    const hook: HookContext = {
      db: tx,
      actor: { userId: users.get(desk)!, loginName: desk },
      now,
      today,
      channel: 'demo',
    };
    const id = await settle(hook, contract.id, contract.side);
    if (!id) continue;
    const status = STATUSES[made++]!;
    const [{ no }] = (await tx.query<{ no: string }>(
      'select settlement_no as no from settlements where id = $1',
      [id],
    )) as [{ no: string }];
    if (status === 'voided')
      await tx.query('update settlement_lines set open = false where settlement_id = $1', [id]);
    if (status === 'confirmed')
      await tx.query(
        `update settlements set confirmed_by_party = p.contact_name, confirmed_on = $2::date, confirmed_by = $3,
                confirmed_at = $4
           from (select coalesce(nullif(p.name, ''), '对方') || ' 业务经理' as contact_name
                   from settlements s join partners p on p.id = s.partner_id where s.id = $1) p
          where id = $1`,
        [id, today, users.get(desk), now],
      );
    if (status !== 'draft') await tx.query('update settlements set status = $2 where id = $1', [id, status]);
    await recordHistory(
      tx,
      SETTLEMENTS,
      stepsTo(status, desk, 'finance').map(([action, from, to, by]) => ({
        no,
        day: today,
        action,
        from,
        to,
        by,
      })),
    );
    if (status === 'confirmed') {
      await adjustment(tx, id, users.get(desk)!, now, today);
      if (contract.side === 'sale')
        await invoiceDemo(
          hook,
          { ...hook, actor: { userId: users.get('finance')!, loginName: 'finance' } },
          id,
        );
    }
  }
  await receivedInvoiceDemo({
    db: tx,
    actor: { userId: users.get('trader')!, loginName: 'trader' },
    now,
    today,
    channel: 'demo',
  });
}

/** A quality claim after confirmation: a draft adjustment of −300/t on the first batch. */
async function adjustment(tx: Queryable, original: string, userId: string, now: Date, today: string) {
  const [line] = await tx.query<{
    batchNo: string;
    amount: string;
    rate: string;
    contractId: string;
    side: string;
  }>(
    `select batch_no as "batchNo", round(weight * -300, 2)::text as amount, tax_rate::text as rate,
            contract_id::text as "contractId", side
       from settlement_lines where settlement_id = $1 and line_kind = 'goods' order by sort limit 1`,
    [original],
  );
  if (!line) return;
  const [row] = await tx.query<{ id: string }>(
    `insert into settlements (side, kind, contract_id, adjusts_id, settle_date, remark, created_by, created_at)
     select side, 'adjustment', contract_id, id, settle_date, $2, $3, $4 from settlements where id = $1
     returning id::text`,
    [original, `批号 ${line.batchNo} 复检长度降一级，升贴水 −300 元/吨`, userId, now],
  );
  await tx.query(
    `update settlements set settlement_no = 'JS' || to_char(settle_date, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where id = $1`,
    [row!.id],
  );
  const hook: HookContext = { db: tx, actor: { userId, loginName: 'demo' }, now, today, channel: 'demo' };
  await settlementLines.save(
    hook,
    row!.id,
    [{ lineKind: 'qualityClaim', amount: line.amount, remark: `批号 ${line.batchNo} 质量索赔` }],
    {},
  );
  await refreshTotals(tx, row!.id);
}
