// Storage of warehouse receipts (Cdzx, QmCdBatch, QmZccd, QmGhcd, QmCdzt) and of the contract batches view
// (QmCottonContractBatch). A receipt moves its batch through `moveBatch`: registered → receipted, pledged →
// pledged, first transferred → sold, cancelled while still ours → back in stock. Every register, transfer,
// pledge, release and cancel is also an event of the receipt (its holder history), folded by src/domain.

import Decimal from 'decimal.js';
import { warehouseArea } from '../../../src/areas/warehouse/index.ts';
import {
  deliveryUnitProblems,
  type ReceiptEvent,
  receiptEventProblem,
  receiptHolding,
} from '../../../src/domain/receipts.ts';
import { BUSINESS_DAY } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type { StoredPart } from '../../platform/resources/area.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { moveBatch } from '../warehouse/index.ts';

/**
 * The state as shown: a registered or transferred receipt past its valid-until date is expired, on the
 * exchange's calendar (Beijing time). Read, never stored, so it needs no job and no one can miss it.
 */
const RECEIPT_STATE = `case when t.status in ('registered', 'transferred')
  and t.valid_until < ${BUSINESS_DAY} then 'expired' else t.status end`;

interface StoredReceipt {
  status: string;
  receiptNo: string;
  batchNo: string;
  warehouseId: string | null;
  conditionedWeight: string | null;
  registeredOn: string | null;
  validUntil: string | null;
  transfereeId: string | null;
  holderId: string | null;
  pledgeeId: string | null;
}

async function storedReceipt(hook: HookContext, id: string): Promise<StoredReceipt> {
  const [receipt] = await hook.db.query<StoredReceipt>(
    `select ${RECEIPT_STATE} as status, receipt_no as "receiptNo", batch_no as "batchNo",
            warehouse_id::text as "warehouseId", conditioned_weight::text as "conditionedWeight",
            to_char(registered_on, 'YYYY-MM-DD') as "registeredOn",
            to_char(valid_until, 'YYYY-MM-DD') as "validUntil", transferee_id::text as "transfereeId",
            holder_id::text as "holderId", pledgee_id::text as "pledgeeId"
       from warehouse_receipts t where id = $1`,
    [id],
  );
  if (!receipt) throw badRequest('仓单不存在或已被删除');
  return receipt;
}

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

interface BatchFacts {
  warehouseId: string | null;
  conditionedWeight: string | null;
  cropYear: string | null;
  validUntil: string | null;
}

/** The receipt's warehouse and weight: as entered, else the batch's; checked against the batch. */
function placeAndWeight(record: Record<string, unknown>, batchNo: string, batch: BatchFacts) {
  const problems: Record<string, string> = {};
  const warehouseId = given(record.warehouseId) ?? batch.warehouseId;
  if (!warehouseId) problems.warehouseId = `仓库：批号 ${batchNo} 没有登记所在仓库，请选择仓库`;
  else if (batch.warehouseId && warehouseId !== batch.warehouseId)
    problems.warehouseId = `仓库：批号 ${batchNo} 不在所选仓库`;
  const conditionedWeight = given(record.conditionedWeight) ?? batch.conditionedWeight;
  if (!conditionedWeight) problems.conditionedWeight = `公定重量（吨）：批号 ${batchNo} 没有公定重量，请填写`;
  else if (batch.conditionedWeight && new Decimal(conditionedWeight).greaterThan(batch.conditionedWeight))
    problems.conditionedWeight = `公定重量（吨）：不能超过批号 ${batchNo} 的公定重量 ${batch.conditionedWeight} 吨`;
  return { warehouseId, conditionedWeight, problems };
}

/** A pre-declared receipt: every field is written here, once the batch has been checked (and locked). */
async function writeDeclared(hook: HookContext, id: string, record: Record<string, unknown>) {
  const batchNo = String(record.batchNo);
  const [batch] = await hook.db.query<BatchFacts>(
    `select b.warehouse_id::text as "warehouseId", trim_scale(b.conditioned_weight)::text as "conditionedWeight",
            b.crop_year as "cropYear", to_char(y.valid_until, 'YYYY-MM-DD') as "validUntil"
       from batches b left join receipt_crop_years y on y.crop_year = b.crop_year
      where b.batch_no = $1 for update of b`,
    [batchNo],
  );
  if (!batch) throw new FieldErrors({ batchNo: `批号：${batchNo} 不是已登记的批号` });
  const { warehouseId, conditionedWeight, problems } = placeAndWeight(record, batchNo, batch);
  if (!batch.validUntil)
    problems.batchNo = batch.cropYear
      ? `批号：${batchNo} 的棉花年度 ${batch.cropYear} 还没有仓单有效期，请先登记该年度的有效期`
      : `批号：${batchNo} 没有棉花年度，无法确定仓单有效期`;
  const [live] = await hook.db.query<{ receiptNo: string }>(
    `select receipt_no as "receiptNo" from warehouse_receipts
      where batch_no = $1 and status <> 'cancelled' and id <> $2 limit 1`,
    [batchNo, id],
  );
  if (live) problems.batchNo = `批号：${batchNo} 已有未注销的仓单 ${live.receiptNo}`;
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
  await hook.db.query(
    `update warehouse_receipts set receipt_no = $2, batch_no = $3, warehouse_id = $4, conditioned_weight = $5,
            registered_on = $6, valid_until = $7 where id = $1`,
    [
      id,
      record.receiptNo,
      batchNo,
      warehouseId,
      conditionedWeight,
      given(record.registeredOn) ?? null,
      batch.validUntil,
    ],
  );
}

/** Once registered, what the exchange holds stays as registered: only the remark changes (the transfer and
 * the pledge name their parties). */
function assertRegisteredUnchanged(stored: StoredReceipt, record: Record<string, unknown>) {
  const same = (entered: unknown, kept: string | null, decimal = false) => {
    const value = given(entered);
    if (value === undefined) return true;
    return decimal && kept ? new Decimal(value).equals(kept) : value === kept;
  };
  const unchanged =
    same(record.receiptNo, stored.receiptNo) &&
    same(record.batchNo, stored.batchNo) &&
    same(record.warehouseId, stored.warehouseId) &&
    same(record.conditionedWeight, stored.conditionedWeight, true) &&
    same(record.registeredOn, stored.registeredOn);
  if (!unchanged) throw badRequest('仓单已注册，只能修改备注');
}

/** Why a receipt in this state cannot be edited; none for a pre-declared, registered or transferred one. */
const NOT_EDITABLE: Readonly<Record<string, string>> = {
  pledged: '已质押的仓单解押前不能修改',
  expired: '仓单已过期，只能注销',
  cancelled: '已注销的仓单不能修改',
};

async function saveReceipt(hook: HookContext, id: string, record: Record<string, unknown>) {
  const stored = await storedReceipt(hook, id);
  if (stored.status === 'preDeclared') return writeDeclared(hook, id, record);
  const refusal = NOT_EDITABLE[stored.status];
  if (refusal) throw badRequest(refusal);
  assertRegisteredUnchanged(stored, record);
}

/** Who holds a receipt without a partner: the company itself. */
const OURSELVES = '本公司';

async function recordEvent(
  hook: HookContext,
  id: string,
  kind: ReceiptEvent['kind'],
  partnerId: string | null,
) {
  await hook.db.query(
    `insert into warehouse_receipt_events (receipt_id, kind, happened_on, partner_id, user_id, at)
     values ($1, $2, $3, $4, $5, $6)`,
    [id, kind, hook.today, partnerId, hook.actor.userId, hook.now],
  );
}

/** The receipt's events as the domain folds them, partners by name. */
async function receiptEvents(hook: HookContext, id: string): Promise<ReceiptEvent[]> {
  const rows = await hook.db.query<{ kind: ReceiptEvent['kind']; on: string; partner: string | null }>(
    `select e.kind, to_char(e.happened_on, 'YYYY-MM-DD') as on, p.name as partner
       from warehouse_receipt_events e left join partners p on p.id = e.partner_id
      where e.receipt_id = $1 order by e.id`,
    [id],
  );
  return rows.map(({ kind, on, partner }): ReceiptEvent => {
    const party = partner ?? OURSELVES;
    if (kind === 'register') return { kind, on, holder: party };
    if (kind === 'transfer') return { kind, on, to: party };
    if (kind === 'pledge') return { kind, on, pledgee: party };
    return { kind, on };
  });
}

/** Refuses (400) an event the receipt's history does not allow, in the domain's words. */
async function assertEventAllowed(
  hook: HookContext,
  id: string,
  event: ReceiptEvent,
  validUntil: string | null,
) {
  const folded = receiptHolding(await receiptEvents(hook, id), validUntil ?? undefined);
  if (!folded.ok) throw badRequest(folded.problem.message);
  const refused = receiptEventProblem(folded.holding, event, validUntil ?? undefined);
  if (refused) throw badRequest(refused.message);
}

const partnerName = async (hook: HookContext, id: string) =>
  (await hook.db.query<{ name: string }>('select name from partners where id = $1', [id]))[0]?.name ?? id;

const UNDELIVERABLE: Readonly<Record<string, string>> = Object.fromEntries(
  (warehouseArea.dictionaries.undeliverableReason ?? []).map((entry) => [entry.value, String(entry.label)]),
);

/** A receipt is one delivery unit of a deliverable batch (domain.md §1): refused with the reasons. */
async function assertDeliverable(hook: HookContext, receipt: StoredReceipt) {
  const [batch] = await hook.db.query<{
    deliverable: boolean | null;
    reasons: string[];
    baleCount: number | null;
  }>(
    `select deliverable, undeliverable_reasons as reasons, bale_count as "baleCount"
       from batches where batch_no = $1`,
    [receipt.batchNo],
  );
  if (!batch) return;
  if (batch.deliverable === false) {
    const reasons = batch.reasons.map((reason) => UNDELIVERABLE[reason] ?? reason).join('；');
    throw badRequest(`批号 ${receipt.batchNo} 不可交割（${reasons}），不能注册仓单`);
  }
  if (batch.baleCount === null) throw badRequest(`批号 ${receipt.batchNo} 没有包数，不能注册仓单`);
  const [unit] = deliveryUnitProblems({ baleCount: batch.baleCount });
  if (unit) throw badRequest(`批号 ${receipt.batchNo}：${unit.message}，不能注册`);
}

async function register(hook: HookContext, id: string, receipt: StoredReceipt) {
  const [elsewhere] = await hook.db.query(
    'select 1 from batches where batch_no = $1 and warehouse_id is distinct from $2::bigint',
    [receipt.batchNo, receipt.warehouseId],
  );
  if (elsewhere) throw badRequest(`批号 ${receipt.batchNo} 不在仓单所在仓库，不能注册`);
  await assertDeliverable(hook, receipt);
  const [dates] = await hook.db.query<{ valid: boolean }>(
    `update warehouse_receipts
        set registered_on = coalesce(registered_on, $2::date)
      where id = $1 returning valid_until > registered_on as valid`,
    [id, hook.today],
  );
  if (!dates?.valid) throw badRequest(`仓单有效期至 ${receipt.validUntil}，已不能注册`);
  await moveBatch(hook, receipt.batchNo, {
    from: ['stock'],
    to: 'receipted',
    because: `注册仓单 ${receipt.receiptNo}`,
  });
  await recordEvent(hook, id, 'register', null);
}

/** To the transferee named on the receipt; the first transfer sells the batch, later ones pass it on. */
async function transfer(hook: HookContext, id: string, receipt: StoredReceipt) {
  if (!receipt.transfereeId) throw badRequest('过户前请先在仓单上填写受让方');
  const to = await partnerName(hook, receipt.transfereeId);
  await assertEventAllowed(hook, id, { kind: 'transfer', on: hook.today, to }, receipt.validUntil);
  if (!receipt.holderId)
    await moveBatch(hook, receipt.batchNo, {
      from: ['receipted'],
      to: 'sold',
      because: `过户仓单 ${receipt.receiptNo}`,
    });
  await hook.db.query('update warehouse_receipts set holder_id = transferee_id where id = $1', [id]);
  await recordEvent(hook, id, 'transfer', receipt.transfereeId);
}

async function pledge(hook: HookContext, id: string, receipt: StoredReceipt) {
  if (!receipt.pledgeeId) throw badRequest('质押前请先在仓单上填写质权人');
  const pledgee = await partnerName(hook, receipt.pledgeeId);
  await assertEventAllowed(hook, id, { kind: 'pledge', on: hook.today, pledgee }, receipt.validUntil);
  await moveBatch(hook, receipt.batchNo, {
    from: ['receipted'],
    to: 'pledged',
    because: `质押仓单 ${receipt.receiptNo}`,
  });
  await recordEvent(hook, id, 'pledge', receipt.pledgeeId);
}

async function release(hook: HookContext, id: string, receipt: StoredReceipt) {
  await moveBatch(hook, receipt.batchNo, {
    from: ['pledged'],
    to: 'receipted',
    because: `解押仓单 ${receipt.receiptNo}`,
  });
  await hook.db.query('update warehouse_receipts set pledgee_id = null where id = $1', [id]);
  await recordEvent(hook, id, 'release', null);
}

/** A receipt still ours puts its batch back in stock; a transferred one's stays sold. */
async function cancel(hook: HookContext, id: string, receipt: StoredReceipt) {
  if (!receipt.holderId)
    await moveBatch(hook, receipt.batchNo, {
      from: ['receipted'],
      to: 'stock',
      because: `注销仓单 ${receipt.receiptNo}`,
    });
  await recordEvent(hook, id, 'cancel', null);
}

const RECEIPT_MOVES: Readonly<
  Record<string, (hook: HookContext, id: string, receipt: StoredReceipt) => Promise<void>>
> = { register, transfer, pledge, release, cancel };

/** Fields fixed at registration are written by `saveReceipt`, not by the generic save. */
const keptByStorage = (column: string) => ({ read: `t.${column}` });

const warehouseReceipt: ResourceStorage = {
  table: 'warehouse_receipts',
  clientScope: { names: 'array[t.holder_id, t.transferee_id, t.pledgee_id]' },
  columns: {
    receiptNo: keptByStorage('receipt_no'),
    batchNo: keptByStorage('batch_no'),
    warehouseId: keptByStorage('warehouse_id'),
    conditionedWeight: keptByStorage('conditioned_weight'),
    // One delivery unit is its lots whatever it weighs within the tolerance; the difference is paid in cash.
    // The lots of a unit and the tonnes of a lot are the exchange's settings of the day (issue 21).
    lots: { read: `setting_on('deliveryUnitLots', ${BUSINESS_DAY})::int` },
    weightDifference: {
      read: `t.conditioned_weight - setting_on('deliveryUnitLots', ${BUSINESS_DAY})::numeric
        * setting_on('futuresLotTonnes', ${BUSINESS_DAY})::numeric`,
    },
    registeredOn: keptByStorage('registered_on'),
    validUntil: keptByStorage('valid_until'),
    oldCropDiscount: {
      read: `(select y.old_crop_discount from batches b join receipt_crop_years y on y.crop_year = b.crop_year
               where b.id = t.batch_id)`,
    },
    holderId: { read: 't.holder_id' },
    holderHistory: {
      read: `(select string_agg(to_char(e.happened_on, 'YYYY-MM-DD') || ' ' || coalesce(p.name, '${OURSELVES}'),
                                ' → ' order by e.id)
                from warehouse_receipt_events e left join partners p on p.id = e.partner_id
               where e.receipt_id = t.id and e.kind in ('register', 'transfer'))`,
    },
    status: { read: RECEIPT_STATE, write: 'status' },
  },
  unique: ['receiptNo'],
  saveExtra: saveReceipt,
  onDelete: async (db, ids) => {
    const kept = await db.query<{ receiptNo: string }>(
      `select receipt_no as "receiptNo" from warehouse_receipts
        where id = any($1::bigint[]) and status <> 'preDeclared'`,
      [ids],
    );
    if (kept.length > 0)
      throw badRequest(`只有预报状态的仓单可以删除：${kept.map((r) => r.receiptNo).join('、')}`);
  },
  afterTransition: async (hook, id, action) => {
    await RECEIPT_MOVES[action]?.(hook, id, await storedReceipt(hook, id));
    return {};
  },
};

const storage: Readonly<Record<string, ResourceStorage>> = {
  warehouseReceipt,
  contractBatch: { table: 'contract_batches', clientScope: 'partner_id' },
};

const VIEW = ['view', 'export'];
const RECEIPT_SCREENS = ['Cdzx', 'QmCdBatch', 'QmZccd', 'QmGhcd', 'QmCdzt'];
const viewing = (scopes: readonly string[]) => scopes.map((scope) => ({ scope, permissions: VIEW }));

const grants: StoredPart['grants'] = {
  // Each screen does its part: all receipts are kept on QmCdBatch, registered ones are transferred on QmZccd.
  warehouse: [
    {
      scope: 'QmCdBatch',
      // pledge: added to databases seeded before by migration 011.
      permissions: [...VIEW, 'create', 'edit', 'register', 'transfer', 'pledge', 'cancel'],
    },
    { scope: 'Cdzx', permissions: [...VIEW, 'cancel'] },
    { scope: 'QmZccd', permissions: [...VIEW, 'edit', 'transfer', 'cancel'] },
    { scope: 'QmGhcd', permissions: [...VIEW, 'cancel'] },
    { scope: 'QmCdzt', permissions: VIEW },
  ],
  trader: viewing([...RECEIPT_SCREENS, 'QmCottonContractBatch']),
  risk: viewing([...RECEIPT_SCREENS, 'QmCottonContractBatch']),
  finance: viewing(['QmCdBatch', 'QmCdzt', 'QmCottonContractBatch']),
};

export const receiptStorage: StoredPart = { migration: '004_warehouse_receipts.sql', storage, grants };
