// The dictionaries of the sales desk's declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries } from '../../framework/resource/area.ts';

export const SALES_DICTIONARIES: Dictionaries = {
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
