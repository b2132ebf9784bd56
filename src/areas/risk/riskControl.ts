// RiskControlReport (/furRiskManage/RiskControlReport): the futures exposure and MTM of each team by CF month,
// read from the hedging area's team positions (its view of the trades by account team, valued at the month's
// latest price) — nothing recomputed here: open lots, net tonnes (5 t a lot) and P&L, grouped by month and
// team with totals, exported and charted by the shared report screen. The physical side of the exposure,
// which has no team, stays with the desk's positions (TradeTotal).

import type { AreaPart } from '../../framework/resource/area.ts';
import { defineResource } from '../../framework/resource/index.ts';

export const riskControlRow = defineResource({
  key: 'riskControlRow',
  area: 'furRiskManage',
  resource: 'RiskControlReport',
  title: 'risk:route.RiskControlReport',
  titleField: 'team',
  fields: {
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    team: { type: 'text', readOnly: true },
    book: { type: 'enum', dictionary: 'futuresBook', readOnly: true },
    longLots: { type: 'integer', readOnly: true },
    shortLots: { type: 'integer', readOnly: true },
    netTonnes: { type: 'weight', readOnly: true },
    price: { type: 'money', readOnly: true },
    priceDate: { type: 'date', readOnly: true },
    pnl: { type: 'money', readOnly: true },
  },
  list: {
    columns: [
      'futuresMonth',
      'team',
      'book',
      'longLots',
      'shortLots',
      'netTonnes',
      'price',
      'priceDate',
      'pnl',
    ],
    filters: [{ field: 'futuresMonth', op: 'eq' }, 'team', 'book'],
    defaultSort: { field: 'futuresMonth', order: 'asc' },
    totals: ['longLots', 'shortLots', 'netTonnes', 'pnl'],
  },
  report: {
    groupBy: ['futuresMonth', 'team'],
    totals: ['longLots', 'shortLots', 'netTonnes', 'pnl'],
    chart: true,
  },
  permissions: { view: 'view', export: 'export' },
});

export const riskControlPart: AreaPart = { resources: [riskControlRow] };
