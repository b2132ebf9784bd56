// The B2B storefront on the server (domain-money.md §7.4): platform users bound to their client, the published
// packages they search, their cart holding a package at its snapshot price for the setting's minutes, and the
// purchase request that checks the client's credit and becomes a reservation and a draft sale contract of the
// B2B channel. Every call reads the caller's own platform user: nothing of another client, no cost, no owner.

import type { FastifyInstance } from 'fastify';
import {
  type CartLine,
  type HelpArticle,
  type Listing,
  type ListingPage,
  type PurchaseRequest,
  RANGE_FILTERS,
  type RangeFilter,
  STOREFRONT_PATHS,
  STOREFRONT_SORTS,
  type StorefrontSort,
} from '../../../src/areas/storefront/api.ts';
import { PLATFORM_SETTINGS } from '../../../src/areas/storefront/settings.ts';
import {
  holdExpiresAt,
  packageValue,
  requestCreditProblem,
  tradingHoursOf,
  withinTradingHours,
} from '../../../src/domain/index.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { type CallContext, defineCall, signedIn } from '../../platform/http/calls.ts';
import { badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import { hookOf } from '../../platform/resources/serving.ts';
import type { ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { businessDate, formatDateTime } from '../../platform/time.ts';
import { draftContract } from '../contracts/index.ts';
import { clientCreditOf } from '../payments/index.ts';
import { reserveForClient } from '../sales/index.ts';
import { afterRequestDecided, expireNow } from './decisions.ts';

/** The settings of the platform (domain-money.md §8, src/areas/storefront/settings.ts), read on the day. */
export const PLATFORM_SETTING_SEEDS = PLATFORM_SETTINGS.map(({ key, seed }) => ({ key, seed }));

/** Refuses what a client does outside the platform's trading hours (setting platformTradingHours). */
async function withinHours(db: Queryable, now: Date, timeZone: string) {
  const today = businessDate(now, timeZone);
  const hours = tradingHoursOf(await settingOn(db, 'platformTradingHours', today));
  if (hours && !withinTradingHours(hours, formatDateTime(now, timeZone)))
    throw badRequest(`平台交易时间为每天 ${hours.from} 至 ${hours.to}，请在交易时间内操作`);
}

export interface PlatformClient {
  userId: string;
  loginName: string;
  partnerId: string;
}

/** A client's staff member: registered as a platform user, or given the platform client's role. */
const isPlatformUser = async (db: Queryable, userId: string) =>
  (
    await db.query(
      `select 1 from platform_users where user_id = $1
       union all
       select 1 from user_roles ur join roles r on r.id = ur.role_id where ur.user_id = $1 and r.code = 'platformClient'`,
      [userId],
    )
  ).length > 0;

/** The caller as a platform user of an active account; anyone else is refused. */
async function platformClientOf(db: Queryable, call: CallContext<unknown>): Promise<PlatformClient> {
  const session = signedIn(call);
  const [row] = await db.query<{ partnerId: string; status: string }>(
    'select partner_id::text as "partnerId", status from platform_users where user_id = $1',
    [session.userId],
  );
  if (!row) throw forbidden('只有平台客户可以使用商城');
  if (row.status !== 'active') throw forbidden('平台账号尚未启用或已停用，请联系销售人员');
  return { userId: session.userId, loginName: session.loginName, partnerId: row.partnerId };
}

const DECIMAL = '^-?[0-9]{1,12}(\\.[0-9]{1,4})?$';
const ID = { type: 'string', pattern: '^[1-9][0-9]{0,17}$' };

const searchBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    page_no: { type: 'string', pattern: '^[1-9][0-9]{0,5}$' },
    size: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
    sort: { type: 'string', enum: [...STOREFRONT_SORTS] },
    order: { type: 'string', enum: ['asc', 'desc'] },
    mainColour: { type: 'string', maxLength: 8 },
    micronaireClass: { type: 'string', maxLength: 4 },
    warehouse: { type: 'string', maxLength: 32 },
    cropYear: { type: 'string', maxLength: 16 },
    priceKind: { type: 'string', enum: ['fixed', 'basis'] },
    ...Object.fromEntries(
      RANGE_FILTERS.flatMap((name) => [
        [`${name}.from`, { type: 'string', pattern: DECIMAL, title: name }],
        [`${name}.to`, { type: 'string', pattern: DECIMAL, title: name }],
      ]),
    ),
  },
};

type SearchBody = Partial<Record<string, string>>;

const RANGE_SQL: Readonly<Record<RangeFilter, string>> = {
  lengthMm: 'x.length_mm',
  micronaire: 'x.micronaire',
  strength: 'x.strength',
  uniformity: 'x.uniformity',
  premium: 'x.premium',
  tonnes: 'x.tonnes',
  price: 'x.indicative',
};

const SORT_SQL: Readonly<Record<StorefrontSort, string>> = {
  premium: 'x.premium',
  price: 'x.indicative',
  lengthMm: 'x.length_mm',
  strength: 'x.strength',
  validUntil: 'x.valid_until',
};

/** The listing columns a client reads, over `x` (storefront_listings with its indicative price). */
const LISTING_COLUMNS = `x.id::text, x.package_no as "packageNo", x.name, x.price_kind as "priceKind",
  x.unit_price::text as "unitPrice", x.futures_month as "futuresMonth", x.basis::text,
  x.indicative::text as "indicativePrice", to_char(x.valid_until, 'YYYY-MM-DD') as "validUntil",
  x.batch_count as "batchCount", x.bale_count as "baleCount", x.tonnes::numeric(16, 3)::text as tonnes,
  x.main_colour as "mainColour", x.colour_shares as "colourShares", x.micronaire_class as "micronaireClass",
  x.micronaire_shares as "micronaireShares", x.length_mm::text as "lengthMm", x.micronaire::text,
  x.strength::text, x.uniformity::text, x.premium::text, x.crop_years as "cropYears",
  x.warehouse_names as "warehouseNames"`;

/** Published packages valid on the day, a basis one priced at its month's latest settlement + basis. */
const LISTED = `(select l.*,
          case when l.price_kind = 'basis'
               then (select fp.settlement_price from futures_prices fp
                      where fp.futures_month = l.futures_month and fp.settlement_price is not null
                        and fp.trade_date <= $1::date
                      order by fp.trade_date desc limit 1) + l.basis
               else l.unit_price end as indicative
   from storefront_listings l
  where l.valid_until >= $1::date) x`;

/** The published packages matching a client's search, with whose hold each is under. */
export async function searchListings(
  db: Queryable,
  body: SearchBody,
  who: { userId: string; today: string; now: Date; timeZone: string },
): Promise<ListingPage> {
  const params: unknown[] = [who.today, who.userId, who.now, who.timeZone];
  const where: string[] = [];
  const add = (sql: (at: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  for (const name of RANGE_FILTERS) {
    const from = body[`${name}.from`];
    const to = body[`${name}.to`];
    if (from !== undefined && from !== '') add((at) => `${RANGE_SQL[name]} >= ${at}::numeric`, from);
    if (to !== undefined && to !== '') add((at) => `${RANGE_SQL[name]} <= ${at}::numeric`, to);
  }
  if (body.mainColour) add((at) => `x.main_colour = ${at}`, body.mainColour);
  if (body.micronaireClass) add((at) => `x.micronaire_class = ${at}`, body.micronaireClass);
  if (body.priceKind) add((at) => `x.price_kind = ${at}`, body.priceKind);
  if (body.warehouse) add((at) => `x.warehouse_names like '%' || ${at} || '%'`, body.warehouse);
  if (body.cropYear) add((at) => `x.crop_years like '%' || ${at} || '%'`, body.cropYear);
  const size = Math.min(Number(body.size ?? 15), 100);
  const page = Number(body.page_no ?? 1);
  const sort = SORT_SQL[(body.sort as StorefrontSort) ?? 'premium'];
  const order = body.order === 'asc' ? 'asc' : 'desc';
  // The page is chosen first; only its rows then look up the holds on them.
  const rows = await db.query<Listing & { total: number; at: number }>(
    `select m.*,
            (select to_char(c.hold_until at time zone $4, 'YYYY-MM-DD HH24:MI:SS') from platform_cart_lines c
              where c.package_id = m.id::bigint and c.user_id = $2 and c.hold_until > $3) as "heldByMe",
            exists (select 1 from platform_cart_lines c
                     where c.package_id = m.id::bigint and c.user_id <> $2 and c.hold_until > $3) as "heldByOther"
       from (select ${LISTING_COLUMNS}, count(*) over ()::int as total,
                    row_number() over (order by ${sort} ${order} nulls last, x.id) as at
               from ${LISTED}
              ${where.length > 0 ? `where ${where.join(' and ')}` : ''}
              order by ${sort} ${order} nulls last, x.id
              limit ${size} offset ${(page - 1) * size}) m
      order by m.at`,
    params,
  );
  const total = rows[0]?.total ?? 0;
  return {
    records: rows.map(({ total: _, at: __, ...row }) => row),
    total,
    pages: Math.ceil(total / size),
    size,
  };
}

async function cartOf(db: Queryable, userId: string, timeZone: string): Promise<CartLine[]> {
  return db.query<CartLine>(
    `select p.id::text as "packageId", p.package_no as "packageNo", p.name, p.status,
            c.price_kind as "priceKind", c.unit_price::text as "unitPrice", c.futures_month as "futuresMonth",
            c.basis::text, p.tonnes::numeric(16, 3)::text as tonnes,
            to_char(c.added_at at time zone $2, 'YYYY-MM-DD HH24:MI:SS') as "addedAt",
            to_char(c.hold_until at time zone $2, 'YYYY-MM-DD HH24:MI:SS') as "holdUntil"
       from platform_cart_lines c join resource_packages p on p.id = c.package_id
      where c.user_id = $1 order by c.added_at desc, c.id desc`,
    [userId, timeZone],
  );
}

interface PackageRow {
  id: string;
  packageNo: string;
  name: string;
  status: string;
  priceKind: 'fixed' | 'basis';
  unitPrice: string | null;
  futuresMonth: string | null;
  basis: string | null;
  tonnes: string;
  validUntil: string;
  cropYear: string | null;
}

/** The package, locked: of clients asking at once, one at a time reads and changes it. */
async function lockedPackage(db: Queryable, id: string): Promise<PackageRow> {
  const [row] = await db.query<PackageRow>(
    `select id::text, package_no as "packageNo", name, status, price_kind as "priceKind",
            unit_price::text as "unitPrice", futures_month as "futuresMonth", basis::text,
            tonnes::numeric(16, 3)::text as tonnes, to_char(valid_until, 'YYYY-MM-DD') as "validUntil",
            split_part(crop_years, '、', 1) as "cropYear"
       from resource_packages where id = $1 for update`,
    [id],
  );
  if (!row || !['published', 'reserved', 'sold'].includes(row.status))
    throw badRequest('资源包不存在或已下架');
  return row;
}

const TAKEN = '该资源包已被其他客户订购';

/** Another client's live hold, when there is one: its end. */
async function heldByOther(db: Queryable, packageId: string, userId: string, now: Date) {
  const [row] = await db.query<{ until: Date }>(
    `select max(hold_until) as until from platform_cart_lines
      where package_id = $1 and user_id <> $2 and hold_until > $3`,
    [packageId, userId, now],
  );
  return row?.until ?? null;
}

async function addToCart(
  db: Queryable,
  client: PlatformClient,
  packageId: string,
  now: Date,
  timeZone: string,
) {
  await withinHours(db, now, timeZone);
  const found = await lockedPackage(db, packageId);
  const today = businessDate(now, timeZone);
  if (found.status !== 'published' || found.validUntil < today) throw badRequest(TAKEN);
  const other = await heldByOther(db, packageId, client.userId, now);
  if (other) throw badRequest(`该资源包已被其他客户锁定至 ${formatDateTime(other, timeZone).slice(11, 16)}`);
  const minutes = Number(await settingOn(db, 'platformCartHoldMinutes', today));
  const added = formatDateTime(now, timeZone);
  const until = holdExpiresAt(added, minutes);
  await db.query(
    `insert into platform_cart_lines (user_id, package_id, price_kind, unit_price, futures_month, basis, added_at,
                                      hold_until)
     values ($1, $2, $3, $4, $5, $6, $7, ($8::timestamp at time zone $9))
     on conflict (user_id, package_id) do update
       set price_kind = excluded.price_kind, unit_price = excluded.unit_price, futures_month = excluded.futures_month,
           basis = excluded.basis, added_at = excluded.added_at, hold_until = excluded.hold_until`,
    [
      client.userId,
      packageId,
      found.priceKind,
      found.unitPrice,
      found.futuresMonth,
      found.basis,
      now,
      until,
      timeZone,
    ],
  );
  return found;
}

/** The price a request is made at: the cart's snapshot while its hold lasts, else the package's own. */
async function requestPrice(db: Queryable, found: PackageRow, userId: string, now: Date) {
  const [held] = await db.query<Pick<PackageRow, 'unitPrice' | 'futuresMonth' | 'basis'>>(
    `select unit_price::text as "unitPrice", futures_month as "futuresMonth", basis::text
       from platform_cart_lines where user_id = $1 and package_id = $2 and hold_until > $3`,
    [userId, found.id, now],
  );
  return held ?? found;
}

/** The value the credit check counts: a fixed package at its price, a basis one at the credit valuation price. */
async function requestValue(
  db: Queryable,
  found: PackageRow,
  price: { unitPrice: string | null },
  today: string,
) {
  const perTonne =
    found.priceKind === 'fixed'
      ? price.unitPrice!
      : await settingOn(db, 'creditValuationPricePerTonne', today);
  return packageValue(found.tonnes, perTonne);
}

async function requestPackage(
  ctx: ServerContext,
  call: CallContext<{ packageId: string }>,
  client: PlatformClient,
) {
  const hook = hookOf(ctx, call as CallContext<unknown>, call.db);
  await withinHours(call.db, call.now, ctx.timeZone);
  const found = await lockedPackage(call.db, call.body.packageId);
  if (found.status !== 'published') throw badRequest(TAKEN);
  if (found.validUntil < hook.today) throw badRequest('该资源包已过有效期');
  if (await heldByOther(call.db, found.id, client.userId, call.now))
    throw badRequest('该资源包已被其他客户锁定');
  const price = await requestPrice(call.db, found, client.userId, call.now);
  const value = await requestValue(call.db, found, price, hook.today);
  const credit = await clientCreditOf(call.db, client.partnerId, hook.today);
  const refused = requestCreditProblem({
    headroom: credit.headroom,
    value,
    requireCredit: (await settingOn(call.db, 'platformRequireCredit', hook.today)) === 'true',
  });
  if (refused) throw badRequest(refused.message);
  const [request] = await call.db.query<{ id: string; requestNo: string }>(
    `insert into platform_purchase_requests (user_id, partner_id, package_id, price_kind, unit_price, futures_month,
                                             basis, tonnes, amount, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id::text`,
    [
      client.userId,
      client.partnerId,
      found.id,
      found.priceKind,
      price.unitPrice,
      price.futuresMonth,
      price.basis,
      found.tonnes,
      value,
      call.now,
    ],
  );
  const requestNo = `CGSQ${hook.today.replaceAll('-', '')}${request!.id.padStart(5, '0')}`;
  // The package is reserved before its batches, which a published package would not let go.
  await call.db.query(`update resource_packages set status = 'reserved' where id = $1`, [found.id]);
  await recordStep(hook, 'resourcePackage', found.id, {
    action: 'reserve',
    from: 'published',
    to: 'reserved',
    comment: `平台采购申请 ${requestNo}`,
  });
  const batchNos = (
    await call.db.query<{ batchNo: string }>(
      'select batch_no as "batchNo" from resource_package_lines where package_id = $1 order by sort, id',
      [found.id],
    )
  ).map((row) => row.batchNo);
  const expiresOn = found.validUntil;
  const reservationId = await reserveForClient(hook, {
    reservationNo: `B2B-${requestNo}`,
    clientId: client.partnerId,
    expiresOn,
    batchNos,
    because: `平台采购申请 ${requestNo}（资源包 ${found.packageNo}）`,
  });
  const [salesperson] = await call.db.query<{ id: string }>(
    'select salesperson_id::text as id from client_relations where client_id = $1',
    [client.partnerId],
  );
  const contract = await draftContract(hook, {
    side: 'sale',
    kind: found.priceKind === 'fixed' ? 'spot' : 'basis',
    partnerId: client.partnerId,
    salespersonId: salesperson?.id ?? null,
    signDate: hook.today,
    cropYear: found.cropYear || null,
    qualitySpec: `B2B 资源包 ${found.packageNo} ${found.name}：批号 ${batchNos.join('、')}`.slice(0, 200),
    tonnage: found.tonnes,
    tolerancePercent: '0',
    futuresMonth: found.priceKind === 'basis' ? price.futuresMonth : null,
    basis: found.priceKind === 'basis' ? price.basis : null,
    fixingDeadline: null,
    unitPrice: found.priceKind === 'fixed' ? price.unitPrice : null,
    warehouseId: null,
    deliveryFrom: null,
    deliveryTo: null,
  });
  await call.db.query(
    `update platform_purchase_requests set request_no = $2, reservation_id = $3, contract_id = $4 where id = $1`,
    [request!.id, requestNo, reservationId, contract.id],
  );
  await call.db.query('delete from platform_cart_lines where package_id = $1', [found.id]);
  call.record.detail = {
    resource: 'platformPurchaseRequest',
    operation: 'request',
    recordId: request!.id,
    summary: `平台采购申请 ${requestNo}：资源包 ${found.packageNo}，${found.tonnes} 吨，金额 ${value} 元，预留并生成销售合同草稿 ${contract.contractNo}`,
  };
  return { requestNo, contractNo: contract.contractNo, amount: value };
}

async function requestsOf(
  db: Queryable,
  client: PlatformClient,
  timeZone: string,
): Promise<PurchaseRequest[]> {
  return db.query<PurchaseRequest>(
    `select r.id::text, r.request_no as "requestNo", p.package_no as "packageNo", p.name,
            r.tonnes::numeric(16, 3)::text as tonnes, r.amount::text, r.status, c.contract_no as "contractNo",
            to_char(r.created_at at time zone $2, 'YYYY-MM-DD HH24:MI:SS') as "createdAt", r.reason,
            to_char(r.decided_at at time zone $2, 'YYYY-MM-DD HH24:MI:SS') as "decidedAt"
       from platform_purchase_requests r join resource_packages p on p.id = r.package_id
       left join transaction_contracts c on c.id = r.contract_id
      where r.user_id = $1 order by r.id desc`,
    [client.userId, timeZone],
  );
}

const PACKAGE_BODY = {
  type: 'object',
  required: ['packageId'],
  additionalProperties: false,
  properties: { packageId: { ...ID, title: '资源包' } },
};

export function storefrontCalls(app: FastifyInstance, ctx: ServerContext) {
  // Staff who may open the storefront (its screen's view right) read it as the clients do, to check what is
  // published: a preview, with no cart, request or help of their own.
  defineCall<SearchBody>(app, ctx, {
    path: STOREFRONT_PATHS.search,
    access: { module: 'commerceIndex', permission: 'view' },
    body: searchBody,
    handle: async (call) => {
      const session = signedIn(call as CallContext<unknown>);
      const preview = !(await isPlatformUser(ctx.db, session.userId));
      const reader = preview ? session : await platformClientOf(ctx.db, call as CallContext<unknown>);
      const today = businessDate(call.now, ctx.timeZone);
      const page = await searchListings(ctx.db, call.body, {
        userId: reader.userId,
        today,
        now: call.now,
        timeZone: ctx.timeZone,
      });
      return ok({ ...page, preview });
    },
  });
  defineCall(app, ctx, {
    path: STOREFRONT_PATHS.cart,
    access: 'session',
    handle: async (call) => {
      const client = await platformClientOf(ctx.db, call as CallContext<unknown>);
      return ok(await cartOf(ctx.db, client.userId, ctx.timeZone));
    },
  });
  defineCall<{ packageId: string }>(app, ctx, {
    path: STOREFRONT_PATHS.addToCart,
    access: 'session',
    body: PACKAGE_BODY,
    changes: true,
    handle: async (call) => {
      const client = await platformClientOf(call.db, call as CallContext<unknown>);
      const found = await addToCart(call.db, client, call.body.packageId, call.now, ctx.timeZone);
      call.record.detail = { summary: `加入购物车：资源包 ${found.packageNo}` };
      return ok(await cartOf(call.db, client.userId, ctx.timeZone));
    },
  });
  defineCall<{ packageId: string }>(app, ctx, {
    path: STOREFRONT_PATHS.removeFromCart,
    access: 'session',
    body: PACKAGE_BODY,
    changes: true,
    handle: async (call) => {
      const client = await platformClientOf(call.db, call as CallContext<unknown>);
      await call.db.query('delete from platform_cart_lines where user_id = $1 and package_id = $2', [
        client.userId,
        call.body.packageId,
      ]);
      return ok(await cartOf(call.db, client.userId, ctx.timeZone));
    },
  });
  defineCall<{ packageId: string }>(app, ctx, {
    path: STOREFRONT_PATHS.request,
    access: 'session',
    body: PACKAGE_BODY,
    changes: true,
    handle: async (call) => {
      const client = await platformClientOf(call.db, call as CallContext<unknown>);
      return ok(await requestPackage(ctx, call, client), '采购申请已提交');
    },
  });
  defineCall(app, ctx, {
    path: STOREFRONT_PATHS.requests,
    access: 'session',
    handle: async (call) => {
      const client = await platformClientOf(ctx.db, call as CallContext<unknown>);
      // What waited past its minutes has expired before the client reads it.
      await expireNow(ctx);
      return ok(await requestsOf(ctx.db, client, ctx.timeZone));
    },
  });
  defineCall(app, ctx, {
    path: STOREFRONT_PATHS.help,
    access: 'session',
    handle: async (call) => {
      await platformClientOf(ctx.db, call as CallContext<unknown>);
      return ok(
        await ctx.db.query<HelpArticle>(
          `select id::text, title, body from platform_help_articles where status = 'published' order by sort, id`,
        ),
      );
    },
  });
}

/** Platform users: a save changes one still registered; its creator never approves it (four eyes). */
export const platformUserStorage: ResourceStorage = {
  table: 'platform_users',
  unique: ['userId'],
  clientScope: 'partner_id',
  submittedBy: 't.created_by',
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  lockFirst: async (db, id, record) => {
    if (!id || record === undefined) return;
    const [row] = await db.query<{ status: string }>(
      'select status from platform_users where id = $1 for update',
      [id],
    );
    if (row && row.status !== 'registered') throw badRequest('只有待审核的平台用户可以修改');
  },
};

export const listingStorage: ResourceStorage = { table: 'storefront_listings' };

export const cartLineStorage: ResourceStorage = {
  table: 'platform_cart_lines',
  clientScope: { read: '(select u.partner_id from platform_users u where u.user_id = t.user_id)' },
  columns: {
    partnerId: { read: '(select u.partner_id from platform_users u where u.user_id = t.user_id)' },
  },
};

export const purchaseRequestStorage: ResourceStorage = {
  table: 'platform_purchase_requests',
  clientScope: 'partner_id',
  afterTransition: afterRequestDecided,
};

/** The platform's settings: rows of the versioned settings, through the view of the platform's keys. */
export const platformSettingStorage: ResourceStorage = {
  table: 'platform_settings',
  columns: { updatedBy: { read: 't.updated_by' }, updateTime: { read: 't.updated_at' } },
  stamps: (hook) => ({ updated_at: hook.now, updated_by: hook.actor.userId }),
};

export const helpArticleStorage: ResourceStorage = {
  table: 'platform_help_articles',
  columns: { updatedBy: { read: 't.updated_by' }, updateTime: { read: 't.updated_at' } },
  stamps: (hook) => ({ updated_at: hook.now, updated_by: hook.actor.userId }),
};
