// Storage of the sales basis sheet (SalesBasis, its lines; SaleBasisDetail lists every line) and the market
// basis it gives (marketBasis). A sheet is edited while a draft; publishing puts it in use and retires the
// sheet in use before it, recorded in each one's history; the database keeps one sheet in use.

import {
  type BasisLine,
  basisLineFor,
  duplicateBasisLines,
  futuresMonth,
  type Grade,
  gradeOf,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type {
  CommandService,
  HookContext,
  LinesStorage,
  ResourceStorage,
} from '../../platform/resources/storage.ts';

type Line = Record<string, unknown>;

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

/** The lines of a sheet: months in their market writing (read against the sheet's date), no quote twice. */
const basisLines: LinesStorage = {
  load: (db, id) =>
    db.query<Line>(
      `select l.futures_month as "futuresMonth", l.warehouse_id::text as "warehouseId",
              w.name as "warehouseIdName", l.colour_grade as "colourGrade", l.length_grade as "lengthGrade",
              l.basis::numeric(20, 2)::text as basis, l.remark
         from sales_basis_lines l left join warehouses w on w.id = l.warehouse_id
        where l.sheet_id = $1 order by l.sort, l.id`,
      [id],
    ),
  save: async ({ db, today }, id, lines, record) => {
    const reference = given(record.effectiveFrom) ?? today;
    const problems: Record<string, string> = {};
    const quotes = lines.map((line, index): BasisLine => {
      const month = futuresMonth(String(line.futuresMonth ?? ''), reference);
      if (!month)
        problems[`lines.${index}.futuresMonth`] = '合约月份如 CF605 或 CF2605（1、3、5、7、9、11 月）';
      const length = given(line.lengthGrade);
      return {
        futuresMonth: month?.code ?? String(line.futuresMonth),
        warehouseId: given(line.warehouseId) ?? null,
        colourGrade: given(line.colourGrade) ?? null,
        lengthGrade: length === undefined ? null : Number(length),
        basis: String(line.basis),
      };
    });
    for (const duplicate of duplicateBasisLines(quotes))
      problems[`lines.${duplicate.params!.line}.futuresMonth`] = duplicate.message;
    if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
    await db.query('delete from sales_basis_lines where sheet_id = $1', [id]);
    for (const [sort, quote] of quotes.entries())
      await db.query(
        `insert into sales_basis_lines (sheet_id, sort, futures_month, warehouse_id, colour_grade, length_grade,
                                        basis, remark)
         values ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [
          id,
          sort,
          quote.futuresMonth,
          quote.warehouseId,
          quote.colourGrade,
          quote.lengthGrade,
          quote.basis,
          given(lines[sort]!.remark) ?? null,
        ],
      );
  },
};

/** Only a draft is changed or deleted: a sheet once in use is history the valuation of its days rests on. */
async function draftsOnly(db: Queryable, ids: readonly string[]) {
  const kept = await db.query<{ sheetNo: string }>(
    `select sheet_no as "sheetNo" from sales_basis_sheets
      where id = any($1::bigint[]) and status <> 'draft' for update`,
    [ids],
  );
  if (kept.length > 0)
    throw badRequest(`只有草稿状态的基差表可以修改或删除：${kept.map((s) => s.sheetNo).join('、')}`);
}

/**
 * Publishing: not effective before the sheet in use (the basis of a day must stay readable), then that sheet
 * is retired. Publishers queue on one lock, so two publishing at once leave the later one in use.
 */
async function publish(hook: HookContext, id: string) {
  await hook.db.query(`select pg_advisory_xact_lock(hashtext('sales_basis_sheets.publish'))`);
  const [sheet] = await hook.db.query<{ effectiveFrom: string }>(
    `select to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom" from sales_basis_sheets where id = $1`,
    [id],
  );
  const [lines] = await hook.db.query<{ count: number }>(
    'select count(*)::int as count from sales_basis_lines where sheet_id = $1',
    [id],
  );
  if (!lines?.count) throw badRequest('基差表没有报价行，不能发布');
  const [later] = await hook.db.query<{ sheetNo: string; effectiveFrom: string }>(
    `select sheet_no as "sheetNo", to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom"
       from sales_basis_sheets where status = 'active' and id <> $1 and effective_from > $2::date`,
    [id, sheet!.effectiveFrom],
  );
  if (later)
    throw badRequest(
      `使用中的基差表 ${later.sheetNo} 自 ${later.effectiveFrom} 起生效，新发布的基差表生效日期不能更早`,
    );
  await hook.db.query(
    'update sales_basis_sheets set published_by = $2, published_at = $3, updated_at = $3 where id = $1',
    [id, hook.actor.userId, hook.now],
  );
  const retired = await hook.db.query<{ id: string }>(
    `update sales_basis_sheets set status = 'retired', updated_at = $2
      where status = 'active' and id <> $1 returning id::text`,
    [id, hook.now],
  );
  const [own] = await hook.db.query<{ sheetNo: string }>(
    'select sheet_no as "sheetNo" from sales_basis_sheets where id = $1',
    [id],
  );
  for (const { id: retiredId } of retired)
    await recordStep(hook, 'salesBasis', retiredId, {
      action: 'retire',
      from: 'active',
      to: 'retired',
      comment: `已由基差表 ${own!.sheetNo} 取代`,
    });
}

/** A new draft with the sheet's quotes, to be adjusted and published. */
const copySheet: CommandService<{ sheetNo: string; effectiveFrom: string }> = async ({
  db,
  record,
  input,
  now,
}) => {
  const [taken] = await db.query('select 1 from sales_basis_sheets where sheet_no = $1', [input.sheetNo]);
  if (taken) throw badRequest(`基差表编号 ${input.sheetNo} 已存在`);
  const [copy] = await db.query<{ id: string }>(
    `insert into sales_basis_sheets (sheet_no, effective_from, remark, updated_at)
     values ($1, $2, $3, $4) returning id::text`,
    [input.sheetNo, input.effectiveFrom, `复制自 ${record!.sheetNo}`, now],
  );
  await db.query(
    `insert into sales_basis_lines (sheet_id, sort, futures_month, warehouse_id, colour_grade, length_grade, basis,
                                    remark)
     select $2, sort, futures_month, warehouse_id, colour_grade, length_grade, basis, remark
       from sales_basis_lines where sheet_id = $1`,
    [record!.id, copy!.id],
  );
  return {
    summary: `复制基差表 ${record!.sheetNo} 为草稿 ${input.sheetNo}（自 ${input.effectiveFrom} 起生效）`,
    data: { id: copy!.id },
  };
};

export const salesBasisStorage: ResourceStorage = {
  table: 'sales_basis_sheets',
  columns: {
    lineCount: { read: '(select count(*) from sales_basis_lines l where l.sheet_id = t.id)' },
    publishedBy: { read: 't.published_by' },
    publishedAt: { read: 't.published_at' },
    updateTime: { read: 't.updated_at' },
  },
  unique: ['sheetNo'],
  stamps: (hook) => ({ updated_at: hook.now }),
  lines: basisLines,
  lockFirst: async (db, id, record) => {
    if (id && record) await draftsOnly(db, [id]);
  },
  onDelete: draftsOnly,
  afterTransition: async (hook, id, action) => {
    if (action === 'publish') await publish(hook, id);
    return {};
  },
  commands: { copy: copySheet },
};

export const saleBasisDetailStorage: ResourceStorage = { table: 'sale_basis_details' };

export interface MarketBasisQuery {
  /** CF month in either writing (CF605 is read against `day`). */
  month: string;
  warehouseId?: string | null;
  /** A grade as the trade writes it (3128B, 31-28, 31) or its parts; absent: the sheet's open-grade line. */
  grade?: string | Grade | null;
  /** YYYY-MM-DD: the sheet in force that day. */
  day: string;
}

export interface MarketBasis {
  /** CNY/t over the month, 2 decimals. */
  basis: string;
  futuresMonth: string;
  sheetId: string;
  sheetNo: string;
  effectiveFrom: string;
}

/**
 * The market basis B_mkt (domain.md §5) of a month, delivery warehouse and grade on a day: from the sheet in
 * force that day (of the sheets ever published, the latest effective on or before it), its most specific
 * line that applies (src/domain/salesBasis.ts). Undefined when no sheet was in force or no line applies.
 */
export async function marketBasis(db: Queryable, query: MarketBasisQuery): Promise<MarketBasis | undefined> {
  const month = futuresMonth(query.month, query.day);
  if (!month) return undefined;
  const grade: Grade = typeof query.grade === 'string' ? (gradeOf(query.grade) ?? {}) : (query.grade ?? {});
  const [sheet] = await db.query<{ id: string; sheetNo: string; effectiveFrom: string }>(
    `select id::text, sheet_no as "sheetNo", to_char(effective_from, 'YYYY-MM-DD') as "effectiveFrom"
       from sales_basis_sheets
      where status in ('active', 'retired') and published_at is not null and effective_from <= $1::date
      order by effective_from desc, published_at desc limit 1`,
    [query.day],
  );
  if (!sheet) return undefined;
  const lines = await db.query<BasisLine>(
    `select futures_month as "futuresMonth", warehouse_id::text as "warehouseId",
            colour_grade as "colourGrade", length_grade as "lengthGrade", basis::numeric(20, 2)::text as basis
       from sales_basis_lines where sheet_id = $1 and futures_month = $2`,
    [sheet.id, month.code],
  );
  const line = basisLineFor(lines, {
    futuresMonth: month.code,
    warehouseId: query.warehouseId ?? null,
    colourGrade: grade.colourGrade ?? null,
    lengthGrade: grade.lengthGrade ?? null,
  });
  if (!line) return undefined;
  return {
    basis: line.basis,
    futuresMonth: month.code,
    sheetId: sheet.id,
    sheetNo: sheet.sheetNo,
    effectiveFrom: sheet.effectiveFrom,
  };
}
