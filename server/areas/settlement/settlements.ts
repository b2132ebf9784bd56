// Settlements on the server (domain-money.md §1, SM-1): a draft's lines are the contract's delivered batches
// (all those not yet settled when none is named) priced by src/domain/settlement.ts, with the charges and
// claims entered beside them; the figures are sums of the lines; the payments received on the contract and
// not applied by its other settlements are applied. The contract is locked first, so settlements of one
// contract saved at once are priced one after the other: a batch is never settled twice (and the database's
// unique index says so last), fixings are consumed once, and settled tonnes stay within T × (1 + t%).

import Decimal from 'decimal.js';
import {
  invoiceLine,
  isProblem,
  priceSettlement,
  type SettlementCharge,
  type SettlementFixing,
  settlementTotals,
  type ToleranceTonnesPrice,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest, isRecordId, refusedField } from '../../platform/http/envelope.ts';
import type {
  CommandService,
  HookContext,
  LinesStorage,
  ResourceStorage,
  StoredRecord,
} from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';

interface Head {
  id: string;
  side: string;
  kind: string;
  status: string;
  settleDate: string;
  contractId: string;
}

interface Contract {
  id: string;
  contractNo: string;
  side: string;
  kind: string;
  status: string;
  tonnage: string;
  tolerancePercent: string;
  unitPrice: string | null;
  basis: string | null;
  futuresMonth: string | null;
  taxRate: string;
  partnerId: string;
}

const headOf = async (db: Queryable, id: string): Promise<Head> =>
  (
    await db.query<Head>(
      `select id::text, side, kind, status, to_char(settle_date, 'YYYY-MM-DD') as "settleDate",
              contract_id::text as "contractId"
         from settlements where id = $1`,
      [id],
    )
  )[0]!;

async function contractOf(db: Queryable, id: string): Promise<Contract | undefined> {
  const [row] = await db.query<Contract>(
    `select id::text, contract_no as "contractNo", side, kind, status, tonnage::text,
            coalesce(tolerance_percent, 0)::text as "tolerancePercent", unit_price::text as "unitPrice",
            basis::text, futures_month as "futuresMonth", tax_rate::text as "taxRate",
            partner_id::text as "partnerId"
       from transaction_contracts where id = $1`,
    [id],
  );
  return row;
}

/** The contract a settlement may name: approved or in execution, on the settlement's side. */
async function checkedContract(db: Queryable, head: Head): Promise<Contract> {
  const contract = await contractOf(db, head.contractId);
  if (!contract) throw refusedField('contractId', '合同不存在');
  if (contract.side !== head.side)
    throw refusedField(
      'contractId',
      `合同 ${contract.contractNo} 是${contract.side === 'sale' ? '销售' : '采购'}合同，不能做${head.side === 'sale' ? '销售' : '采购'}结算`,
    );
  if (!['approved', 'executing', 'completed'].includes(contract.status))
    throw refusedField('contractId', `合同 ${contract.contractNo} 尚未审批或已作废，不能结算`);
  return contract;
}

interface DeliveredBatch {
  batchNo: string;
  weight: string;
  qualityPremium: string;
  lineUnitPrice: string | null;
  settledBy: string | null;
}

/** The contract's delivered batches in delivery order, with the settlement already holding each (if any). */
const deliveredBatches = (db: Queryable, contractId: string, settlementId: string) =>
  db.query<DeliveredBatch>(
    `select l.batch_no as "batchNo", l.conditioned_weight::text as weight,
            coalesce(p.quality_premium, 0)::text as "qualityPremium", l.unit_price::text as "lineUnitPrice",
            (select s.settlement_no from settlement_lines sl join settlements s on s.id = sl.settlement_id
              where sl.open and sl.line_kind = 'goods' and sl.side = c.side and sl.batch_no = l.batch_no
                and sl.settlement_id <> $2 limit 1) as "settledBy"
       from transaction_contract_lines l
       join transaction_contracts c on c.id = l.contract_id
       join batches b on b.batch_no = l.batch_no
       left join batch_premiums p on p.batch_no = b.batch_no
      where l.contract_id = $1
        and case when c.side = 'sale'
                 then b.status = 'out'
                      or exists (select 1 from warehouse_receipts r where r.batch_no = b.batch_no and r.holder_id is not null)
                 else b.owner_kind = 'own' end
      order by l.sort, l.id`,
    [contractId, settlementId],
  );

/** The contract's fixings, oldest first, with the tonnes other settlements' open lines consumed. */
const fixingsOf = (db: Queryable, contractId: string, settlementId: string) =>
  db.query<SettlementFixing>(
    `select f.id::text, f.tonnage::text, f.futures_price::text as "futuresPrice",
            coalesce((select sum(u.tonnage) from settlement_line_fixings u
                        join settlement_lines sl on sl.id = u.line_id
                       where u.fixing_id = f.id and sl.open and sl.settlement_id <> $2), 0)::text as consumed
       from contract_fixings f where f.contract_id = $1 order by f.fixed_at, f.id`,
    [contractId, settlementId],
  );

async function settledBefore(db: Queryable, contractId: string, settlementId: string): Promise<string> {
  const [row] = await db.query<{ tonnes: string }>(
    `select coalesce(sum(weight), 0)::text as tonnes from settlement_lines
      where contract_id = $1 and settlement_id <> $2 and open and line_kind = 'goods'`,
    [contractId, settlementId],
  );
  return row!.tonnes;
}

/** The settlement price of the contract's month on the day (or the last before it). */
async function dayFuturesPrice(db: Queryable, month: string | null, day: string): Promise<string | null> {
  if (!month) return null;
  const [row] = await db.query<{ price: string }>(
    `select settlement_price::text as price from futures_prices
      where futures_month = $1 and trade_date <= $2::date and settlement_price is not null
      order by trade_date desc limit 1`,
    [month, day],
  );
  return row?.price ?? null;
}

type Line = Record<string, unknown>;
const isGoods = (line: Line) => (line.lineKind ?? 'goods') === 'goods';

/** The goods batches a draft settles: those named, each delivered and not settled elsewhere, else all open. */
function chosenBatches(delivered: DeliveredBatch[], lines: Line[], contractNo: string): DeliveredBatch[] {
  const named = lines.filter(isGoods).map((line) => String(line.batchNo ?? ''));
  if (named.length === 0 && lines.length === 0) {
    const open = delivered.filter((b) => b.settledBy === null);
    if (open.length === 0) throw badRequest(`合同 ${contractNo} 没有已交货未结算的批次`);
    return open;
  }
  const seen = new Set<string>();
  return named.map((batchNo, index) => {
    const field = `lines.${index}.batchNo`;
    if (seen.has(batchNo)) throw refusedField(field, `批号 ${batchNo} 在结算单中重复`);
    seen.add(batchNo);
    const batch = delivered.find((b) => b.batchNo === batchNo);
    if (!batch) throw refusedField(field, `批号 ${batchNo} 不是合同 ${contractNo} 已交货的批次，不能结算`);
    if (batch.settledBy)
      throw refusedField(field, `批号 ${batchNo} 已在结算单 ${batch.settledBy} 中结算，不能重复结算`);
    return batch;
  });
}

/** Replaces a draft's lines: the goods priced, the charges entered, each with its VAT split. */
async function saveLines(hook: HookContext, id: string, lines: Line[] = []) {
  const head = await headOf(hook.db, id);
  const contract = await checkedContract(hook.db, head);
  await hook.db.query('delete from settlement_lines where settlement_id = $1', [id]);
  const delivered = head.kind === 'adjustment' ? [] : await deliveredBatches(hook.db, contract.id, id);
  const batches = head.kind === 'adjustment' ? [] : chosenBatches(delivered, lines, contract.contractNo);
  const rule = (await settingOn(hook.db, 'toleranceTonnesPrice', head.settleDate)) as ToleranceTonnesPrice;
  const outDay = await dayFuturesPrice(hook.db, contract.futuresMonth, head.settleDate);
  const priced =
    batches.length === 0
      ? []
      : priceSettlement(
          {
            contractNo: contract.contractNo,
            kind: contract.kind,
            tonnage: contract.tonnage,
            tolerancePercent: contract.tolerancePercent,
            unitPrice: contract.unitPrice,
            specPremium: '0',
            basis: contract.basis,
            settledBefore: await settledBefore(hook.db, contract.id, id),
            fixings: await fixingsOf(hook.db, contract.id, id),
          },
          batches.map((b) => ({
            batchNo: b.batchNo,
            weight: b.weight,
            // Spot contracts name their batches: QA_i = QA_spec = 0, the line's own price if it has one.
            qualityPremium: ['basis', 'deferred'].includes(contract.kind) ? b.qualityPremium : '0',
            outDayFuturesPrice: outDay,
          })),
          rule,
        );
  if (isProblem(priced)) throw badRequest(priced.message);
  let sort = 0;
  for (const [index, line] of priced.entries()) {
    const own = batches[index]!.lineUnitPrice;
    const amount =
      own !== null && !['basis', 'deferred'].includes(contract.kind)
        ? new Decimal(own).times(line.weight).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toFixed(2)
        : line.amount;
    const unitPrice = own !== null && !['basis', 'deferred'].includes(contract.kind) ? own : line.unitPrice;
    const vat = invoiceLine({
      key: line.batchNo,
      quantity: line.weight,
      amount,
      vatPercent: contract.taxRate,
    });
    const [row] = await hook.db.query<{ id: string }>(
      `insert into settlement_lines (settlement_id, sort, side, contract_id, line_kind, batch_no, weight,
              quality_premium, futures_price, basis, unit_price, amount, amount_excl, vat, tax_rate, priced_by)
       values ($1, $2, $3, $4, 'goods', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15) returning id::text`,
      [
        id,
        sort++,
        head.side,
        contract.id,
        line.batchNo,
        line.weight,
        line.qualityPremium,
        line.futuresPrice === null ? null : new Decimal(line.futuresPrice).toDecimalPlaces(8).toString(),
        line.basis,
        unitPrice,
        amount,
        vat.amountExcl,
        vat.tax,
        contract.taxRate,
        line.pricedBy,
      ],
    );
    for (const use of line.uses)
      await hook.db.query(
        `insert into settlement_line_fixings (line_id, fixing_id, source, tonnage, futures_price)
         values ($1, $2, $3, $4, $5)`,
        [
          row!.id,
          use.fixingId,
          use.source,
          use.tonnage,
          new Decimal(use.futuresPrice).toDecimalPlaces(8).toString(),
        ],
      );
  }
  for (const [index, line] of lines.entries()) {
    if (isGoods(line)) continue;
    if (line.amount === undefined || line.amount === '' || new Decimal(String(line.amount)).isZero())
      throw refusedField(`lines.${index}.amount`, '费用或索赔行须填写金额（不为 0）');
    const vat = invoiceLine({
      key: String(index),
      quantity: null,
      amount: String(line.amount),
      vatPercent: contract.taxRate,
    });
    await hook.db.query(
      `insert into settlement_lines (settlement_id, sort, side, contract_id, line_kind, batch_no, amount,
              amount_excl, vat, tax_rate, remark)
       values ($1, $2, $3, $4, $5, null, $6, $7, $8, $9, $10)`,
      [
        id,
        sort++,
        head.side,
        contract.id,
        line.lineKind,
        vat.amount,
        vat.amountExcl,
        vat.tax,
        contract.taxRate,
        line.remark ?? null,
      ],
    );
  }
}

/** Payments received on the contract that its other settlements have not applied (a sale's only). */
async function paymentsToApply(db: Queryable, head: Head): Promise<string> {
  if (head.side !== 'sale' || head.kind === 'adjustment') return '0';
  const [row] = await db.query<{ left: string }>(
    `select (coalesce((select paid from contract_payments where contract_id = $1), 0)
             - coalesce((select sum(paid_amount) from settlements
                          where contract_id = $1 and id <> $2 and status <> 'voided'), 0))::text as left`,
    [head.contractId, head.id],
  );
  return row!.left;
}

/** The settlement's figures as sums of its lines, the payments applied up to what it is worth. */
export async function refreshTotals(db: Queryable, id: string) {
  const head = await headOf(db, id);
  const lines = await db.query<{
    lineKind: string;
    weight: string | null;
    amount: string;
    amountExcl: string;
    vat: string;
  }>(
    `select line_kind as "lineKind", weight::text, amount::text, amount_excl::text as "amountExcl", vat::text
       from settlement_lines where settlement_id = $1`,
    [id],
  );
  const goods = lines
    .filter((l) => l.lineKind === 'goods')
    .map((l) => ({ weight: l.weight!, amount: l.amount }));
  const charges: SettlementCharge[] = lines
    .filter((l) => l.lineKind !== 'goods')
    .map((l) => ({ kind: l.lineKind as SettlementCharge['kind'], amount: l.amount }));
  const worth = settlementTotals(goods, charges, '0').total;
  const available = Decimal.max(0, await paymentsToApply(db, head));
  const paid = Decimal.min(available, Decimal.max(0, worth));
  const totals = settlementTotals(goods, charges, paid.toFixed(2));
  const excl = lines.reduce((s, l) => s.plus(l.amountExcl), new Decimal(0));
  const vat = lines.reduce((s, l) => s.plus(l.vat), new Decimal(0));
  await db.query(
    `update settlements set tonnage = $2, goods_amount = $3, charges_amount = $4, claims_amount = $5,
            total_amount = $6, paid_amount = $7, balance = $8, amount_excl = $9, vat = $10
      where id = $1`,
    [
      id,
      totals.tonnage,
      totals.goodsAmount,
      totals.chargesAmount,
      totals.claimsAmount,
      totals.total,
      totals.paidAmount,
      totals.balance,
      excl.toFixed(2),
      vat.toFixed(2),
    ],
  );
}

export const settlementLines: LinesStorage = {
  load: (db, id) =>
    db.query(
      `select line_kind as "lineKind", batch_no as "batchNo", weight::text, quality_premium::text as "qualityPremium",
              round(futures_price, 2)::text as "futuresPrice", basis::text, unit_price::text as "unitPrice",
              amount::text, amount_excl::text as "amountExcl", vat::text, priced_by as "pricedBy", remark
         from settlement_lines where settlement_id = $1 order by sort, id`,
      [id],
    ),
  save: (hook, id, lines) => saveLines(hook, id, lines as Line[]),
};

/** The counterparty confirmed the statement: the figures are taken once more and frozen. */
const confirm: CommandService = async ({ db, record, input, actor, now }) => {
  const id = String(record!.id);
  await refreshTotals(db, id);
  await db.query(
    `update settlements set confirmed_by_party = $2, confirmed_on = $3, confirmed_by = $4, confirmed_at = $5
      where id = $1`,
    [id, input.confirmedByParty, input.confirmedOn, actor.userId, now],
  );
  return {
    toState: 'confirmed',
    summary: `${String(input.confirmedByParty)} 于 ${String(input.confirmedOn)} 确认结算单`,
  };
};

/** A claim or correction after confirmation: a draft adjustment settlement of one signed line referencing it. */
const adjust: CommandService = async (hook) => {
  const { db, record, input, actor, now } = hook;
  const original = await headOf(db, String(record!.id));
  const [row] = await db.query<{ id: string }>(
    `insert into settlements (side, kind, contract_id, partner_id, adjusts_id, settle_date, tax_rate, remark,
            created_by, created_at)
     select side, 'adjustment', contract_id, partner_id, id, $2, tax_rate, $3, $4, $5 from settlements where id = $1
     returning id::text`,
    [original.id, input.settleDate, input.remark, actor.userId, now],
  );
  await numberIt(db, row!.id, String(input.settleDate));
  if (input.lineKind === 'goods')
    throw refusedField('lineKind', '补充结算只记费用或索赔的差额，请选择费用或索赔类别');
  await saveLines(hook, row!.id, [
    { lineKind: input.lineKind, amount: input.amount, remark: input.remark, batchNo: input.batchNo },
  ]);
  await refreshTotals(db, row!.id);
  const [made] = await db.query<{ no: string }>('select settlement_no as no from settlements where id = $1', [
    row!.id,
  ]);
  return {
    summary: `补充结算 ${made!.no}：${String(input.amount)} 元`,
    data: { id: row!.id, settlementNo: made!.no },
  };
};

const numberIt = (db: Queryable, id: string, day: string) =>
  db.query(
    `update settlements set settlement_no = 'JS' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where id = $1 and settlement_no is null`,
    [id, day],
  );

/** The contract of the record (stored, or named by the save), locked first. */
async function lockContract(db: Queryable, id: string | undefined, record: StoredRecord | undefined) {
  const stored =
    id && isRecordId(id)
      ? (
          await db.query<{ c: string }>('select contract_id::text as c from settlements where id = $1', [id])
        )[0]?.c
      : undefined;
  const named = isRecordId(record?.contractId) ? String(record!.contractId) : undefined;
  for (const contractId of [...new Set([stored, named].filter(Boolean))].sort())
    await db.query('select id from transaction_contracts where id = $1 for update', [contractId]);
}

export const settlementStorage: ResourceStorage = {
  table: 'settlements',
  clientScope: 'partner_id',
  lines: settlementLines,
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  lockFirst: lockContract,
  saveExtra: async (hook, id) => {
    await numberIt(hook.db, id, (await headOf(hook.db, id)).settleDate);
    await refreshTotals(hook.db, id);
  },
  afterTransition: async (hook, id, action) => {
    if (action === 'void')
      await hook.db.query('update settlement_lines set open = false where settlement_id = $1', [id]);
    if (action === 'submit' || action === 'approve') await refreshTotals(hook.db, id);
    return {};
  },
  commands: { confirm, adjust } as ResourceStorage['commands'],
};
