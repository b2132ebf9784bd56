// The storefront of the demo company: a few packages of the house's own stock (published at a fixed price or
// on basis, one still a draft) and a client's staff member, mill, who logs in as a platform user of 无锡一棉
// or the first client with a credit limit (password as every demo user's).
import { recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { DEMO_PASSWORD } from '../../platform/db/seed/data.ts';
import { hashPassword } from '../../platform/passwords.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import { unclaimedStockBatches } from '../warehouse/index.ts';
import { writeSummary } from './packages.ts';

const PACKAGES = [
  { name: '北疆机采 31 级精选', priceKind: 'fixed', unitPrice: '15480', status: 'published' },
  { name: '南疆手采 21 级长绒', priceKind: 'fixed', unitPrice: '15860', status: 'published' },
  { name: '库尔勒库 基差资源', priceKind: 'basis', futuresMonth: null, basis: '900', status: 'published' },
  { name: '阿克苏库 待发布', priceKind: 'fixed', unitPrice: '15200', status: 'draft' },
] as const;

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The nearest CF month the demo's prices have, for the basis package. */
async function nearestMonth(tx: Queryable, today: string): Promise<string> {
  const [row] = await tx.query<{ month: string }>(
    `select symbol as month from instruments where last_trading_day >= $1::date order by last_trading_day limit 1`,
    [today],
  );
  return row?.month ?? 'CF2705';
}

async function writePackages(tx: Queryable, today: string) {
  const batches = await unclaimedStockBatches(tx, PACKAGES.length * 3);
  if (batches.length < PACKAGES.length * 3) return;
  const month = await nearestMonth(tx, today);
  const [trader] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'trader'`);
  for (const [i, demo] of PACKAGES.entries()) {
    const [row] = await tx.query<{ id: string; no: string }>(
      `insert into resource_packages (package_no, name, price_kind, unit_price, futures_month, basis, valid_until,
                                      remark, created_by, created_at)
       values ('ZYB' || to_char($1::date, 'YYYYMMDD') || lpad($2::text, 5, '0'), $3, $4, $5, $6, $7, $8, '演示数据',
               $9, ($1::date - 2)::timestamptz)
       returning id::text, package_no as no`,
      [
        today,
        i + 1,
        demo.name,
        demo.priceKind,
        'unitPrice' in demo ? demo.unitPrice : null,
        demo.priceKind === 'basis' ? month : null,
        'basis' in demo ? demo.basis : null,
        plusDays(today, 30),
        trader?.id ?? null,
      ],
    );
    for (const [sort, batch] of batches.slice(i * 3, i * 3 + 3).entries())
      await tx.query('insert into resource_package_lines (package_id, batch_no, sort) values ($1, $2, $3)', [
        row!.id,
        batch.batchNo,
        sort,
      ]);
    await writeSummary(tx, row!.id);
    if (demo.status === 'draft') continue;
    await tx.query(`update resource_packages set status = 'published' where id = $1`, [row!.id]);
    await recordHistory(
      tx,
      { resourceKey: 'resourcePackage', table: 'resource_packages', keyColumn: 'package_no' },
      [
        {
          no: row!.no,
          action: 'publish',
          from: 'draft',
          to: 'published',
          by: 'trader',
          day: plusDays(today, -1),
        },
      ],
    );
  }
}

async function writePlatformUser(tx: Queryable, today: string) {
  const [client] = await tx.query<{ id: string }>(
    `select id::text from partners where 'client' = any(kinds) and credit_limit > 0
      order by (name = '无锡一棉') desc, id limit 1`,
  );
  if (!client) return;
  const [user] = await tx.query<{ id: string }>(
    `insert into users (login_name, password_hash, rel_name, phone) values ('mill', $1, '周采购', '13912340001')
     returning id::text`,
    [await hashPassword(DEMO_PASSWORD)],
  );
  await tx.query(
    `insert into user_roles (user_id, role_id) select $1, id from roles where code = 'platformClient'`,
    [user!.id],
  );
  await tx.query(
    `insert into platform_users (user_id, partner_id, status, remark, created_by, created_at)
     values ($1, $2, 'active', '演示数据', (select id from users where login_name = 'sales'), ($3::date - 3)::timestamptz)`,
    [user!.id, client.id, today],
  );
  // Registered by the sales desk, approved by risk (four eyes).
  await tx.query(
    `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
     select 'platformUser', p.id::text, 'approve', 'registered', 'active', u.id, '演示数据',
            ($2::date - 2 || 'T10:00:00+08:00')::timestamptz
       from platform_users p, users u where p.user_id = $1 and u.login_name = 'risk'`,
    [user!.id, today],
  );
}

/** A second mill's buyer, registered by the sales desk yesterday and waiting for risk's approval. */
async function writeAwaitingPlatformUser(tx: Queryable, today: string) {
  const [client] = await tx.query<{ id: string }>(
    `select id::text from partners where 'client' = any(kinds) and credit_limit > 0
       and id not in (select partner_id from platform_users) order by id limit 1`,
  );
  if (!client) return;
  const [user] = await tx.query<{ id: string }>(
    `insert into users (login_name, password_hash, rel_name, phone) values ('mill2', $1, '吴采购', '13912340002')
     returning id::text`,
    [await hashPassword(DEMO_PASSWORD)],
  );
  await tx.query(
    `insert into user_roles (user_id, role_id) select $1, id from roles where code = 'platformClient'`,
    [user!.id],
  );
  await tx.query(
    `insert into platform_users (user_id, partner_id, status, remark, created_by, created_at)
     values ($1, $2, 'registered', '演示数据', (select id from users where login_name = 'sales'), ($3::date - 1)::timestamptz)`,
    [user!.id, client.id, today],
  );
}

/** The help centre: two published articles the demo's mill reads, and a draft it does not. */
const HELP = [
  {
    title: '如何查找和申请资源',
    body: '1. 在**商城首页**按长度、马克隆值、强力、整齐度和升贴水的范围查询资源包。\n2. 点击名称查看质量单。\n3. 加入购物车后，资源包在锁定时间内为贵司保留价格。\n4. 在购物车中点击**申请采购**，业务员受理后起草合同。',
    status: 'published',
  },
  {
    title: '授信与采购申请',
    body: '采购申请的金额须在贵司的**可用授信额度**之内。业务员在受理时限内未受理的申请会自动过期，资源包重新上架；被驳回的申请会显示原因。',
    status: 'published',
  },
  { title: '交割流程（编写中）', body: '待补充。', status: 'draft' },
] as const;

async function writeHelp(tx: Queryable) {
  for (const [sort, article] of HELP.entries())
    await tx.query('insert into platform_help_articles (title, body, sort, status) values ($1, $2, $3, $4)', [
      article.title,
      article.body,
      sort + 1,
      article.status,
    ]);
}

export async function storefrontDemo(tx: Queryable, { today }: DemoContext): Promise<void> {
  await writePackages(tx, today);
  await writePlatformUser(tx, today);
  await writeAwaitingPlatformUser(tx, today);
  await writeHelp(tx);
}
