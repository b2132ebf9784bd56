// Payments out on the server (domain-money.md §4.5, SM-6). A payment is capped by its source under the
// source's lock — goods money by its purchase contract, a fee by its fee record — when it is saved, submitted
// and paid, so payments made at once never take a source past its cap. The check is the approve step from
// `submitted` (never by the submitter); the final approval the one from `checked` (never by the submitter nor
// the checker), skipped when the payee's day stays under paymentFinalApprovalAmount in force at submission and
// the purpose needs none. Paying posts to the journal; a bank return reverses it.
//
// Settlement caps plug in at `goodsCapOf`: once the settlement area confirms purchase settlements and records
// received invoices, `settled` (settled value − claims) and `invoicedNet` (invoices net of red, with
// invoiceBeforeFinalPayment) are read there and passed to purchasePaymentCap; until then the contract value caps.
import Decimal from 'decimal.js';
import {
  contractPaymentCap,
  isGoodsPurpose,
  needsFinalApproval,
  outgoingCapProblem,
  outgoingPaymentPaid,
  type PaymentPurpose,
  purchasePaymentCap,
  purposeList,
  type ToleranceTonnesPrice,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { refusedField } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { previousSettlement } from '../pricing/index.ts';
import { postEntry, reverseEvent } from './journal.ts';

const COUNTED = `('draft', 'submitted', 'checked', 'approved', 'paid')`;

interface Payment {
  id: string;
  paymentNo: string | null;
  payeeId: string;
  purpose: PaymentPurpose;
  contractId: string | null;
  feeId: string | null;
  otherInvoiceId: string | null;
  amount: string;
  status: string;
  requestedPayDate: string;
  finalRequired: boolean;
  submittedBy: string | null;
  checkedBy: string | null;
  paidOn: string | null;
  bankAccountId: string | null;
}

const paymentOf = async (db: Queryable, id: string) =>
  (
    await db.query<Payment>(
      `select id::text, payment_no as "paymentNo", payee_id::text as "payeeId", purpose,
              contract_id::text as "contractId", fee_id::text as "feeId",
              other_invoice_id::text as "otherInvoiceId", amount::text, status,
              to_char(requested_pay_date, 'YYYY-MM-DD') as "requestedPayDate", final_required as "finalRequired",
              submitted_by::text as "submittedBy", checked_by::text as "checkedBy",
              to_char(paid_on, 'YYYY-MM-DD') as "paidOn", bank_account_id::text as "bankAccountId"
         from outgoing_payments where id = $1`,
      [id],
    )
  )[0]!;

/** The purchase contract goods money may be paid on: the payee's own, approved and not voided. */
async function purchaseContract(db: Queryable, payment: Payment) {
  const [contract] = await db.query<{
    partnerId: string;
    side: string;
    status: string;
    contractNo: string;
    kind: string;
    tonnage: string;
    tolerancePercent: string;
    fixedTonnage: string;
    fixedPrice: string | null;
    futuresMonth: string | null;
    adders: string;
  }>(
    `select partner_id::text as "partnerId", side, status, contract_no as "contractNo", kind, tonnage::text,
            coalesce(tolerance_percent, 0)::text as "tolerancePercent", fixed_tonnage::text as "fixedTonnage",
            (case when kind not in ('basis', 'deferred') then unit_price
                  when fixed_tonnage > 0
                  then fixed_futures_amount / fixed_tonnage + coalesce(basis, 0) + coalesce(quality_premium, 0)
             end)::text as "fixedPrice",
            futures_month as "futuresMonth", (coalesce(basis, 0) + coalesce(quality_premium, 0))::text as adders
       from transaction_contracts where id = $1`,
    [payment.contractId],
  );
  if (!contract) throw refusedField('contractId', '合同不存在');
  if (contract.side !== 'purchase' || contract.partnerId !== payment.payeeId)
    throw refusedField('contractId', `合同 ${contract.contractNo} 不是该收款方的采购合同`);
  if (!['approved', 'executing', 'completed'].includes(contract.status))
    throw refusedField('contractId', `合同 ${contract.contractNo} 尚未审批或已作废，不能付款`);
  return contract;
}

/** The cap of a goods payment and what the contract's other payments on it take. */
async function goodsCapOf(hook: HookContext, payment: Payment) {
  const contract = await purchaseContract(hook.db, payment);
  const previous = contract.futuresMonth
    ? await previousSettlement(hook.db, contract.futuresMonth, hook.today)
    : undefined;
  const openPrice = previous
    ? new Decimal(previous).plus(contract.adders).toString()
    : await settingOn(hook.db, 'creditValuationPricePerTonne', hook.today);
  const rule = (await settingOn(hook.db, 'toleranceTonnesPrice', hook.today)) as ToleranceTonnesPrice;
  const contractValue = contractPaymentCap({ ...contract, openPrice }, rule);
  const prepayPercent = await settingOn(hook.db, 'purchasePrepayPercent', hook.today);
  // Settlement and received invoices (the settlement area) will pass `settled` and `invoicedNet` here.
  const cap = purchasePaymentCap(payment.purpose, { contractValue, prepayPercent });
  const [counted] = await hook.db.query<{ sum: string }>(
    `select coalesce(sum(amount), 0)::text as sum from outgoing_payments
      where contract_id = $1 and id <> $2 and status in ${COUNTED}
        and (purpose = 'prepayment' or $3 <> 'prepayment')`,
    [payment.contractId, payment.id, payment.purpose],
  );
  const what =
    payment.purpose === 'prepayment' ? `合同 ${contract.contractNo} 的预付款` : `合同 ${contract.contractNo}`;
  return { cap, counted: counted!.sum, what };
}

/** A fee's cap: the fee record's actual amount once invoiced, else its estimate, less its other payments. */
async function feeCapOf(db: Queryable, payment: Payment) {
  const [fee] = await db.query<{ feeNo: string; amount: string | null; payeeId: string | null }>(
    `select fee_no as "feeNo", coalesce(actual_amount, amount)::text as amount, payee_id::text as "payeeId"
       from warehouse_fees where id = $1`,
    [payment.feeId],
  );
  if (!fee) throw refusedField('feeId', '费用记录不存在');
  if (fee.payeeId && fee.payeeId !== payment.payeeId)
    throw refusedField('feeId', `费用 ${fee.feeNo} 的收款方不是本付款的收款方`);
  const [counted] = await db.query<{ sum: string }>(
    `select coalesce(sum(amount), 0)::text as sum from outgoing_payments
      where fee_id = $1 and id <> $2 and status in ${COUNTED}`,
    [payment.feeId, payment.id],
  );
  return { cap: fee.amount ?? '0', counted: counted!.sum, what: `费用 ${fee.feeNo}` };
}

/** A received cost invoice's cap (a package's storage bill): its amount, less its other payments. */
async function invoiceCapOf(db: Queryable, payment: Payment) {
  const [invoice] = await db.query<{ invoiceNo: string; amount: string; sellerId: string; status: string }>(
    `select invoice_no as "invoiceNo", amount::text, seller_id::text as "sellerId", status
       from other_invoices where id = $1`,
    [payment.otherInvoiceId],
  );
  if (!invoice) throw refusedField('otherInvoiceId', '发票不存在');
  if (invoice.sellerId !== payment.payeeId)
    throw refusedField('otherInvoiceId', `发票 ${invoice.invoiceNo} 的开票方不是本付款的收款方`);
  if (invoice.status === 'rejected') throw refusedField('otherInvoiceId', `发票 ${invoice.invoiceNo} 已退回`);
  const [counted] = await db.query<{ sum: string }>(
    `select coalesce(sum(amount), 0)::text as sum from outgoing_payments
      where other_invoice_id = $1 and id <> $2 and status in ${COUNTED}`,
    [payment.otherInvoiceId, payment.id],
  );
  return { cap: invoice.amount, counted: counted!.sum, what: `发票 ${invoice.invoiceNo}` };
}

/** Refuses the payment in words when it would take its source past its cap. */
async function checkCap(hook: HookContext, id: string) {
  const payment = await paymentOf(hook.db, id);
  if (!['draft', 'submitted', 'checked', 'approved', 'paid'].includes(payment.status)) return;
  const capped = isGoodsPurpose(payment.purpose)
    ? await goodsCapOf(hook, payment)
    : payment.feeId
      ? await feeCapOf(hook.db, payment)
      : undefined;
  const found = capped && outgoingCapProblem(capped.counted, payment.amount, capped.cap, capped.what);
  if (found) throw refusedField('amount', found.message);
  const invoice = payment.otherInvoiceId ? await invoiceCapOf(hook.db, payment) : undefined;
  const over = invoice && outgoingCapProblem(invoice.counted, payment.amount, invoice.cap, invoice.what);
  if (over) throw refusedField('amount', over.message);
}

/** At submission: whether the final approval is needed, by the threshold and purposes in force that day. */
async function markFinalRequired(hook: HookContext, payment: Payment) {
  const [day] = await hook.db.query<{ sum: string }>(
    `select coalesce(sum(amount), 0)::text as sum from outgoing_payments
      where payee_id = $1 and requested_pay_date = $2 and status in ('submitted', 'checked', 'approved', 'paid')`,
    [payment.payeeId, payment.requestedPayDate],
  );
  const required = needsFinalApproval(
    day!.sum,
    await settingOn(hook.db, 'paymentFinalApprovalAmount', hook.today),
    payment.purpose,
    purposeList(await settingOn(hook.db, 'paymentFinalApprovalPurposes', hook.today)),
  );
  await hook.db.query('update outgoing_payments set final_required = $2, submitted_by = $3 where id = $1', [
    payment.id,
    required,
    hook.actor.userId,
  ]);
}

/** The check: recorded, and straight on to approved when no final approval is needed. */
async function afterApprove(hook: HookContext, payment: Payment) {
  if (payment.status === 'approved') {
    await hook.db.query('update outgoing_payments set approved_by = $2 where id = $1', [
      payment.id,
      hook.actor.userId,
    ]);
    return;
  }
  await hook.db.query('update outgoing_payments set checked_by = $2 where id = $1', [
    payment.id,
    hook.actor.userId,
  ]);
  if (payment.finalRequired) return;
  await hook.db.query(`update outgoing_payments set status = 'approved' where id = $1`, [payment.id]);
  await recordStep(hook, 'outgoingPayment', payment.id, {
    action: 'skipFinal',
    from: 'checked',
    to: 'approved',
    comment: '未达终审金额且用途无需终审',
  });
}

async function afterPay(hook: HookContext, payment: Payment) {
  if (payment.paidOn! > hook.today) throw refusedField('paidOn', `付款日期不能晚于今天（${hook.today}）`);
  const [account] = await hook.db.query<{ status: string }>(
    'select status from bank_accounts where id = $1',
    [payment.bankAccountId],
  );
  if (account?.status !== 'enabled') throw refusedField('bankAccountId', '付款账户已停用');
  await checkCap(hook, payment.id);
  await hook.db.query('update outgoing_payments set paid_by = $2 where id = $1', [
    payment.id,
    hook.actor.userId,
  ]);
  await postEntry(hook, {
    sourceKind: 'outgoingPayment',
    sourceId: payment.id,
    event: 'paid',
    postedOn: payment.paidOn!,
    lines: outgoingPaymentPaid(payment.purpose, payment.payeeId, payment.amount, payment.bankAccountId),
    memo: payment.paymentNo ?? undefined,
  });
}

export const outgoingPaymentStorage: ResourceStorage = {
  table: 'outgoing_payments',
  clientScope: { names: 'array[t.payee_id]' },
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  submittedBy: 't.submitted_by',
  // At the final approval, the checker may not decide either.
  barredDeciders: `array[t.submitted_by, case when t.status = 'checked' then t.checked_by end]`,
  // The source is locked first: payments saved, submitted or paid on one contract or fee at once are checked
  // against its cap one after the other.
  lockFirst: async (db, id, record) => {
    const number = (value: unknown) => (/^\d{1,18}$/.test(String(value ?? '')) ? String(value) : undefined);
    const stored = number(id)
      ? (
          await db.query<{ c: string | null; f: string | null; i: string | null }>(
            `select contract_id::text as c, fee_id::text as f, other_invoice_id::text as i
               from outgoing_payments where id = $1`,
            [id],
          )
        )[0]
      : undefined;
    const contractId = number(record?.contractId) ?? stored?.c;
    const feeId = number(record?.feeId) ?? stored?.f;
    const invoiceId = number(record?.otherInvoiceId) ?? stored?.i;
    if (invoiceId) await db.query('select id from other_invoices where id = $1 for update', [invoiceId]);
    if (contractId)
      await db.query('select id from transaction_contracts where id = $1 for update', [contractId]);
    if (feeId) await db.query('select id from warehouse_fees where id = $1 for update', [feeId]);
  },
  saveExtra: async (hook, id, record) => {
    const payment = await paymentOf(hook.db, id);
    if (!isGoodsPurpose(payment.purpose) && record.contractId)
      throw refusedField('contractId', '只有预付款、货款和尾款关联采购合同');
    if (isGoodsPurpose(payment.purpose) && payment.otherInvoiceId)
      throw refusedField('otherInvoiceId', '货款不关联费用发票');
    await checkCap(hook, id);
    await hook.db.query(
      `update outgoing_payments set payment_no = 'FK' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
        where id = $1 and payment_no is null`,
      [id, hook.today],
    );
  },
  afterTransition: async (hook, id, action) => {
    const payment = await paymentOf(hook.db, id);
    if (action === 'submit') {
      await checkCap(hook, id);
      await markFinalRequired(hook, payment);
    } else if (action === 'approve') await afterApprove(hook, payment);
    else if (action === 'pay') await afterPay(hook, payment);
    else if (action === 'bankReturn')
      await reverseEvent(hook, { sourceKind: 'outgoingPayment', sourceId: id, event: 'paid' }, 'returned');
    return {};
  },
};
