// The dictionaries of the inventory views, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries } from '../../framework/resource/area.ts';

/** Whether a batch can be offered now: in stock and not booked out, or why not. */
export const INVENTORY_DICTIONARIES: Dictionaries = {
  stockAvailability: entries([
    ['available', '可售'],
    ['booked', '已预约出库'],
    ['reserved', '已预留'],
    ['pledged', '已质押'],
    ['receipted', '已注册仓单'],
    ['inTransit', '在途'],
    ['sold', '已售未出库'],
    ['out', '已出库'],
  ]),
};
