// The sales desk: clients and their records, the salesperson serving each, stock reserved for clients and
// clients' bookings with their approval.
import { defineArea } from '../../framework/resource/area.ts';
import { SALES_DICTIONARIES } from './dictionaries.ts';
import { client, clientBooking, clientData, clientRelation, clientReservation } from './resources.ts';

export { client, clientBooking, clientData, clientRelation, clientReservation };

export const salesArea = defineArea('sales', {
  resources: [client, clientData, clientRelation, clientReservation, clientBooking],
  dictionaries: SALES_DICTIONARIES,
});
