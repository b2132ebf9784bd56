// Clients' payments on the server: a payment names one of its client's sale contracts (a provisional payment
// only a deferred-pricing one), is approved by someone other than its submitter, and counts from its receipt
// until reversed. Receipt and reversal are told to the areas that read paid money (PAYMENT_CHANGED: the
// margin requirement), in the same transaction.
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { tookLastStep } from '../../platform/resources/history.ts';
import type { HookContext, ResourceStorage } from '../../platform/resources/storage.ts';

/** The event a payment received or reversed sends out: the client's requirement and calls are reassessed. */
export const PAYMENT_CHANGED = 'paymentChanged';

export interface PaymentChanged {
  partnerId: string;
  contractId: string;
}

const SALESPERSON = '(select r.salesperson_id from client_relations r where r.client_id = t.partner_id)';

const refuse = (field: string, message: string) => badRequest(message, { fields: { [field]: message } });

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
  if (!contract) throw refuse('contractId', '合同不存在');
  if (contract.partnerId !== String(record.partnerId) || contract.side !== 'sale')
    throw refuse('contractId', `合同 ${contract.contractNo} 不是该客户的销售合同`);
  if (!['approved', 'executing', 'completed'].includes(contract.status))
    throw refuse('contractId', `合同 ${contract.contractNo} 尚未审批或已作废，不能登记收款`);
  if (record.kind === 'provisional' && contract.kind !== 'deferred')
    throw refuse('kind', `临时货款只用于延期点价合同，合同 ${contract.contractNo} 请登记为货款`);
}

const paymentOf = async (db: Queryable, id: string) =>
  (
    await db.query<{ partnerId: string; contractId: string; paymentNo: string }>(
      `select partner_id::text as "partnerId", contract_id::text as "contractId", payment_no as "paymentNo"
         from client_payments where id = $1`,
      [id],
    )
  )[0]!;

/** Four eyes: the submitter does not approve their own payment. */
async function checkApprover(hook: HookContext, id: string) {
  if (await tookLastStep(hook, 'clientPayment', id, 'submit'))
    throw badRequest('不能审批自己提交的收款，请由其他审批人审批');
}

export const paymentStorage: ResourceStorage = {
  table: 'client_payments',
  clientScope: 'partner_id',
  columns: { salespersonId: { read: SALESPERSON } },
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  saveExtra: async (hook, id, record) => {
    await checkContract(hook.db, record);
    await hook.db.query(
      `update client_payments set payment_no = 'SK' || to_char($2::date, 'YYYYMMDD') || lpad(id::text, 5, '0')
        where id = $1 and payment_no is null`,
      [id, hook.today],
    );
  },
  afterTransition: async (hook, id, action) => {
    if (action === 'approve') await checkApprover(hook, id);
    if (action !== 'receive' && action !== 'reverse') return {};
    const payment = await paymentOf(hook.db, id);
    const changed: PaymentChanged = { partnerId: payment.partnerId, contractId: payment.contractId };
    await hook.emit?.(PAYMENT_CHANGED, changed);
    return {};
  },
};
