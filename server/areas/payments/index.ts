// Payments on the server: clients' payments on their sale contracts and each client's credit headroom,
// which the contract approval rule checks (contracts' creditSource) and the screens deciding a sale, a
// reservation or a release show (CLIENT_CREDIT_PATH).
import path from 'node:path';
import { paymentsArea } from '../../../src/areas/payments/index.ts';
import { defineServerArea, type RoleGrant } from '../../platform/resources/area.ts';
import { creditSource } from '../contracts/index.ts';
import { clientCreditOf, creditCalls } from './credit.ts';
import { paymentsDemo } from './demo.ts';
import { paymentStorage } from './payments.ts';

export { clientCreditOf } from './credit.ts';
export { PAYMENT_CHANGED, type PaymentChanged } from './payments.ts';

creditSource.headroom = async (db, { partnerId, day, leaving }) =>
  (await clientCreditOf(db, partnerId, day, leaving)).headroom;

const SCREEN = 'ClientPaymentApply';
const on = (permissions: string[]): RoleGrant[] => [{ scope: SCREEN, permissions }];

export const payments = defineServerArea({
  key: 'payments',
  declarations: paymentsArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  calls: creditCalls,
  demo: paymentsDemo,
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
  ],
});
