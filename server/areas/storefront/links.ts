// Signed links without login (domain-money.md §7.3): a published package opened from a share link until its
// day, showing its quality and, if the setting allows, its price; a batch's quality sheet opened from the QR
// code on its label. A forged, altered or expired link shows nothing; neither ever shows an owner or a cost.

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { LINK_PATHS, type SharedBatch, type SharedPackage } from '../../../src/areas/storefront/api.ts';
import { loadGrants, reachOf } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { defineCall, signedIn } from '../../platform/http/calls.ts';
import { badRequest, forbidden, ok } from '../../platform/http/envelope.ts';
import { settingOn } from '../../platform/settings.ts';
import { businessDate } from '../../platform/time.ts';

const INVALID = '链接无效或已过期';

async function signature(db: Queryable, text: string): Promise<string> {
  const [key] = await db.query<{ secret: string }>('select secret from platform_link_key');
  return createHmac('sha256', key!.secret).update(text).digest('base64url').slice(0, 32);
}

async function signedRight(db: Queryable, text: string, given: string): Promise<boolean> {
  const expected = Buffer.from(await signature(db, text));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const plusDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** A package's share token: its id, the last day it opens and the signature of both. */
export async function packageToken(db: Queryable, packageId: string, lastDay: string): Promise<string> {
  return `${packageId}.${lastDay}.${await signature(db, `package:${packageId}:${lastDay}`)}`;
}

export const batchSignature = (db: Queryable, batchNo: string) => signature(db, `batch:${batchNo}`);

const TOKEN = /^([1-9][0-9]{0,17})\.(\d{4}-\d{2}-\d{2})\.([A-Za-z0-9_-]{32})$/;

async function sharedPackage(db: Queryable, token: string, today: string): Promise<SharedPackage> {
  const parts = TOKEN.exec(token);
  if (!parts) throw badRequest(INVALID);
  const [, id, lastDay, given] = parts as unknown as [string, string, string, string];
  if (lastDay < today || !(await signedRight(db, `package:${id}:${lastDay}`, given)))
    throw badRequest(INVALID);
  const showPrices = (await settingOn(db, 'platformShowPrices', today)) === 'true';
  const [row] = await db.query<SharedPackage>(
    `select package_no as "packageNo", name, price_kind as "priceKind",
            case when $3 then unit_price::text end as "unitPrice",
            case when $3 then futures_month end as "futuresMonth", case when $3 then basis::text end as basis,
            to_char(valid_until, 'YYYY-MM-DD') as "validUntil", batch_count as "batchCount",
            bale_count as "baleCount", tonnes::numeric(16, 3)::text as tonnes, colour_shares as "colourShares",
            micronaire_class as "micronaireClass", micronaire_shares as "micronaireShares",
            length_mm::text as "lengthMm", micronaire::text, strength::text, uniformity::text,
            premium::text, crop_years as "cropYears", warehouse_names as "warehouseNames"
       from storefront_listings where id = $1 and valid_until >= $2::date`,
    [id, today, showPrices],
  );
  if (!row) throw badRequest(INVALID);
  return row;
}

async function sharedBatch(db: Queryable, batchNo: string, given: string): Promise<SharedBatch> {
  if (!/^[A-Za-z0-9-]{1,32}$/.test(batchNo) || !(await signedRight(db, `batch:${batchNo}`, given)))
    throw badRequest(INVALID);
  const [row] = await db.query<SharedBatch>(
    `select batch_no as "batchNo", crop_year as "cropYear", bale_count as "baleCount",
            colour_grade as "colourGrade", colour_shares as "colourShares", length_mm::text as "lengthMm",
            length_grade as "lengthGrade", micronaire::text, micronaire_grade as "micronaireClass",
            strength::text, strength_grade as "strengthGrade", uniformity::text,
            uniformity_grade as "uniformityGrade", trash_percent::text as "trashPercent",
            moisture_regain_percent::text as "moistureRegainPercent"
       from batches where batch_no = $1`,
    [batchNo],
  );
  if (!row) throw badRequest(INVALID);
  return row;
}

export function linkCalls(app: FastifyInstance, ctx: ServerContext) {
  defineCall<{ packageId: string }>(app, ctx, {
    path: LINK_PATHS.packageLink,
    access: 'session',
    body: {
      type: 'object',
      required: ['packageId'],
      additionalProperties: false,
      properties: { packageId: { type: 'string', pattern: '^[1-9][0-9]{0,17}$', title: '资源包' } },
    },
    handle: async ({ body, db, now, session }) => {
      const userId = signedIn({ session }).userId;
      const grants = await loadGrants(db, userId);
      const [platform] = await db.query('select 1 from platform_users where user_id = $1 and status = $2', [
        userId,
        'active',
      ]);
      const reach = reachOf(grants, 'resourcePackage', 'view', userId);
      if (!platform && reach.screens !== 'all' && reach.screens.length === 0) throw forbidden();
      const today = businessDate(now, ctx.timeZone);
      const [published] = await db.query('select 1 from storefront_listings where id = $1', [body.packageId]);
      if (!published) throw badRequest('只有已发布的资源包可以分享');
      const lastDay = plusDays(today, Number(await settingOn(db, 'packageLinkDays', today)));
      const token = await packageToken(db, body.packageId, lastDay);
      return ok({ token, lastDay, path: `/#/resourcePackageOne/interlinkage?t=${token}` });
    },
  });
  defineCall<{ batchNo: string }>(app, ctx, {
    path: LINK_PATHS.batchLink,
    access: { module: 'batch', permission: 'view' },
    body: {
      type: 'object',
      required: ['batchNo'],
      additionalProperties: false,
      properties: { batchNo: { type: 'string', pattern: '^[A-Za-z0-9-]{1,32}$', title: '批号' } },
    },
    handle: async ({ body, db }) => {
      const [known] = await db.query('select 1 from batches where batch_no = $1', [body.batchNo]);
      if (!known) throw badRequest(`批号 ${body.batchNo} 不存在`);
      const s = await batchSignature(db, body.batchNo);
      return ok({ path: `/#/ResourceDetailSm?b=${encodeURIComponent(body.batchNo)}&s=${s}` });
    },
  });
  defineCall<{ t: string }>(app, ctx, {
    path: LINK_PATHS.sharedPackage,
    access: 'public',
    body: { type: 'object', required: ['t'], properties: { t: { type: 'string', maxLength: 80 } } },
    handle: async ({ body, now }) => ok(await sharedPackage(ctx.db, body.t, businessDate(now, ctx.timeZone))),
  });
  defineCall<{ b: string; s: string }>(app, ctx, {
    path: LINK_PATHS.sharedBatch,
    access: 'public',
    body: {
      type: 'object',
      required: ['b', 's'],
      properties: { b: { type: 'string', maxLength: 32 }, s: { type: 'string', maxLength: 64 } },
    },
    handle: async ({ body }) => ok(await sharedBatch(ctx.db, body.b, body.s)),
  });
}
