// The commissions of the demo company: the current month's commission run, computed by the service itself
// over the settlements confirmed by then (so the figures are the rules'), submitted by finance, approved by
// finance2 and confirmed by someone with no line in it, each step recorded, and a later run of the month
// awaiting approval; and the month's targets of the
// sales and purchase desks, in force, against their actuals.
import { recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { computeRun } from './runs.ts';

const RUNS = { resourceKey: 'commissionRun', table: 'commission_runs', keyColumn: 'run_no' };

export async function commissionsDemo(tx: Queryable, { now, today }: DemoContext): Promise<void> {
  const users = new Map(
    (
      await tx.query<{ login: string; id: string }>(
        `select login_name as login, id::text from users
          where login_name in ('finance', 'finance2', 'admin', 'sales', 'trader')`,
      )
    ).map((row) => [row.login, row.id]),
  );
  const finance = users.get('finance');
  if (!finance) return;
  const period = today.slice(0, 7);
  const [run] = await tx.query<{ id: string }>(
    `insert into commission_runs (period, remark, created_by, created_at, computed_at)
     values ($1, '演示数据：本月提成核算', $2, $3, $3) returning id::text`,
    [period, finance, now],
  );
  const hook: HookContext = {
    db: tx,
    actor: { userId: finance, loginName: 'finance' },
    now,
    today,
    channel: 'demo',
  };
  await computeRun(hook, run!.id);
  const withLines = new Set(
    (
      await tx.query<{ person: string }>(
        'select distinct person_id::text as person from commission_lines where run_id = $1',
        [run!.id],
      )
    ).map((row) => row.person),
  );
  const confirmer = ['finance2', 'admin', 'finance'].find(
    (login) => users.has(login) && !withLines.has(users.get(login)!),
  )!;
  await tx.query(
    `update commission_runs set status = 'confirmed', confirmed_by = $2, confirmed_at = $3 where id = $1`,
    [run!.id, users.get(confirmer), now],
  );
  const [{ no }] = (await tx.query<{ no: string }>('select run_no as no from commission_runs where id = $1', [
    run!.id,
  ])) as [{ no: string }];
  await recordHistory(tx, RUNS, [
    { no, day: today, action: 'submit', from: 'computed', to: 'submitted', by: 'finance' },
    { no, day: today, action: 'approve', from: 'submitted', to: 'approved', by: 'finance2' },
    { no, day: today, action: 'confirm', from: 'approved', to: 'confirmed', by: confirmer },
  ]);
  // A later run of the month (what was collected or confirmed since), submitted by finance and awaiting
  // finance2's decision.
  const [later] = await tx.query<{ id: string }>(
    `insert into commission_runs (period, remark, created_by, created_at, computed_at)
     values ($1, '演示数据：月内补充核算（回款调整）', $2, $3, $3) returning id::text`,
    [period, finance, now],
  );
  await computeRun(hook, later!.id);
  await tx.query(`update commission_runs set status = 'submitted' where id = $1`, [later!.id]);
  const [{ no: laterNo }] = (await tx.query<{ no: string }>(
    'select run_no as no from commission_runs where id = $1',
    [later!.id],
  )) as [{ no: string }];
  await recordHistory(tx, RUNS, [
    { no: laterNo, day: today, action: 'submit', from: 'computed', to: 'submitted', by: 'finance' },
  ]);
  // The month's targets: the sales desk in tonnes and revenue, the trading desk's purchases in tonnes.
  const targets: [string, string, string, string][] = [
    ['sale', 'sales', 'tonnes', '600'],
    ['sale', 'sales', 'revenue', '9000000'],
    ['purchase', 'trader', 'tonnes', '800'],
  ];
  for (const [side, login, metric, value] of targets) {
    if (!users.has(login)) continue;
    await tx.query(
      `insert into commission_targets (side, period, person_id, metric, target_value, status, remark, created_by,
              created_at)
       values ($1, $2, $3, $4, $5, 'active', '演示数据', $6, $7)`,
      [side, period, users.get(login), metric, value, users.get('admin') ?? finance, now],
    );
  }
}
