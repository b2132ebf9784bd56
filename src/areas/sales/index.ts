// The sales desk: clients and their records, the salesperson serving each, stock reserved for clients and
// clients' bookings with their approval.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { client, clientBooking, clientData, clientRelation, clientReservation } from './resources.ts';

export { client, clientBooking, clientData, clientRelation, clientReservation };

export const salesArea = defineArea(area, {
  resources: [client, clientData, clientRelation, clientReservation, clientBooking],
});
