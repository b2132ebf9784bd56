// The dictionaries of the logistics declarations, with their seed entries. Light data: it imports no
// declaration, so every screen can have these seeds without loading the area (its manifest, area.ts).

import { type Dictionaries, entries } from '../../framework/resource/area.ts';

export const LOGISTICS_DICTIONARIES: Dictionaries = {
  dispatchStationKind: entries([
    ['rail', '铁路'],
    ['road', '公路'],
    ['both', '铁路和公路'],
  ]),
  transportMode: entries([
    ['rail', '铁路'],
    ['road', '公路'],
  ]),
  movementMode: entries([
    ['shortHaul', '短倒'],
    ['rail', '铁路'],
    ['road', '公路'],
    ['transfer', '移库'],
  ]),
  movementState: entries([
    ['planned', '计划'],
    ['inTransit', '在途'],
    ['arrived', '已到达'],
    ['cancelled', '已取消'],
  ]),
};
