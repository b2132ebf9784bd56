// Clients' payments on the server: a payment names one of its client's sale contracts (a provisional payment
// only a deferred-pricing one) and never takes the contract's goods money past what its largest delivery is
// worth (contractPaymentCap, issue 21), is approved by someone other than its submitter, and counts from its
// receipt until reversed. Receipt and reversal are told to the areas that read paid money (PAYMENT_CHANGED: the
// margin requirement), in the same transaction.
import Decimal from 'decimal.js';
import {
  contractPaymentCap,
  isProblem,
  paymentCapProblem,
  type ToleranceTonnesPrice,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { refusedField } from '../../platform/http/envelope.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { previousSettlement } from '../pricing/index.ts';

/** The event a payment received or reversed sends out: the client's requirement and calls are reassessed. */
export const PAYMENT_CHANGED = 'paymentChanged';

export interface PaymentChanged {
  partnerId: string;
  contractId: string;
}

const SALESPERSON = '(select r.salesperson_id from client_relations r where r.client_id = t.partner_id)';

/** The contract a payment may name: the client's own sale, approved and not voided. */
async function checkContract(db: Queryable, record: Record<string, unknown>) {
  const [contract] = await db.query<{
    partnerId: string;
    side: string;
    kind: string;
    status: string;
    contractNo: string;
  }>(
    `select partner_id::text as "partnerId", side, kind, status, contract_no as "contractNo"
       from transaction_contracts where id = $1`,
    [String(record.contractId)],
  );
  if (!contract) throw refusedField('contractId', '合同不存在');
  if (contract.partnerId !== String(record.partnerId) || contract.side !== 'sale')
    throw refusedField('contractId', `合同 ${contract.contractNo} 不是该客户的销售合同`);
  if (!['approved', 'executing', 'completed'].includes(contract.status))
    throw refusedField('contractId', `合同 ${contract.contractNo} 尚未审批或已作废，不能登记收款`);
  if (record.kind === 'provisional' && contract.kind !== 'deferred')
    throw refusedField('kind', `临时货款只用于延期点价合同，合同 ${contract.contractNo} 请登记为货款`);
}

/** Payments of a contract that count against its cap: every one not rejected or reversed, but this one. */
const PAYMENTS_IN_FLIGHT = `select coalesce(sum(amount), 0)::text as paid from client_payments
  where contract_id = $1 and id <> $2 and status in ('draft', 'submitted', 'approved', 'paid', 'reconciled')`;

/**
 * The payment's amount with the contract's other payments stays within what the contract's largest delivery
 * is worth (T × (1 + t%) as it would be priced; unpriced tonnes at the month's previous settlement + B + QA,
 * else the credit valuation price). Refused in words, with the most this payment may be.
 */
async function checkCap(hook: HookContext, id: string) {
  const [row] = await hook.db.query<{
    contractId: string;
    amount: string;
    contractNo: string;
    kind: string;
    tonnage: string;
    tolerancePercent: string;
    fixedTonnage: string;
    fixedPrice: string | null;
    futuresMonth: string | null;
    adders: string;
  }>(
    `select p.contract_id::text as "contractId", p.amount::text, c.contract_no as "contractNo", c.kind,
            c.tonnage::text, coalesce(c.tolerance_percent, 0)::text as "tolerancePercent",
            c.fixed_tonnage::text as "fixedTonnage",
            (case when c.kind not in ('basis', 'deferred') then c.unit_price
                  when c.fixed_tonnage > 0
                  then c.fixed_futures_amount / c.fixed_tonnage + coalesce(c.basis, 0) + coalesce(c.quality_premium, 0)
             end)::text as "fixedPrice",
            c.futures_month as "futuresMonth", (coalesce(c.basis, 0) + coalesce(c.quality_premium, 0))::text as adders
       from client_payments p join transaction_contracts c on c.id = p.contract_id where p.id = $1`,
    [id],
  );
  if (!row) return;
  const previous = row.futuresMonth
    ? await previousSettlement(hook.db, row.futuresMonth, hook.today)
    : undefined;
  const openPrice = previous
    ? new Decimal(previous).plus(row.adders).toString()
    : await settingOn(hook.db, 'creditValuationPricePerTonne', hook.today);
  const cap = contractPaymentCap(
    { ...row, openPrice },
    (await settingOn(hook.db, 'toleranceTonnesPrice', hook.today)) as ToleranceTonnesPrice,
  );
  const [others] = await hook.db.query<{ paid: string }>(PAYMENTS_IN_FLIGHT, [row.contractId, id]);
  const found = paymentCapProblem(others!.paid, row.amount, cap, row.contractNo);
  if (found && isProblem(found)) throw refusedField('amount', found.message);
}

const paymentOf = async (db: Queryable, id: string) =>
  (
    await db.query<{ partnerId: string; contractId: string; paymentNo: string }>(
      `select partner_id::text as "partnerId", contract_id::text as "contractId", payment_no as "paymentNo"
         from client_payments where id = $1`,
      [id],
    )
  )[0]!;

export const paymentStorage: ResourceStorage = {
  table: 'client_payments',
  clientScope: 'partner_id',
  columns: { salespersonId: { read: SALESPERSON } },
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  // The client, then the contract are locked first (the client first, as the margin ledger locks it): payments
  // saved on a contract at once are checked against its cap one after the other, and a payment received while
  // the client's margin moves waits for it rather than deadlocking.
  lockFirst: async (db, id, record) => {
    const stored =
      id && /^\d{1,18}$/.test(id)
        ? (
            await db.query<{ c: string; p: string }>(
              'select contract_id::text as c, partner_id::text as p from client_payments where id = $1',
              [id],
            )
          )[0]
        : undefined;
    const named = (key: string) => (record?.[key] === undefined ? undefined : String(record[key]));
    const number = (value: string | undefined) => (/^\d{1,18}$/.test(value ?? '') ? value : undefined);
    const partnerId = number(named('partnerId')) ?? stored?.p;
    const contractId = number(named('contractId')) ?? stored?.c;
    if (partnerId) await db.query('select id from partners where id = $1 for update', [partnerId]);
    if (contractId)
      await db.query('select id from transaction_contracts where id = $1 for update', [contractId]);
  },
  saveExtra: async (hook, id, record) => {
    await checkContract(hook.db, record);
    await checkCap(hook, id);
    await hook.db.query(
      `update client_payments set payment_no = 'SK' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
        where id = $1 and payment_no is null`,
      [id, hook.today],
    );
  },
  afterTransition: async (hook, id, action) => {
    if (action === 'receive') await checkCap(hook, id);
    if (action !== 'receive' && action !== 'reverse') return {};
    const payment = await paymentOf(hook.db, id);
    const changed: PaymentChanged = { partnerId: payment.partnerId, contractId: payment.contractId };
    await hook.emit?.(PAYMENT_CHANGED, changed);
    return {};
  },
};
