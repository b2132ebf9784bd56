// Payments: clients' payments on their sales, and the credit headroom shown where a sale, a reservation or a
// release is decided: the area's manifest, what the app knows of it before loading it (listed in
// src/areas/index.ts).
import type { AreaManifest } from '../../framework/resource/area.ts';
import { PAYMENTS_DICTIONARIES } from './dictionaries.ts';
import { routes } from './routes.ts';

const credit = () => import(/* webpackChunkName: "area-payments" */ './CreditParts.tsx');

/** A client's credit under the form and the detail of a record naming the client. */
const creditOf = (part: 'saleCredit' | 'reservationCredit' | 'releaseCredit') => ({
  detailParts: () => credit().then((m) => m[part].detailParts),
  formParts: () => credit().then((m) => m[part].formParts),
});

export const area: AreaManifest = {
  key: 'payments',
  routes,
  dictionaries: PAYMENTS_DICTIONARIES,
  declarations: () =>
    import(/* webpackChunkName: "area-payments" */ './index.ts').then((m) => m.paymentsArea),
  parts: {
    transactionContract: creditOf('saleCredit'),
    clientReservation: creditOf('reservationCredit'),
    outboundAppointment: creditOf('releaseCredit'),
    clientPayment: creditOf('releaseCredit'),
  },
};
