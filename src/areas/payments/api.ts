// The call answering a client's credit (shown wherever a sale, a reservation or a release is decided).
import type { ClientCredit } from '../../domain/credit.ts';

export const CLIENT_CREDIT_PATH = '/api/sales/clientCredit';

/**
 * Whoever views one of these resources (the client, a sale, a reservation, a payment) reads the credit of
 * the clients they reach; the screens ask the call only then.
 */
export const CREDIT_READ_ON = [
  'client',
  'transactionContract',
  'clientReservation',
  'clientPayment',
] as const;

export interface ClientCreditAnswer extends ClientCredit {
  partnerId: string;
  partnerName: string;
}
