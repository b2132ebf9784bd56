// A contract's life on the server: its number and tax rate from the settings, its pricing party from side
// and kind, its lines within tolerance and a batch in one open sale only, the approval its routing rule
// asks for (and whom to ask), its sale batches through the warehouse's mover, and the void rule.

import Decimal from 'decimal.js';
import type { transactionContract } from '../../../src/areas/contracts/resources.ts';
import {
  type ContractKind,
  type ContractSide,
  contractApprovalRoute,
  contractNumber,
  fixingDeadlineProblem,
  futuresMonth,
  isPricedLater,
  openTonnage,
  pricingParty,
  toleranceBand,
  withinTolerance,
} from '../../../src/domain/index.ts';
import type { RecordOf } from '../../../src/framework/resource/index.ts';
import { loadGrants, permissionsOn, usersHolding } from '../../platform/access/permissions.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { exchangeCalendarOn } from '../../platform/exchange.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { sendFromHook } from '../../platform/messages/store.ts';
import { ask } from '../../platform/resources/crossings.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { moveBatch } from '../warehouse/index.ts';
import { CREDIT_HEADROOM, type CreditHeadroomQuery, SALES_BASIS, type SalesBasisQuery } from './crossings.ts';

type Contract = RecordOf<typeof transactionContract.fields>;

export interface ContractRow {
  id: string;
  contractNo: string;
  side: ContractSide;
  kind: ContractKind;
  partnerId: string;
  status: string;
  tonnage: string;
  tolerancePercent: string | null;
  futuresMonth: string | null;
  basis: string | null;
  qualityPremium: string | null;
  fixingDeadline: string | null;
  fixedTonnage: string;
  unitPrice: string | null;
  signDate: string;
  approvalLevel: string | null;
  version: number;
}

/** A contract's row as the services use it; `lock` takes it for update (one writer at a time). */
export async function contractRow(db: Queryable, id: string, lock = false): Promise<ContractRow> {
  const [row] = await db.query<ContractRow>(
    `select id::text, contract_no as "contractNo", side, kind, partner_id::text as "partnerId", status,
            tonnage::text, tolerance_percent::text as "tolerancePercent", futures_month as "futuresMonth",
            basis::text, quality_premium::text as "qualityPremium",
            to_char(fixing_deadline, 'YYYY-MM-DD') as "fixingDeadline", fixed_tonnage::text as "fixedTonnage",
            unit_price::text as "unitPrice", to_char(sign_date, 'YYYY-MM-DD') as "signDate",
            approval_level as "approvalLevel", version
       from transaction_contracts where id = $1 ${lock ? 'for update' : ''}`,
    [id],
  );
  if (!row) throw badRequest('合同不存在或已被删除');
  return row;
}

/** The next number of the contract-number pattern in force on the signing day (counter per prefix). */
export async function nextContractNo(db: Queryable, side: ContractSide, signDate: string): Promise<string> {
  const number = contractNumber(await settingOn(db, 'contractNoPattern', signDate), side, signDate);
  const [row] = await db.query<{ value: number }>(
    `insert into document_counters (prefix, last_value) values ($1, 1)
     on conflict (prefix) do update set last_value = document_counters.last_value + 1
     returning last_value as value`,
    [`contract:${number.prefix}`],
  );
  return number.format(row!.value);
}

/** Lines' batches already claimed by another open sale, with that sale's number. */
async function claimedBatches(db: Queryable, batchNos: readonly string[], contractId?: string) {
  return db.query<{ batchNo: string; contractNo: string }>(
    `select l.batch_no as "batchNo", c.contract_no as "contractNo"
       from transaction_contract_lines l join transaction_contracts c on c.id = l.contract_id
      where l.open_sale and l.batch_no = any($1::text[]) and c.id <> coalesce($2::bigint, 0)
      order by l.batch_no`,
    [batchNos, contractId ?? null],
  );
}

const batchesOfInput = (record: Readonly<Record<string, unknown>> | undefined): string[] =>
  ((record?.lines as { batchNo?: string | null }[] | undefined) ?? [])
    .map((line) => line.batchNo)
    .filter((no): no is string => Boolean(no));

async function batchesOfContract(db: Queryable, id: string): Promise<string[]> {
  const rows = await db.query<{ batchNo: string }>(
    `select batch_no as "batchNo" from transaction_contract_lines
      where contract_id = $1 and batch_no is not null order by batch_no`,
    [id],
  );
  return rows.map((row) => row.batchNo);
}

/**
 * Locks the batches a sale names, in one order, before the contract: two sales racing for a batch wait for
 * each other, and the second is told which sale has it (the unique index stays the last guard).
 */
async function lockSaleBatches(
  db: Queryable,
  id: string | undefined,
  record: Record<string, unknown> | undefined,
) {
  const batchNos = record ? batchesOfInput(record) : id ? await batchesOfContract(db, id) : [];
  if (batchNos.length === 0) return;
  await db.query('select id from batches where batch_no = any($1::text[]) order by batch_no for update', [
    batchNos,
  ]);
  const side = record?.side ?? (id ? (await contractRow(db, id)).side : undefined);
  if (side !== 'sale' || !record) return;
  const [claimed] = await claimedBatches(db, batchNos, id);
  if (claimed)
    throw badRequest(`批号 ${claimed.batchNo} 已在未结销售合同 ${claimed.contractNo} 中，不能再次销售`);
}

/**
 * What a save fills in: the number and tax rate from the settings, the pricing party from side and kind.
 * A contract priced now holds no futures month, basis or fixing deadline (it prints no fixing clause).
 */
async function completeContract(hook: HookContext, id: string) {
  const contract = await contractRow(hook.db, id);
  const [row] = await hook.db.query<{ taxRate: string | null; lines: string }>(
    `select tax_rate::text as "taxRate",
            coalesce((select sum(conditioned_weight) from transaction_contract_lines where contract_id = $1), 0)::text as lines
       from transaction_contracts where id = $1`,
    [id],
  );
  const lineCount = await hook.db.query('select 1 from transaction_contract_lines where contract_id = $1', [
    id,
  ]);
  const tolerance = contract.tolerancePercent ?? '0';
  if (lineCount.length > 0 && !withinTolerance(row!.lines, contract.tonnage, tolerance)) {
    const band = toleranceBand(contract.tonnage, tolerance);
    throw badRequest(
      `明细重量合计 ${new Decimal(row!.lines).toFixed(4)} 吨超出合同数量 ${contract.tonnage} 吨 ±${tolerance}% 的范围（${band.min}–${band.max} 吨）`,
    );
  }
  await checkFixingDeadline(hook.db, contract);
  await hook.db.query(
    `update transaction_contracts
        set contract_no = coalesce(nullif(contract_no, ''), $2),
            tax_rate = coalesce(tax_rate, $3::numeric),
            pricing_party = $4,
            pricing_state = case when $4::text is null then null else coalesce(pricing_state, 'unpriced') end,
            futures_month = case when $4::text is null then null else $5 end,
            basis = case when $4::text is null then null else basis end,
            fixing_deadline = case when $4::text is null then null else fixing_deadline end
      where id = $1`,
    [
      id,
      contract.contractNo ? null : await nextContractNo(hook.db, contract.side, contract.signDate),
      row!.taxRate ? null : await settingOn(hook.db, 'vatLintPercent', contract.signDate),
      pricingParty(contract.side, contract.kind),
      // One writing stored (CF2605), as prices and trades store it, whichever the user typed (CF605).
      contract.futuresMonth
        ? (futuresMonth(contract.futuresMonth, contract.signDate)?.code ?? contract.futuresMonth)
        : null,
    ],
  );
  return {};
}

/** A contract priced later is fixed no later than its month's last trading day (issue 21). */
async function checkFixingDeadline(db: Queryable, contract: ContractRow) {
  if (!isPricedLater(contract.kind) || !contract.fixingDeadline || !contract.futuresMonth) return;
  const month = futuresMonth(contract.futuresMonth, contract.signDate);
  if (!month) return;
  const late = fixingDeadlineProblem(
    contract.fixingDeadline,
    month,
    await exchangeCalendarOn(db, contract.signDate),
  );
  if (late) throw badRequest(late.message);
}

/** A contract priced later is completed only once every tonne is priced (issue 21). */
async function checkAllPriced(hook: HookContext, id: string) {
  const contract = await contractRow(hook.db, id);
  if (!isPricedLater(contract.kind)) return;
  const open = openTonnage(contract.tonnage, contract.fixedTonnage);
  if (new Decimal(open).greaterThan(0))
    throw badRequest(
      `合同 ${contract.contractNo} 还有 ${new Decimal(open).toString()} 吨未点价，点价完成后才能结束`,
    );
}

export interface DraftContract {
  side: ContractSide;
  kind: ContractKind;
  partnerId: string;
  salespersonId: string | null;
  signDate: string;
  cropYear: string | null;
  qualitySpec: string | null;
  tonnage: string;
  tolerancePercent: string | null;
  futuresMonth: string | null;
  basis: string | null;
  fixingDeadline: string | null;
  unitPrice: string | null;
  warehouseId: string | null;
  deliveryFrom: string | null;
  deliveryTo: string | null;
}

/**
 * A draft contract drawn up from another document (a client's booking): numbered, taxed and with its
 * pricing party as a saved one; the rules of a contract's fields are the caller's to have checked.
 */
export async function draftContract(
  hook: HookContext,
  draft: DraftContract,
): Promise<{ id: string; contractNo: string }> {
  const [row] = await hook.db.query<{ id: string }>(
    `insert into transaction_contracts (side, kind, partner_id, salesperson_id, sign_date, crop_year, quality_spec,
        tonnage, tolerance_percent, futures_month, basis, fixing_deadline, unit_price, warehouse_id, delivery_from,
        delivery_to, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'draft') returning id::text`,
    [
      draft.side,
      draft.kind,
      draft.partnerId,
      draft.salespersonId,
      draft.signDate,
      draft.cropYear,
      draft.qualitySpec,
      draft.tonnage,
      draft.tolerancePercent,
      draft.futuresMonth,
      draft.basis,
      draft.fixingDeadline,
      draft.unitPrice,
      draft.warehouseId,
      draft.deliveryFrom,
      draft.deliveryTo,
    ],
  );
  await completeContract(hook, row!.id);
  return { id: row!.id, contractNo: (await contractRow(hook.db, row!.id)).contractNo };
}

/** Value of a contract for the credit check: its price where known, else the valuation price per tonne. */
async function contractValue(db: Queryable, contract: ContractRow, day: string): Promise<Decimal> {
  const price = contract.unitPrice ?? (await settingOn(db, 'creditValuationPricePerTonne', day));
  return new Decimal(contract.tonnage).times(price);
}

/** Routing on submit: the level and reasons are stored, and those who may approve it are asked. */
async function routeForApproval(hook: HookContext, id: string) {
  const contract = await contractRow(hook.db, id);
  const headroom =
    contract.side === 'sale'
      ? await ask<string | null>(hook, CREDIT_HEADROOM, {
          partnerId: contract.partnerId,
          day: hook.today,
          leaving: id,
        } satisfies CreditHeadroomQuery)
      : null;
  const route = contractApprovalRoute({
    side: contract.side,
    tonnage: contract.tonnage,
    deskLimitTonnes: await settingOn(hook.db, 'contractDeskLimitTonnes', hook.today),
    creditHeadroom: headroom,
    contractValue: (await contractValue(hook.db, contract, hook.today)).toFixed(2),
    basis: contract.basis,
    sheetBasis: await sheetBasisOf(hook, contract),
  });
  await hook.db.query(
    'update transaction_contracts set approval_level = $2, approval_reasons = $3 where id = $1',
    [id, route.level, route.reasons.join('；') || null],
  );
  const code = route.level === 'risk' ? 'approveRisk' : 'approve';
  const approvers = (await usersHolding(hook.db, 'transactionContract', code)).filter(
    (name) => name !== hook.actor.loginName,
  );
  const why = route.reasons.length > 0 ? `，需风控审批：${route.reasons.join('；')}` : '';
  for (const loginName of approvers)
    await sendFromHook(hook, {
      loginName,
      messageType: '1000004',
      message: `合同 **${contract.contractNo}** 已提交，待审批${why}`,
    });
  return { approvalLevel: route.level };
}

/** The house's sales basis for a sale's month (and warehouse), as the area keeping the sheet answers it. */
async function sheetBasisOf(hook: HookContext, contract: ContractRow): Promise<string | null> {
  if (contract.side !== 'sale' || !contract.futuresMonth) return null;
  const [row] = await hook.db.query<{ warehouseId: string | null }>(
    'select warehouse_id::text as "warehouseId" from transaction_contracts where id = $1',
    [contract.id],
  );
  return ask<string | null>(hook, SALES_BASIS, {
    month: contract.futuresMonth,
    warehouseId: row?.warehouseId ?? null,
    day: contract.signDate,
  } satisfies SalesBasisQuery);
}

/** Risk's approval where the routing asked for it (four eyes is the engine's). */
async function checkApprover(hook: HookContext, id: string) {
  const contract = await contractRow(hook.db, id);
  if (contract.approvalLevel !== 'risk') return;
  const held = permissionsOn(await loadGrants(hook.db, hook.actor.userId), 'transactionContract');
  if (!held.includes('approveRisk')) {
    const [row] = await hook.db.query<{ reasons: string | null }>(
      'select approval_reasons as reasons from transaction_contracts where id = $1',
      [id],
    );
    throw badRequest(`该合同超出业务审批权限，需风控审批：${row?.reasons ?? ''}`);
  }
}

/** An approved sale takes its batches out of free stock; a void gives them back. */
async function moveSaleBatches(hook: HookContext, id: string, direction: 'sell' | 'release') {
  const contract = await contractRow(hook.db, id);
  if (contract.side !== 'sale') return;
  for (const batchNo of await batchesOfContract(hook.db, id))
    await moveBatch(
      hook,
      batchNo,
      direction === 'sell'
        ? { from: ['stock', 'reserved'], to: 'sold', because: `销售合同 ${contract.contractNo} 审批通过` }
        : { from: ['sold'], to: 'stock', because: `销售合同 ${contract.contractNo} 作废` },
    );
}

/** A contract is voided only before any fixing or delivery; its void is a version of its own. */
async function voidContract(hook: HookContext, id: string) {
  const contract = await contractRow(hook.db, id);
  const [fixed] = await hook.db.query('select 1 from contract_fixings where contract_id = $1 limit 1', [id]);
  if (fixed) throw badRequest(`合同 ${contract.contractNo} 已有点价，不能作废`);
  const [delivered] = await hook.db.query<{ batchNo: string }>(
    `select b.batch_no as "batchNo" from transaction_contract_lines l join batches b on b.batch_no = l.batch_no
      where l.contract_id = $1 and b.status = 'out' limit 1`,
    [id],
  );
  if (delivered) throw badRequest(`合同 ${contract.contractNo} 的批号 ${delivered.batchNo} 已出库，不能作废`);
  const [history] = await hook.db.query<{ comment: string | null; from: string }>(
    `select comment, from_state as from from document_history
      where resource_key = 'transactionContract' and record_id = $1 and action = 'void' order by id desc limit 1`,
    [id],
  );
  if (history?.from !== 'draft') {
    await moveSaleBatches(hook, id, 'release');
    await recordVersion(hook, contract, 'void', `作废：${history?.comment ?? ''}`, { status: 'voided' });
  }
  return {};
}

/** A new version of an approved contract (a supplementary agreement, a roll or its void). */
export async function recordVersion(
  hook: HookContext,
  contract: ContractRow,
  kind: 'supplement' | 'roll' | 'void',
  summary: string,
  changes: Record<string, unknown>,
): Promise<number> {
  const version = contract.version + 1;
  await hook.db.query('update transaction_contracts set version = $2 where id = $1', [contract.id, version]);
  await hook.db.query(
    `insert into contract_amendments (contract_id, version, kind, agreed_on, summary, changes, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [contract.id, version, kind, hook.today, summary, JSON.stringify(changes), hook.actor.userId, hook.now],
  );
  return version;
}

export const contractStorage: Pick<
  ResourceStorage<Contract>,
  'lockFirst' | 'afterSave' | 'afterTransition'
> = {
  lockFirst: lockSaleBatches,
  afterSave: (hook, id) => completeContract(hook, id),
  afterTransition: async (hook, id, action) => {
    if (action === 'submit') return routeForApproval(hook, id);
    if (action === 'approve') {
      await checkApprover(hook, id);
      await moveSaleBatches(hook, id, 'sell');
    }
    if (action === 'void') return voidContract(hook, id);
    if (action === 'complete') await checkAllPriced(hook, id);
    return {};
  },
};
