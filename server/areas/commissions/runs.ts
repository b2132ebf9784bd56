// The commission run (SM-11) on the server: its lines computed from the sale settlements confirmed by the
// month's end that no other run has commissioned, per batch and role, by src/domain/commission.ts at the rates
// of the settings in force on the run's day (its scheme version); and, for lines of confirmed runs payable on
// collection, the change in what is payable as their settlements are paid (new lines, never an edit).
import Decimal from 'decimal.js';
import {
  managementRoyalty,
  netCommission,
  payableOnCollection,
  perTonneCommission,
  profitShareCommission,
} from '../../../src/domain/commission.ts';
import { toFen } from '../../../src/domain/money.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type {
  CommandService,
  HookContext,
  LinesStorage,
  ResourceStorage,
} from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { unitCostsOn } from '../costing/index.ts';

export interface Scheme {
  scheme: 'perTonne' | 'profitShare';
  ratePurchase: string;
  rateSale: string;
  rateB2b: string;
  sharePercent: string;
  purchaseSharePercent: string;
  managementPercent: string;
  payableOn: 'settlement' | 'collection';
}

/** The scheme version in force on a day: the settings' values then. */
export async function schemeOn(db: Queryable, day: string): Promise<Scheme> {
  const read = (key: string) => settingOn(db, key, day);
  const scheme = await read('commissionScheme');
  const payableOn = await read('commissionPayableOn');
  return {
    scheme: scheme === 'profitShare' ? 'profitShare' : 'perTonne',
    ratePurchase: await read('commissionPerTonnePurchase'),
    rateSale: await read('commissionPerTonne'),
    rateB2b: await read('commissionPerTonneB2b'),
    sharePercent: await read('commissionProfitSharePercent'),
    purchaseSharePercent: await read('commissionPurchaseSharePercent'),
    managementPercent: await read('commissionManagementPercent'),
    payableOn: payableOn === 'settlement' ? 'settlement' : 'collection',
  };
}

/** The last day of a month YYYY-MM. */
export function monthEnd(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${period}-${String(last).padStart(2, '0')}`;
}

interface Source {
  lineId: string;
  settlementId: string;
  settlementNo: string | null;
  contractNo: string | null;
  clientName: string | null;
  batchNo: string;
  weight: string;
  revenueExcl: string;
  otherExcl: string;
  goodsExcl: string;
  settleDate: string;
  salespersonId: string | null;
  purchaserId: string | null;
  managerId: string | null;
  channel: 'self' | 'b2b';
  totalAmount: string;
  paidAmount: string;
}

export interface Line {
  personId: string;
  role: 'purchaser' | 'salesperson' | 'manager';
  channel: 'self' | 'b2b';
  lineKind: 'commission' | 'collection';
  settlementId: string;
  settlementLineId: string;
  settlementNo: string | null;
  contractNo: string | null;
  clientName: string | null;
  batchNo: string;
  settleDate: string;
  basis: 'tonnes' | 'grossProfit';
  tonnage: string;
  revenueExcl: string | null;
  costExcl: string | null;
  grossProfit: string | null;
  rate: string;
  gross: string;
  deducted: string;
  net: string;
  collectedShare: string;
  payable: string;
}

/**
 * What the client owes on the contract of settlement `s` (its confirmed sale settlements) and has paid on it
 * (client payments received and not reversed): a line is payable pro rata (domain-money.md §5.2.3).
 */
const COLLECTED = `select coalesce((select sum(z.total_amount) from settlements z
                                     where z.contract_id = s.contract_id and z.side = 'sale'
                                       and z.status = 'confirmed'), 0) as total,
                          coalesce((select cp.paid from contract_payments cp where cp.contract_id = s.contract_id), 0)
                            as paid`;

/** The sale settlement lines confirmed by `periodTo` that no other run has commissioned. */
async function sourcesOf(db: Queryable, runId: string, periodTo: string): Promise<Source[]> {
  return db.query<Source>(
    `with src as (
       select l.id, l.settlement_id, l.sort, l.batch_no, l.weight, l.amount_excl, s.contract_id, s.partner_id,
              s.settlement_no, s.confirmed_on
         from settlement_lines l join settlements s on s.id = l.settlement_id
        where s.side = 'sale' and s.status = 'confirmed' and s.confirmed_on <= $2::date and l.line_kind = 'goods'
          and not exists (select 1 from commission_lines x
                           where x.settlement_line_id = l.id and x.line_kind = 'commission' and x.run_id <> $1)),
     purchasers as (
       select distinct on (pl.batch_no) pl.batch_no, pc.salesperson_id
         from transaction_contract_lines pl join transaction_contracts pc on pc.id = pl.contract_id
        where pl.batch_no in (select batch_no from src) and pc.side = 'purchase'
          and pc.status not in ('draft', 'voided', 'rejected', 'superseded')
        order by pl.batch_no, pc.id desc),
     amounts as (
       select x.settlement_id, sum(x.amount_excl) filter (where x.line_kind <> 'goods') as other,
              sum(x.amount_excl) filter (where x.line_kind = 'goods') as goods
         from settlement_lines x where x.settlement_id in (select settlement_id from src) group by x.settlement_id),
     owed as (
       select z.contract_id, sum(z.total_amount) as total from settlements z
        where z.side = 'sale' and z.status = 'confirmed' and z.contract_id in (select contract_id from src)
        group by z.contract_id)
     select l.id::text as "lineId", l.settlement_id::text as "settlementId", l.settlement_no as "settlementNo",
            c.contract_no as "contractNo", p.name as "clientName", l.batch_no as "batchNo", l.weight::text,
            l.amount_excl::text as "revenueExcl",
            coalesce(a.other, 0)::text as "otherExcl", coalesce(a.goods, 0)::text as "goodsExcl",
            to_char(l.confirmed_on, 'YYYY-MM-DD') as "settleDate",
            c.salesperson_id::text as "salespersonId", pu.salesperson_id::text as "purchaserId",
            d.leader_id::text as "managerId",
            case when ch.channel = 'b2b' then 'b2b' else 'self' end as channel,
            coalesce(o.total, 0)::text as "totalAmount", coalesce(cp.paid, 0)::text as "paidAmount"
       from src l
       join transaction_contracts c on c.id = l.contract_id
       join partners p on p.id = l.partner_id
       left join purchasers pu on pu.batch_no = l.batch_no
       left join amounts a on a.settlement_id = l.settlement_id
       left join owed o on o.contract_id = l.contract_id
       left join contract_payments cp on cp.contract_id = l.contract_id
       left join contract_channels ch on ch.contract_id = c.id
       left join users u on u.id = c.salesperson_id
       left join departments d on d.id = u.department_id
      order by l.confirmed_on, l.settlement_id, l.sort, l.id`,
    [runId, periodTo],
  );
}

const share = (paid: string, total: string) => {
  const due = new Decimal(total);
  if (due.lessThanOrEqualTo(0)) return '0';
  return Decimal.min(1, Decimal.max(0, new Decimal(paid).dividedBy(due)))
    .toDecimalPlaces(6)
    .toString();
};

/**
 * The commission lines of the sources at the scheme: per batch, the purchaser's and the salesperson's
 * commission (per tonne, the B2B channel at its own rate; or their parts of the profit-share pool) and the
 * manager's royalty on the GP; a batch without a cost earns no GP-based line (counted as uncosted).
 */
export function commissionLines(
  sources: readonly Source[],
  unitCosts: ReadonlyMap<string, string | null>,
  scheme: Scheme,
): { lines: Line[]; uncosted: number } {
  const lines: Line[] = [];
  let uncosted = 0;
  for (const source of sources) {
    const unitCost = unitCosts.get(source.batchNo) ?? null;
    // Claims and charges of the settlement reduce (or add to) its revenue once, spread over its batches by value.
    const goods = new Decimal(source.goodsExcl);
    const revenue = goods.isZero()
      ? new Decimal(source.revenueExcl)
      : new Decimal(source.revenueExcl).plus(
          new Decimal(source.otherExcl).times(source.revenueExcl).dividedBy(goods),
        );
    const revenueExcl = toFen(revenue);
    const costExcl = unitCost === null ? null : toFen(new Decimal(unitCost).times(source.weight));
    const grossProfit = costExcl === null ? null : new Decimal(revenueExcl).minus(costExcl).toFixed(2);
    if (grossProfit === null) uncosted += 1;
    const collectedShare = share(source.paidAmount, source.totalAmount);
    const line = (
      role: Line['role'],
      personId: string | null,
      basis: Line['basis'],
      rate: string,
      gross: string,
    ) => {
      if (!personId) return;
      const { deducted, net } = netCommission(gross, []);
      lines.push({
        personId,
        role,
        // The channel is the sale's: a purchase is own-account business whichever way its batch was sold.
        channel: role === 'purchaser' ? 'self' : source.channel,
        lineKind: 'commission',
        settlementId: source.settlementId,
        settlementLineId: source.lineId,
        settlementNo: source.settlementNo,
        contractNo: source.contractNo,
        clientName: source.clientName,
        batchNo: source.batchNo,
        settleDate: source.settleDate,
        basis,
        tonnage: source.weight,
        revenueExcl,
        costExcl,
        grossProfit,
        rate,
        gross,
        deducted,
        net,
        collectedShare,
        payable:
          scheme.payableOn === 'collection'
            ? payableOnCollection(net, source.paidAmount, source.totalAmount)
            : net,
      });
    };
    if (scheme.scheme === 'perTonne') {
      const saleRate = source.channel === 'b2b' ? scheme.rateB2b : scheme.rateSale;
      line(
        'purchaser',
        source.purchaserId,
        'tonnes',
        scheme.ratePurchase,
        perTonneCommission(source.weight, scheme.ratePurchase),
      );
      line(
        'salesperson',
        source.salespersonId,
        'tonnes',
        saleRate,
        perTonneCommission(source.weight, saleRate),
      );
    } else if (grossProfit !== null) {
      const split = profitShareCommission(grossProfit, scheme.sharePercent, scheme.purchaseSharePercent);
      const purchaserRate = new Decimal(scheme.sharePercent)
        .times(scheme.purchaseSharePercent)
        .dividedBy(100)
        .toString();
      const salesRate = new Decimal(scheme.sharePercent).minus(purchaserRate).toString();
      // Without a purchaser the pool is the salesperson's share alone (the purchaser's part is not paid).
      line('purchaser', source.purchaserId, 'grossProfit', purchaserRate, split.purchaser);
      line('salesperson', source.salespersonId, 'grossProfit', salesRate, split.salesperson);
    }
    if (grossProfit !== null)
      line(
        'manager',
        source.managerId,
        'grossProfit',
        scheme.managementPercent,
        managementRoyalty(grossProfit, scheme.managementPercent),
      );
  }
  return { lines, uncosted };
}

/** For lines of confirmed runs payable on collection: what became payable since, as collection lines. */
async function collectionLines(db: Queryable, runId: string): Promise<Line[]> {
  const earlier = await db.query<{
    lineId: string;
    role: Line['role'];
    personId: string;
    channel: Line['channel'];
    net: string;
    payableSoFar: string;
    settlementId: string;
    settlementNo: string | null;
    contractNo: string | null;
    clientName: string | null;
    batchNo: string;
    settleDate: string;
    basis: Line['basis'];
    totalAmount: string;
    paidAmount: string;
  }>(
    `select l.settlement_line_id::text as "lineId", l.role, l.person_id::text as "personId", l.channel,
            l.net::text, t.payable::text as "payableSoFar", l.settlement_id::text as "settlementId",
            l.settlement_no as "settlementNo", l.contract_no as "contractNo", l.client_name as "clientName",
            l.batch_no as "batchNo", to_char(l.settle_date, 'YYYY-MM-DD') as "settleDate", l.basis,
            k.total::text as "totalAmount", k.paid::text as "paidAmount"
       from commission_lines l
       join commission_runs r on r.id = l.run_id
       join settlements s on s.id = l.settlement_id
       cross join lateral (${COLLECTED}) k
       cross join lateral (
         select sum(x.payable) as payable from commission_lines x join commission_runs y on y.id = x.run_id
          where x.settlement_line_id = l.settlement_line_id and x.role = l.role
            and y.status in ('confirmed', 'paid')
       ) t
      where l.line_kind = 'commission' and r.status in ('confirmed', 'paid') and r.payable_on = 'collection'
        and r.id <> $1
      order by l.settle_date, l.id`,
    [runId],
  );
  const lines: Line[] = [];
  for (const row of earlier) {
    const due = payableOnCollection(row.net, row.paidAmount, row.totalAmount);
    const delta = new Decimal(due).minus(row.payableSoFar);
    if (delta.isZero()) continue;
    lines.push({
      personId: row.personId,
      role: row.role,
      channel: row.channel,
      lineKind: 'collection',
      settlementId: row.settlementId,
      settlementLineId: row.lineId,
      settlementNo: row.settlementNo,
      contractNo: row.contractNo,
      clientName: row.clientName,
      batchNo: row.batchNo,
      settleDate: row.settleDate,
      basis: row.basis,
      tonnage: '0',
      revenueExcl: null,
      costExcl: null,
      grossProfit: null,
      rate: '0',
      gross: '0.00',
      deducted: '0.00',
      net: '0.00',
      collectedShare: share(row.paidAmount, row.totalAmount),
      payable: delta.toFixed(2),
    });
  }
  return lines;
}

const COLUMNS = [
  'run_id',
  'sort',
  'person_id',
  'role',
  'channel',
  'line_kind',
  'settlement_id',
  'settlement_line_id',
  'settlement_no',
  'contract_no',
  'client_name',
  'batch_no',
  'settle_date',
  'basis',
  'tonnage',
  'revenue_excl',
  'cost_excl',
  'gross_profit',
  'rate',
  'gross',
  'deducted',
  'net',
  'collected_share',
  'payable',
] as const;

/** The lines in one statement per 5,000, as a JSON array (one parameter, whatever the count). */
async function insertLines(db: Queryable, runId: string, lines: readonly Line[]): Promise<void> {
  const CHUNK = 5000;
  for (let start = 0; start < lines.length; start += CHUNK) {
    const rows = lines.slice(start, start + CHUNK).map((line, i) => ({
      run_id: runId,
      sort: start + i,
      person_id: line.personId,
      role: line.role,
      channel: line.channel,
      line_kind: line.lineKind,
      settlement_id: line.settlementId,
      settlement_line_id: line.settlementLineId,
      settlement_no: line.settlementNo,
      contract_no: line.contractNo,
      client_name: line.clientName,
      batch_no: line.batchNo,
      settle_date: line.settleDate,
      basis: line.basis,
      tonnage: line.tonnage,
      revenue_excl: line.revenueExcl,
      cost_excl: line.costExcl,
      gross_profit: line.grossProfit,
      rate: line.rate,
      gross: line.gross,
      deducted: line.deducted,
      net: line.net,
      collected_share: line.collectedShare,
      payable: line.payable,
    }));
    await db.query(
      `insert into commission_lines (${COLUMNS.join(', ')})
       select ${COLUMNS.join(', ')} from json_to_recordset($1::json) as r(run_id bigint, sort integer,
         person_id bigint, role text, channel text, line_kind text, settlement_id bigint, settlement_line_id bigint,
         settlement_no text, contract_no text, client_name text, batch_no text, settle_date date, basis text,
         tonnage numeric, revenue_excl numeric, cost_excl numeric, gross_profit numeric, rate numeric,
         gross numeric, deducted numeric, net numeric, collected_share numeric, payable numeric)`,
      [JSON.stringify(rows)],
    );
  }
}

/** (Re)computes a run in state computed: its scheme version read, its lines replaced, its totals summed. */
export async function computeRun(hook: HookContext, runId: string): Promise<void> {
  const { db } = hook;
  const [run] = await db.query<{ period: string; settingsOn: string | null; status: string }>(
    `select period, to_char(settings_on, 'YYYY-MM-DD') as "settingsOn", status from commission_runs
      where id = $1 for update`,
    [runId],
  );
  if (!run) throw badRequest('提成核算不存在');
  if (run.status !== 'computed') throw badRequest('只有已计算（未提交）的提成核算可以重新计算');
  const periodTo = monthEnd(run.period);
  const settingsOn = run.settingsOn ?? periodTo;
  const scheme = await schemeOn(db, settingsOn);
  await db.query('delete from commission_lines where run_id = $1', [runId]);
  const sources = await sourcesOf(db, runId, periodTo);
  const unitCosts = await unitCostsOn(db, periodTo, [...new Set(sources.map((s) => s.batchNo))]);
  const { lines, uncosted } = commissionLines(sources, unitCosts, scheme);
  lines.push(...(await collectionLines(db, runId)));
  await insertLines(db, runId, lines);
  await db.query(
    `update commission_runs r
        set run_no = coalesce(r.run_no, 'TC' || replace(r.period, '-', '') || lpad(r.id::text, 4, '0')),
            period_to = $2, settings_on = $3, scheme = $4, rate_purchase = $5, rate_sale = $6, rate_b2b = $7,
            share_percent = $8, purchase_share_percent = $9, management_percent = $10, payable_on = $11,
            uncosted_count = $12, computed_at = $13,
            line_count = t.n, tonnage = t.tonnage, gross_amount = t.gross, deducted_amount = t.deducted,
            net_amount = t.net, payable_amount = t.payable
       from (select count(*)::int as n,
                    coalesce(sum(tonnage) filter (where role = 'salesperson' and line_kind = 'commission'), 0)
                      as tonnage,
                    coalesce(sum(gross), 0) as gross, coalesce(sum(deducted), 0) as deducted,
                    coalesce(sum(net), 0) as net, coalesce(sum(payable), 0) as payable
               from commission_lines where run_id = $1) t
      where r.id = $1`,
    [
      runId,
      periodTo,
      settingsOn,
      scheme.scheme,
      scheme.ratePurchase,
      scheme.rateSale,
      scheme.rateB2b,
      scheme.sharePercent,
      scheme.purchaseSharePercent,
      scheme.managementPercent,
      scheme.payableOn,
      uncosted,
      hook.now,
    ],
  );
}

const commissionRunLines: LinesStorage = {
  load: (db, id) =>
    db.query(
      `select person_id::text as "personId", (select rel_name from users u where u.id = l.person_id) as "personIdName",
              role, channel, line_kind as "lineKind", settlement_no as "settlementNo", contract_no as "contractNo",
              client_name as "clientName", batch_no as "batchNo", basis, trim_scale(tonnage)::text as tonnage,
              gross_profit::text as "grossProfit", trim_scale(rate)::text as rate, gross::text,
              deducted::text, net::text, trim_scale(collected_share * 100)::text as "collectedShare",
              payable::text
         from commission_lines l where run_id = $1 order by sort, id`,
      [id],
    ),
  // The lines are the server's: computed, never entered.
  save: async () => {},
};

/** Recomputed on the day's records (only while computed). */
const recompute: CommandService = async (context) => {
  await computeRun(context, String(context.record!.id));
  const [run] = await context.db.query<{ n: number; payable: string }>(
    'select line_count as n, payable_amount::text as payable from commission_runs where id = $1',
    [String(context.record!.id)],
  );
  return { summary: `重新计算提成：${run!.n} 行，应付 ${run!.payable} 元` };
};

/** Confirmed by someone with no line in it (decision 12): from now on frozen. */
const confirm: CommandService = async ({ db, record, actor, now, input }) => {
  const id = String(record!.id);
  const [own] = await db.query(
    'select 1 from commission_lines where run_id = $1 and person_id = $2 limit 1',
    [id, actor.userId],
  );
  if (own) throw badRequest('您在本次提成核算中有提成，不能确认它，请由其他财务人员确认');
  await db.query('update commission_runs set confirmed_by = $2, confirmed_at = $3 where id = $1', [
    id,
    actor.userId,
    now,
  ]);
  return { toState: 'confirmed', summary: `确认提成核算${input.note ? `：${String(input.note)}` : ''}` };
};

export const commissionRunStorage: ResourceStorage = {
  table: 'commission_runs',
  lines: commissionRunLines,
  stamps: (hook, creating) =>
    creating ? { created_by: hook.actor.userId, created_at: hook.now, computed_at: hook.now } : {},
  // One run in progress at a time (the database's unique index holds it): said in words before the insert.
  lockFirst: async (db, id) => {
    if (id) return;
    const [open] = await db.query<{ no: string | null }>(
      `select run_no as no from commission_runs where status not in ('confirmed', 'paid') limit 1`,
    );
    if (open) throw badRequest(`提成核算 ${open.no ?? '-'} 尚未确认，请先完成或删除它再新建`);
  },
  saveExtra: (hook, id) => computeRun(hook, id),
  commands: { recompute, confirm } as ResourceStorage['commands'],
};
