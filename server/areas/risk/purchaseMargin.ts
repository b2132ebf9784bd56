// Purchase-contract margin on the server: the ledger of movements (payment, allotment, return), entered and
// never changed, each checked under a lock on its supplier so that no part — the unallotted margin or what a
// contract holds — ever goes below zero, however many are entered at once; the balances per supplier and per
// contract (views over the movements); and the interest accruals, computed by src/domain/marginInterest.ts
// from the ledger and the versioned settings purchaseMarginInterestPercent and purchaseMarginDayCount.

import Decimal from 'decimal.js';
import { marginInterest } from '../../../src/domain/marginInterest.ts';
import { isProblem } from '../../../src/domain/problem.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { publishChange } from '../../platform/realtime/events.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { HookContext, ResourceStorage, StoredRecord } from '../../platform/resources/storage.ts';
import { interestTermsOn } from '../settings/index.ts';

const TOPICS = [
  'capital/PurchaseMarginDetail',
  'capital/PurchaseMarginBalance',
  'capital/PurchaseMarginInterest',
  'Pcm/PurchaseContractMarginDetail',
];

const given = (value: unknown): string | undefined =>
  value === undefined || value === null || value === '' ? undefined : String(value);

const KIND_WORDS: Record<string, string> = { payment: '支付', allot: '分配', return: '退回' };

/**
 * Every writer of a supplier's margin locks the supplier first: movements and accruals of one supplier are
 * checked one after the other, never against a balance another call is changing.
 */
async function lockSupplier(db: Queryable, record: Record<string, unknown> | undefined) {
  const supplier = given(record?.supplierId);
  if (supplier && /^\d+$/.test(supplier))
    await db.query('select id from partners where id = $1 for update', [supplier]);
}

async function supplierProblem(db: Queryable, supplierId: string): Promise<string | undefined> {
  const [partner] = await db.query<{ supplier: boolean }>(
    `select 'supplier' = any(kinds) as supplier from partners where id = $1`,
    [supplierId],
  );
  if (!partner) return '供应商不存在';
  return partner.supplier ? undefined : '所选单位不是供应商';
}

interface ContractRow {
  id: string;
  contractNo: string;
  side: string;
  partnerId: string;
  status: string;
}

/** A contract the movement names: a purchase contract of the supplier, approved and not voided. */
async function contractProblem(
  db: Queryable,
  id: string,
  supplierId: string,
  kind: string,
): Promise<string | undefined> {
  const [contract] = await db.query<ContractRow>(
    `select id::text, contract_no as "contractNo", side, partner_id::text as "partnerId", status
       from transaction_contracts where id = $1`,
    [id],
  );
  if (!contract) return '合同不存在';
  if (contract.side !== 'purchase') return `${contract.contractNo} 不是采购合同`;
  if (contract.partnerId !== supplierId) return `${contract.contractNo} 不是该供应商的合同`;
  const open = ['approved', 'executing'];
  const returnable = [...open, 'completed', 'voided'];
  if (!(kind === 'return' ? returnable : open).includes(contract.status))
    return `${contract.contractNo} 尚未审批通过或已结束，不能${KIND_WORDS[kind]}保证金`;
  return undefined;
}

/** The supplier's unallotted margin and what each of the given contracts holds, after the movements so far. */
async function parts(db: Queryable, supplierId: string, contractIds: readonly string[]) {
  const rows = await db.query<{ contractId: string | null; amount: string }>(
    `select part_contract_id::text as "contractId", sum(part_change)::text as amount
       from purchase_margin_effects
      where supplier_id = $1 and (part_contract_id is null or part_contract_id::text = any($2::text[]))
      group by part_contract_id`,
    [supplierId, contractIds],
  );
  const of = (contractId: string | null) =>
    new Decimal(rows.find((row) => row.contractId === contractId)?.amount ?? 0);
  return { unallotted: of(null), held: of };
}

/** A movement written: numbered, its author and time kept, and checked against the parts it draws on. */
async function saveMovement(hook: HookContext, id: string, record: StoredRecord) {
  const kind = String(record.kind ?? '');
  const supplierId = String(record.supplierId ?? '');
  const contractId = given(record.contractId);
  const fromContractId = given(record.fromContractId);
  const amount = new Decimal(String(record.amount ?? '0'));
  const problems: Record<string, string> = {};
  const supplier = await supplierProblem(hook.db, supplierId);
  if (supplier) problems.supplierId = supplier;
  if (String(record.valueDate ?? '') > hook.today)
    problems.valueDate = `起息日 ${String(record.valueDate)} 晚于今天，请在当天录入`;
  if (!supplier) {
    if (contractId) {
      const wrong = await contractProblem(hook.db, contractId, supplierId, kind);
      if (wrong) problems.contractId = wrong;
    }
    if (fromContractId && kind === 'allot') {
      const wrong = await contractProblem(hook.db, fromContractId, supplierId, 'return');
      if (wrong) problems.fromContractId = wrong;
    }
  }
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
  // The movement is written: the part it draws on must not go below zero.
  const after = await parts(
    hook.db,
    supplierId,
    [contractId, fromContractId].filter((c) => c !== undefined),
  );
  const drawn =
    kind === 'allot' ? (fromContractId ?? null) : kind === 'return' ? (contractId ?? null) : undefined;
  if (drawn !== undefined) {
    const left = drawn === null ? after.unallotted : after.held(drawn);
    if (left.isNegative()) {
      const where = drawn === null ? '该供应商未分配的保证金' : '该合同占用的保证金';
      throw new FieldErrors({
        amount: `${KIND_WORDS[kind]}金额 ${amount.toFixed(2)} 超过${where} ${left.plus(amount).toFixed(2)} 元`,
      });
    }
  }
  await hook.db.query(
    `update purchase_margin_movements
        set movement_no = 'BZ' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0'), created_by = $3
      where id = $1`,
    [id, hook.today, hook.actor.userId],
  );
  await publishChange(hook.db, hook.channel, TOPICS);
}

/** What the movement names fits its kind (checked before the row meets the table's own checks). */
function movementShapeChecked(record: Record<string, unknown>) {
  const kind = String(record.kind ?? '');
  const contractId = given(record.contractId);
  const fromContractId = given(record.fromContractId);
  const problems: Record<string, string> = {};
  if (kind === 'allot' && !contractId) problems.contractId = '分配须选择分入的采购合同';
  if (fromContractId && kind !== 'allot') problems.fromContractId = '只有分配可以从另一份合同调出';
  else if (fromContractId && fromContractId === contractId)
    problems.fromContractId = '调出合同与分入合同相同';
  if (Object.keys(problems).length > 0) throw new FieldErrors(problems);
}

/** A supplier's records name no client, unless the supplier is also a client (then only its salesperson's). */
const SUPPLIER = { names: 'array[t.supplier_id]' };

const NEVER_CHANGED = '保证金流水录入后不能修改或删除：请录入一笔退回或分配来更正';

export const purchaseMarginMovementStorage: ResourceStorage = {
  table: 'purchase_margin_movements',
  clientScope: SUPPLIER,
  lockFirst: async (db, id, record) => {
    if (id) throw badRequest(NEVER_CHANGED);
    if (record) movementShapeChecked(record);
    await lockSupplier(db, record);
  },
  stamps: (hook, creating) => (creating ? { created_at: hook.now } : {}),
  saveExtra: saveMovement,
  onDelete: async () => {
    throw badRequest(NEVER_CHANGED);
  },
};

// ——— applications ———

async function saveApplication(hook: HookContext, id: string, record: StoredRecord) {
  const supplierId = String(record.supplierId ?? '');
  const supplier = await supplierProblem(hook.db, supplierId);
  if (supplier) throw new FieldErrors({ supplierId: supplier });
  const contractId = given(record.contractId);
  const wrong = contractId && (await contractProblem(hook.db, contractId, supplierId, String(record.kind)));
  if (wrong) throw new FieldErrors({ contractId: wrong });
  await hook.db.query(
    `update purchase_margin_applications
        set apply_no = coalesce(apply_no, 'BS' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')),
            created_by = coalesce(created_by, $3)
      where id = $1`,
    [id, hook.today, hook.actor.userId],
  );
}

/**
 * An approved application posts its movement, dated the day of the approval, through the same checks as a
 * movement entered by hand (under the supplier's lock): refused in words, nothing changed, when it cannot be.
 */
async function postApproved(hook: HookContext, id: string, action: string) {
  if (action !== 'approve') return {};
  const [application] = await hook.db.query<{
    applyNo: string;
    kind: string;
    supplierId: string;
    contractId: string | null;
    amount: string;
  }>(
    `select apply_no as "applyNo", kind, supplier_id::text as "supplierId", contract_id::text as "contractId",
            amount::text from purchase_margin_applications where id = $1`,
    [id],
  );
  if (!application) return {};
  const record: StoredRecord = {
    kind: application.kind,
    supplierId: application.supplierId,
    contractId: application.contractId,
    amount: application.amount,
    valueDate: hook.today,
    remark: `申请单 ${application.applyNo}`,
  };
  await lockSupplier(hook.db, record);
  const [movement] = await hook.db.query<{ id: string }>(
    `insert into purchase_margin_movements (kind, supplier_id, contract_id, amount, value_date, remark, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id::text`,
    [
      record.kind,
      record.supplierId,
      record.contractId,
      record.amount,
      record.valueDate,
      record.remark,
      hook.now,
    ],
  );
  try {
    await saveMovement(hook, movement!.id, record);
  } catch (error) {
    if (error instanceof FieldErrors)
      throw badRequest(`申请单 ${application.applyNo} 不能入账：${Object.values(error.fields).join('；')}`);
    throw error;
  }
  await hook.db.query('update purchase_margin_applications set movement_id = $2 where id = $1', [
    id,
    movement!.id,
  ]);
  return {};
}

export const purchaseMarginApplicationStorage: ResourceStorage = {
  table: 'purchase_margin_applications',
  clientScope: SUPPLIER,
  // The supplier before the application on a decision too (its own row is locked after): approvals of one
  // supplier's applications at once wait in turn at the supplier, never deadlock.
  lockFirst: async (db, id, record) =>
    lockSupplier(
      db,
      record ??
        (id && /^\d{1,18}$/.test(id)
          ? (
              await db.query<{ supplierId: string }>(
                'select supplier_id::text as "supplierId" from purchase_margin_applications where id = $1',
                [id],
              )
            )[0]
          : undefined),
    ),
  stamps: (hook, creating) => (creating ? { created_at: hook.now } : {}),
  saveExtra: saveApplication,
  afterTransition: postApproved,
};

export const purchaseContractMarginStorage: ResourceStorage = {
  table: 'purchase_contract_margins',
  clientScope: SUPPLIER,
};

/** A supplier's figures, and on the detail every movement of the supplier, the latest first. */
export const purchaseMarginBalanceStorage: ResourceStorage = {
  table: 'purchase_margin_balances',
  clientScope: SUPPLIER,
  lines: {
    load: (db, id) =>
      db.query(
        `select id::text, movement_no as "movementNo", kind, supplier_id::text as "supplierId",
                contract_id::text as "contractId", from_contract_id::text as "fromContractId",
                amount::text, to_char(value_date, 'YYYY-MM-DD') as "valueDate", remark
           from purchase_margin_movements where supplier_id = $1 order by value_date desc, id desc`,
        [id],
      ),
    save: async () => {
      throw badRequest('保证金余额由流水计算，不能直接修改');
    },
  },
};

// ——— interest ———

const RATE = 'purchaseMarginInterestPercent';
const DAY_COUNT = 'purchaseMarginDayCount';

/** An accrual written: its period checked (not ahead of today, not overlapping another), computed and numbered. */
async function saveAccrual(hook: HookContext, id: string, record: StoredRecord) {
  const supplierId = String(record.supplierId ?? '');
  const from = String(record.periodFrom ?? '');
  const through = String(record.periodThrough ?? '');
  const supplier = await supplierProblem(hook.db, supplierId);
  if (supplier) throw new FieldErrors({ supplierId: supplier });
  if (through > hook.today) throw new FieldErrors({ periodThrough: `计息截止日 ${through} 晚于今天` });
  const [overlap] = await hook.db.query<{ accrualNo: string; from: string; through: string }>(
    `select accrual_no as "accrualNo", to_char(period_from, 'YYYY-MM-DD') as from,
            to_char(period_through, 'YYYY-MM-DD') as through
       from purchase_margin_interest
      where supplier_id = $1 and id <> $2 and period_from <= $4::date and period_through >= $3::date
      order by period_from limit 1`,
    [supplierId, id, from, through],
  );
  if (overlap)
    throw new FieldErrors({
      periodFrom: `与已计提的 ${overlap.accrualNo}（${overlap.from} 至 ${overlap.through}）期间重叠`,
    });
  const movements = await hook.db.query<{ valueDate: string; amount: string }>(
    `select to_char(value_date, 'YYYY-MM-DD') as "valueDate", balance_change::text as amount
       from purchase_margin_effects where supplier_id = $1 and balance_change <> 0 and value_date <= $2::date`,
    [supplierId, through],
  );
  const accrued = marginInterest({
    from,
    through,
    movements,
    terms: await interestTermsOn(hook.db, { rate: RATE, dayCount: DAY_COUNT }, from, through),
  });
  if (isProblem(accrued)) throw new FieldErrors({ periodFrom: accrued.message });
  if (accrued.pieces.length === 0)
    throw new FieldErrors({ periodFrom: `该供应商在 ${from} 至 ${through} 没有保证金余额，无需计息` });
  for (const piece of accrued.pieces)
    await hook.db.query(
      `insert into purchase_margin_interest_pieces
         (accrual_id, supplier_id, piece_from, piece_through, days, balance, rate_percent, day_count, interest)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        id,
        supplierId,
        piece.from,
        piece.through,
        piece.days,
        piece.balance,
        piece.ratePercent,
        piece.dayCount,
        piece.interest,
      ],
    );
  await hook.db.query(
    `update purchase_margin_interest
        set interest = $2, days = period_through - period_from + 1, created_by = $3,
            accrual_no = 'LX' || to_char($4::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
      where id = $1`,
    [id, accrued.interest, hook.actor.userId, hook.today],
  );
  await publishChange(hook.db, hook.channel, TOPICS);
}

/** An accrual row written outside a call (the demo): computed as a save would. */
export const saveAccrualOf = saveAccrual;

export const purchaseMarginInterestStorage: ResourceStorage = {
  table: 'purchase_margin_interest',
  clientScope: SUPPLIER,
  lockFirst: async (db, id, record) => {
    if (id) throw badRequest('计息记录不能修改：删除后按新的期间重新计提');
    await lockSupplier(db, record);
  },
  stamps: (hook, creating) => (creating ? { created_at: hook.now } : {}),
  saveExtra: saveAccrual,
};

export const purchaseMarginInterestPieceStorage: ResourceStorage = {
  table: 'purchase_margin_interest_pieces',
  clientScope: SUPPLIER,
  columns: {
    accrualNo: { read: '(select i.accrual_no from purchase_margin_interest i where i.id = t.accrual_id)' },
  },
};
