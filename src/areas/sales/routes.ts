// The screens of the sales area: the spec's routes it renders, each bound to its declaration.
import { type BusinessRoute, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('ClientManage', '/sales/ClientManage', 'list', 'client'),
  shell('ClientManageDetail', '/sales/ClientManage/:id/:name', 'detail', 'client'),
  shell('ClientManageData', '/sales/ClientManageData/:id/:name', 'detail', 'clientData'),
  shell('ClientRelation', '/sales/ClientRelation', 'list', 'clientRelation'),
  shell('ClientRelationDetail', '/sales/ClientRelation/:id/:name', 'detail', 'clientRelation'),
  shell('ClientReserved', '/sales/ClientReserved', 'list', 'clientReservation'),
  shell('ClientReservedDetail', '/sales/ClientReserved/:id/:name', 'detail', 'clientReservation'),
  shell('ClientBook', '/sales/ClientBook', 'list', 'clientBooking'),
  shell('ClientBookDetail', '/sales/ClientBook/:id/:name', 'detail', 'clientBooking'),
  // Bookings awaiting approval; a row opens the booking's detail on the sales desk.
  {
    ...shell('OrderDocCheck', '/salesManage/OrderDocCheck', 'approval', 'clientBooking'),
    detail: 'ClientBookDetail',
  },
];
