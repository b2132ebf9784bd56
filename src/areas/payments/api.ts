// The call answering a client's credit (shown wherever a sale, a reservation or a release is decided).
import type { ClientCredit } from '../../domain/credit.ts';

export const CLIENT_CREDIT_PATH = '/api/sales/clientCredit';

export interface ClientCreditAnswer extends ClientCredit {
  partnerId: string;
  partnerName: string;
}
