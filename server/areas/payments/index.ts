// Payments on the server: clients' payments on their sale contracts and each client's credit headroom,
// which the contract approval rule asks (CREDIT_HEADROOM), the screens deciding a sale, a
// reservation or a release show (CLIENT_CREDIT_PATH), and a reservation or a release of goods may not take
// past the limit at the desk (creditGuard).
import path from 'node:path';
import { paymentsArea } from '../../../src/areas/payments/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import type { HookContext } from '../../platform/resources/storage.ts';
import { CREDIT_HEADROOM, type CreditHeadroomQuery } from '../contracts/index.ts';
import { GOODS_OUT, type GoodsOut } from '../warehouse/index.ts';
import { clientCreditOf, creditCalls, creditGuard } from './credit.ts';
import { paymentsDemo } from './demo.ts';
import { paymentStorage } from './payments.ts';

export { clientCreditOf, creditGuard } from './credit.ts';
export { PAYMENT_CHANGED, type PaymentChanged } from './payments.ts';

/** Goods out to a client: refused at the desk when they take the client past its limit (issue 21). */
const onGoodsOut = (hook: HookContext, out: GoodsOut) =>
  creditGuard(hook, out.partnerId, `出库批号 ${out.batchNo}（预约 ${out.appointmentNo}）`);

const SCREEN = 'ClientPaymentApply';
const on = (permissions: string[]): RoleGrant[] => [{ scope: SCREEN, permissions }];

export const payments = defineServerArea({
  key: 'payments',
  declarations: paymentsArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  calls: creditCalls,
  demo: paymentsDemo,
  reactions: { [GOODS_OUT]: onGoodsOut },
  answers: {
    [CREDIT_HEADROOM]: async (hook, { partnerId, day, leaving }: CreditHeadroomQuery) =>
      (await clientCreditOf(hook.db, partnerId, day, leaving)).headroom,
  },
  parts: [
    {
      migration: '043_client_payments.sql',
      storage: { clientPayment: paymentStorage },
      referenceNames: { clientPayment: { table: 'client_payments', column: 'payment_no' } },
      // Finance approves, confirms receipt, reconciles and reverses; the sales desk registers its clients'
      // payments and submits them; risk and the trading desk read them.
      grants: {
        finance: on([
          'view',
          'create',
          'edit',
          'delete',
          'export',
          'submit',
          'approve',
          'confirm',
          'complete',
          'void',
        ]),
        sales: on(['view', 'create', 'edit', 'delete', 'export', 'submit']),
        risk: on(['view', 'export']),
        trader: on(['view', 'export']),
      },
    },
    {
      migration: '230_client_pay_check.sql',
      storage: {},
      // Finance decides the submitted payments in their queue (ClientPayCheck), never its own submissions.
      grants: {
        finance: [
          { scope: 'ClientPayCheck', permissions: ['view', 'export', 'approve'] },
          { scope: 'ClientPayCheckDetail', permissions: ['view', 'export', 'approve'] },
        ],
      },
    },
    {
      migration: '233_receipt_print.sql',
      storage: {},
      // Whoever reads a client payment prints its receipt (the page needs only view on clientPayment).
      grants: {},
    },
    {
      migration: '049_credit_guards.sql',
      storage: {},
      // Risk decides the reservations and releases the desk may not make past a client's limit.
      grants: {
        risk: [
          { scope: 'ClientReserved', permissions: ['view', 'edit'] },
          { scope: 'QmYyXx', permissions: ['view', 'complete'] },
        ],
      },
    },
  ],
});
