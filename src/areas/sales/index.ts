// The sales desk: clients and their records, the salesperson serving each, stock reserved for clients and
// clients' bookings with their approval.
import { type Dictionaries, defineArea, entries } from '../../framework/resource/area.ts';
import { client, clientBooking, clientData, clientRelation, clientReservation } from './resources.ts';

export { client, clientBooking, clientData, clientRelation, clientReservation };

const SALES_DICTIONARIES: Dictionaries = {
  reservationState: entries([
    ['draft', '草稿'],
    ['reserved', '已预留'],
    ['released', '已释放'],
    ['cancelled', '已取消'],
    ['expired', '已过期'],
  ]),
  clientDocumentKind: entries([
    ['licence', '营业执照'],
    ['taxRegistration', '税务登记'],
    ['creditReport', '资信报告'],
    ['frameworkAgreement', '框架协议'],
    ['authorisation', '授权委托书'],
    ['other', '其他'],
  ]),
};

export const salesArea = defineArea('sales', {
  resources: [client, clientData, clientRelation, clientReservation, clientBooking],
  dictionaries: SALES_DICTIONARIES,
});
