// RiskControlReport on the server: the hedging area's team positions (its view futures_team_positions, per
// account team, book and month, valued at the month's latest price) read as they are, with the net tonnes
// of the open lots (the lot size of the setting futuresLotTonnes on the business day). Read only.
import { BUSINESS_DAY } from '../../platform/db/index.ts';
import type { ResourceStorage } from '../../platform/resources/storage.ts';

export const riskControlStorage: ResourceStorage = {
  table: 'futures_team_positions',
  columns: {
    futuresMonth: { read: 't.futures_month' },
    netTonnes: {
      read: `setting_on('futuresLotTonnes', ${BUSINESS_DAY})::numeric * (t.long_lots - t.short_lots)`,
    },
  },
};
