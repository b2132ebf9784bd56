// Payments: the money clients pay on their sale contracts, and each client's credit headroom that follows
// from it (limit − receivables − unpriced exposure − margin shortfall).
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { paymentsPart } from './resources.ts';

export { clientPayment } from './resources.ts';

export const paymentsArea = defineArea(area, paymentsPart);
