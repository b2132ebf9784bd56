// Storage of the warehouse services (src/areas/warehouse/services.ts): fees, whose amount the save
// computes, and outbound appointments, whose completion moves the batch out through `moveBatch`.

import { feeAmount } from '../../../src/areas/warehouse/services.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import type { StoredPart } from '../../platform/resources/area.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { moveBatch } from './batches.ts';

type SavedRecord = Record<string, unknown>;

/** Only documents still in `state` may be changed; locks the row for the rest of the save. */
async function assertState(db: Queryable, table: string, id: string, state: string, refusal: string) {
  const [row] = await db.query<{ status: string }>(`select status from ${table} where id = $1 for update`, [
    id,
  ]);
  if (row?.status !== state) throw badRequest(refusal);
}

async function refuseDeletingUnless(
  db: Queryable,
  table: string,
  ids: string[],
  state: string,
  refusal: string,
) {
  const [{ others }] = (await db.query<{ others: number }>(
    `select count(*)::int as others from ${table} where id = any($1::bigint[]) and status <> $2`,
    [ids, state],
  )) as [{ others: number }];
  if (others > 0) throw badRequest(refusal);
}

/** The rate as entered, or for a storage fee per tonne-day left empty, the warehouse's own rate. */
async function effectiveRate(db: Queryable, record: SavedRecord): Promise<string> {
  if (record.rate !== undefined && record.rate !== null && record.rate !== '') return String(record.rate);
  const [warehouse] = await db.query<{ rate: string | null }>(
    'select storage_fee_per_tonne_day::text as rate from warehouses where id = $1',
    [record.warehouseId],
  );
  if (!warehouse?.rate) throw new FieldErrors({ rate: '费率：该仓库未设置仓储费率，请填写费率' });
  return warehouse.rate;
}

/** The VAT setting of each fee kind (domain.md §6: storage-like services and insurance are taxed apart). */
const FEE_VAT_SETTING: Readonly<Record<string, string>> = {
  storage: 'vatStoragePercent',
  supervision: 'vatStoragePercent',
  sundry: 'vatStoragePercent',
  insurance: 'vatInsurancePercent',
};

const warehouseFee: ResourceStorage = {
  table: 'warehouse_fees',
  unique: ['feeNo'],
  clientScope: { names: 'array[t.payee_id]' },
  saveExtra: async ({ db }, id, record) => {
    await assertState(db, 'warehouse_fees', id, 'draft', '只有草稿状态的费用可以修改');
    const rate = await effectiveRate(db, record);
    const amount = feeAmount({ ...record, rate });
    if (amount === null) throw badRequest('计费依据不完整，无法计算金额');
    const setting = FEE_VAT_SETTING[String(record.kind)];
    if (!setting) throw new FieldErrors({ kind: '费用类型：未知的费用类型' });
    const taxRate = await settingOn(db, setting, String(record.periodFrom));
    await db.query('update warehouse_fees set rate = $2, amount = $3, tax_rate = $4 where id = $1', [
      id,
      rate,
      amount,
      taxRate,
    ]);
  },
  onDelete: (db, ids) =>
    refuseDeletingUnless(db, 'warehouse_fees', ids, 'draft', '只有草稿状态的费用可以删除'),
};

interface BatchPlace {
  warehouseId: string | null;
  warehouseName: string | null;
  status: string;
}

/** Locks the batch row: two saves booking the same batch wait for each other, so one open booking holds. */
async function lockedBatch(db: Queryable, batchNo: string): Promise<BatchPlace | undefined> {
  const [batch] = await db.query<BatchPlace>(
    `select b.warehouse_id::text as "warehouseId", w.name as "warehouseName", b.status
       from batches b left join warehouses w on w.id = b.warehouse_id where b.batch_no = $1 for update of b`,
    [batchNo],
  );
  return batch;
}

/** The batch exists, is in the chosen warehouse, has not left, is not pledged, and has no other open appointment. */
async function assertBookable(db: Queryable, id: string, record: SavedRecord) {
  const batchNo = String(record.batchNo);
  const batch = await lockedBatch(db, batchNo);
  if (!batch) throw new FieldErrors({ batchNo: `批号：批号 ${batchNo} 不存在` });
  if (batch.status === 'out') throw new FieldErrors({ batchNo: `批号：批号 ${batchNo} 已出库` });
  // A pledged batch leaves the warehouse only after its redemption is paid and it is released.
  if (batch.status === 'pledged')
    throw new FieldErrors({ batchNo: `批号：批号 ${batchNo} 已质押，须赎货解押后才能预约出库` });
  if (batch.warehouseId !== String(record.warehouseId))
    throw new FieldErrors({
      warehouseId: `仓库：批号 ${batchNo} 在「${batch.warehouseName ?? '未知仓库'}」，不在所选仓库`,
    });
  const [open] = await db.query<{ appointmentNo: string }>(
    `select appointment_no as "appointmentNo" from outbound_appointments
      where batch_no = $1 and status = 'booked' and id <> $2`,
    [batchNo, id],
  );
  if (open)
    throw new FieldErrors({ batchNo: `批号：批号 ${batchNo} 已有未完成的出库预约 ${open.appointmentNo}` });
}

/**
 * The event a batch sent out to a client sends (issue 21): the areas that guard the client's credit react in
 * the same transaction, and a reaction that refuses undoes the release.
 */
export const GOODS_OUT = 'goodsOut';

export interface GoodsOut {
  partnerId: string;
  batchNo: string;
  appointmentNo: string;
}

/** 出库完成: the batch, still in the appointment's warehouse, goes out: from stock, reserved, or sold. */
async function shipOut(hook: HookContext, id: string) {
  const [appointment] = await hook.db.query<{
    appointmentNo: string;
    batchNo: string;
    warehouseId: string;
    partnerId: string | null;
  }>(
    `select appointment_no as "appointmentNo", batch_no as "batchNo", warehouse_id::text as "warehouseId",
            partner_id::text as "partnerId"
       from outbound_appointments where id = $1`,
    [id],
  );
  if (!appointment) throw badRequest('记录不存在或已被删除');
  const batch = await lockedBatch(hook.db, appointment.batchNo);
  if (batch && batch.warehouseId !== appointment.warehouseId)
    throw badRequest(`批号 ${appointment.batchNo} 已不在预约的仓库，不能出库`);
  await moveBatch(hook, appointment.batchNo, {
    from: ['stock', 'reserved', 'sold'],
    to: 'out',
    because: `出库（预约 ${appointment.appointmentNo}）`,
  });
  if (!appointment.partnerId) return [];
  const out: GoodsOut = {
    partnerId: appointment.partnerId,
    batchNo: appointment.batchNo,
    appointmentNo: appointment.appointmentNo,
  };
  return (await hook.emit?.(GOODS_OUT, out)) ?? [];
}

/** The batch an appointment books (as saved, or as stored for a transition), locked before the appointment. */
async function lockBookedBatch(db: Queryable, id: string | undefined, record: SavedRecord | undefined) {
  const [stored] = id
    ? await db.query<{ batchNo: string }>(
        'select batch_no as "batchNo" from outbound_appointments where id = $1',
        [id],
      )
    : [];
  const batchNo = record?.batchNo ?? stored?.batchNo;
  if (batchNo) await lockedBatch(db, String(batchNo));
}

const outboundAppointment: ResourceStorage = {
  table: 'outbound_appointments',
  unique: ['appointmentNo'],
  clientScope: 'partner_id',
  lockFirst: lockBookedBatch,
  saveExtra: async ({ db }, id, record) => {
    await assertState(db, 'outbound_appointments', id, 'booked', '只有已预约状态的出库预约可以修改');
    await assertBookable(db, id, record);
  },
  onDelete: (db, ids) =>
    refuseDeletingUnless(db, 'outbound_appointments', ids, 'booked', '只有已预约状态的出库预约可以删除'),
  afterTransition: async (hook, id, action) => {
    if (action !== 'finishOutbound') return {};
    const said = await shipOut(hook, id);
    return said.length > 0 ? { effects: said.join('，') } : {};
  },
};

const storage: Readonly<Record<string, ResourceStorage>> = {
  warehouseFee,
  outboundAppointment,
};

const FEE_ROUTES = ['QmJgfwFee', 'QmBxFee', 'QmBgFee', 'QmSpmFee'];
const WORK = ['view', 'create', 'edit', 'delete', 'export'];
const onFees = (permissions: string[]) => FEE_ROUTES.map((scope) => ({ scope, permissions }));
const SUMMARY = { scope: 'QmHzCk', permissions: ['view', 'export'] };

const grants: StoredPart['grants'] = {
  warehouse: [
    ...onFees([...WORK, 'confirm', 'void']),
    { scope: 'QmYyXx', permissions: [...WORK, 'complete', 'void'] },
    SUMMARY,
  ],
  finance: [...onFees(['view', 'export', 'settle']), SUMMARY],
  trader: [{ scope: 'QmYyXx', permissions: ['view', 'export'] }, SUMMARY],
  sales: [{ scope: 'QmYyXx', permissions: ['view', 'export'] }, SUMMARY],
};

export const warehouseServiceStorage: StoredPart = {
  migration: '006_warehouse_services.sql',
  storage,
  grants,
};
