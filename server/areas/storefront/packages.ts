// Resource packages on the server (SM-13): their batches, the summary of the batches' bales written on every
// save (src/domain/packages.ts), and publishing only the house's own available stock. The database keeps a
// batch in one live package and out of pledges and reservations while published (migration 160); the checks
// here say it in words first.

import Decimal from 'decimal.js';
import {
  type GradeCounts,
  micronaireClass,
  type PackageBatch,
  type PackageGradeShare,
  packageQuality,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { childLines } from '../../platform/resources/lines.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';

/** The states in which a package's batches may still be changed. */
const EDITABLE = ['draft', 'withdrawn'];

const BATCH_STATE_WORDS: Readonly<Record<string, string>> = {
  inTransit: '在途',
  reserved: '已预留',
  pledged: '已质押',
  sold: '已售出',
  out: '已出库',
};

interface BatchRow {
  batchNo: string;
  status: string;
  ownerKind: string;
  bales: number | null;
  tonnes: string | null;
  colourGrade: string | null;
  micronaireGrade: string | null;
  lengthMm: string | null;
  micronaire: string | null;
  strength: string | null;
  uniformity: string | null;
  premium: string | null;
  cropYear: string | null;
  warehouseName: string | null;
  inOpenSale: boolean;
  otherPackage: string | null;
}

/** The package's batches as the summary and the checks read them, locked when asked. */
async function batchesOf(db: Queryable, id: string, lock = false): Promise<BatchRow[]> {
  return db.query<BatchRow>(
    `select b.batch_no as "batchNo", b.status, b.owner_kind as "ownerKind", b.bale_count as bales,
            b.conditioned_weight::text as tonnes, b.colour_grade as "colourGrade",
            b.micronaire_grade as "micronaireGrade", b.length_mm::text as "lengthMm", b.micronaire::text,
            b.strength::text, b.uniformity::text, b.exchange_premium::text as premium, b.crop_year as "cropYear",
            w.name as "warehouseName",
            exists (select 1 from transaction_contract_lines cl where cl.batch_no = b.batch_no and cl.open_sale)
              as "inOpenSale",
            (select p.package_no from resource_package_lines o join resource_packages p on p.id = o.package_id
              where o.batch_no = b.batch_no and o.live and o.package_id <> l.package_id) as "otherPackage"
       from resource_package_lines l join batches b on b.batch_no = l.batch_no
       left join warehouses w on w.id = b.warehouse_id
      where l.package_id = $1 order by l.sort, l.id ${lock ? 'for update of b' : ''}`,
    [id],
  );
}

/** Why a batch may not be published in a package, in words; undefined when it may. */
function unavailable(batch: BatchRow): string | undefined {
  if (batch.ownerKind !== 'own') return `批号 ${batch.batchNo} 不是本公司自有货物，不能组包发布`;
  if (!['stock', 'receipted'].includes(batch.status))
    return `批号 ${batch.batchNo} 当前${BATCH_STATE_WORDS[batch.status] ?? batch.status}，不能组包发布`;
  if (batch.inOpenSale) return `批号 ${batch.batchNo} 已在未完结的销售合同中，不能组包发布`;
  if (batch.otherPackage) return `批号 ${batch.batchNo} 已在资源包 ${batch.otherPackage} 中发布`;
  if (batch.bales === null || batch.tonnes === null || batch.lengthMm === null)
    return `批号 ${batch.batchNo} 尚无公检质量数据，不能组包发布`;
  return undefined;
}

/** Bales per micronaire class and colour of each batch, from its bale file where it has one. */
async function baleCounts(db: Queryable, batchNos: string[]) {
  const rows = await db.query<{ batchNo: string; colour: string; micronaire: string; bales: number }>(
    `select b.batch_no as "batchNo", bl.colour_grade as colour, bl.micronaire::text as micronaire,
            count(*)::int as bales
       from bales bl join batches b on b.id = bl.batch_id
      where b.batch_no = any($1::text[])
      group by b.batch_no, bl.colour_grade, bl.micronaire`,
    [batchNos],
  );
  const counts = new Map<string, { colour: Record<string, number>; micronaire: Record<string, number> }>();
  for (const row of rows) {
    const batch = counts.get(row.batchNo) ?? { colour: {}, micronaire: {} };
    const mic = micronaireClass(row.micronaire);
    batch.colour[row.colour] = (batch.colour[row.colour] ?? 0) + row.bales;
    batch.micronaire[mic] = (batch.micronaire[mic] ?? 0) + row.bales;
    counts.set(row.batchNo, batch);
  }
  return counts;
}

/** A batch known by its certificate only counts all its bales in its own grade. */
const wholeBatch = (grade: string | null, bales: number): GradeCounts => (grade ? { [grade]: bales } : {});

const sharesText = (shares: readonly PackageGradeShare[]) =>
  shares.map((share) => `${share.grade}: ${share.bales} (${share.percent}%)`).join(' · ') || null;

const distinct = (values: readonly (string | null)[]) =>
  [...new Set(values.filter((value): value is string => Boolean(value)))].join('、') || null;

/** The package's summary written from its batches: quality by bales, the premium weighted by tonnes. */
export async function writeSummary(db: Queryable, id: string): Promise<void> {
  const batches = (await batchesOf(db, id)).filter((batch) => batch.bales && batch.tonnes && batch.lengthMm);
  const counts = await baleCounts(
    db,
    batches.map((batch) => batch.batchNo),
  );
  const inputs: PackageBatch[] = batches.map((batch) => ({
    batchNo: batch.batchNo,
    bales: batch.bales!,
    tonnes: batch.tonnes!,
    colour: counts.get(batch.batchNo)?.colour ?? wholeBatch(batch.colourGrade, batch.bales!),
    micronaire: counts.get(batch.batchNo)?.micronaire ?? wholeBatch(batch.micronaireGrade, batch.bales!),
    lengthMm: batch.lengthMm!,
    micronaireValue: batch.micronaire!,
    strength: batch.strength!,
    uniformity: batch.uniformity!,
  }));
  const quality = packageQuality(inputs);
  const priced = batches.filter((batch) => batch.premium !== null);
  const pricedTonnes = priced.reduce((sum, batch) => sum.plus(batch.tonnes!), new Decimal(0));
  const premium =
    priced.length === batches.length && pricedTonnes.greaterThan(0)
      ? priced
          .reduce((sum, batch) => sum.plus(new Decimal(batch.premium!).times(batch.tonnes!)), new Decimal(0))
          .dividedBy(pricedTonnes)
          .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
          .toFixed(2)
      : null;
  await db.query(
    `update resource_packages set batch_count = $2, bale_count = $3, tonnes = $4, main_colour = $5,
            colour_shares = $6, micronaire_class = $7, micronaire_shares = $8, length_mm = $9, micronaire = $10,
            strength = $11, uniformity = $12, premium = $13, crop_years = $14, warehouse_names = $15
      where id = $1`,
    [
      id,
      quality?.batches ?? 0,
      quality?.bales ?? 0,
      quality?.tonnes ?? '0',
      quality?.mainColour ?? null,
      quality ? sharesText(quality.colourShares) : null,
      quality?.micronaireClass ?? null,
      quality ? sharesText(quality.micronaireShares) : null,
      quality?.lengthMm ?? null,
      quality?.micronaire ?? null,
      quality?.strength ?? null,
      quality?.uniformity ?? null,
      premium,
      distinct(batches.map((batch) => batch.cropYear)),
      distinct(batches.map((batch) => batch.warehouseName)),
    ],
  );
}

/** Refuses a package whose batches may not be published, naming each batch and why. */
async function checkPublishable(db: Queryable, id: string, today: string) {
  const [row] = await db.query<{ validUntil: string }>(
    `select to_char(valid_until, 'YYYY-MM-DD') as "validUntil" from resource_packages where id = $1`,
    [id],
  );
  if (row && row.validUntil < today) throw badRequest(`有效期 ${row.validUntil} 已过，请先修改有效期再发布`);
  const batches = await batchesOf(db, id, true);
  if (batches.length === 0) throw badRequest('资源包中没有批号，请先添加批号');
  const problems = batches.map(unavailable).filter((found): found is string => found !== undefined);
  if (problems.length > 0) throw badRequest(problems.join('；'));
}

/** A new package is numbered once its row exists: ZYB, the day and its id. */
async function packageNumber(hook: HookContext, id: string) {
  await hook.db.query(
    `update resource_packages set package_no = 'ZYB' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where id = $1 and package_no is null`,
    [id, hook.today],
  );
}

export const resourcePackageStorage: ResourceStorage = {
  table: 'resource_packages',
  lines: childLines('resource_package_lines', 'package_id', { batchNo: 'batch_no' }),
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  // A save changes a package that is not live; from draft or withdrawn the only move is publishing, which
  // locks its batches and checks each in words before the database's own guard.
  lockFirst: async (db, id, record, today) => {
    if (!id) return;
    const [row] = await db.query<{ status: string }>(
      'select status from resource_packages where id = $1 for update',
      [id],
    );
    if (!row || !EDITABLE.includes(row.status)) {
      if (row && record !== undefined) throw badRequest('只有草稿或已撤回的资源包可以修改');
      return;
    }
    if (record === undefined) await checkPublishable(db, id, today);
  },
  afterSave: async (hook, id, creating) => {
    if (creating) await packageNumber(hook, id);
    const problems = (await batchesOf(hook.db, id))
      .map(unavailable)
      .filter((found): found is string => found !== undefined);
    if (problems.length > 0) throw badRequest(problems.join('；'));
    await writeSummary(hook.db, id);
    return {};
  },
  onDelete: async (db, ids) => {
    const [live] = await db.query(
      `select 1 from resource_packages where id = any($1::bigint[]) and status not in ('draft', 'withdrawn') for update`,
      [ids],
    );
    if (live) throw badRequest('只有草稿或已撤回的资源包可以删除');
  },
};
