// Every business area of the server, listed once, in the client's order (src/areas/index.ts); the
// composition root serves them. A test may compose fewer (access is what logging in needs).
import type { ServerArea } from '../platform/resources/area.ts';
import { access } from './access/index.ts';
import { contracts } from './contracts/index.ts';
import { hedging } from './hedging/index.ts';
import { inventory } from './inventory/index.ts';
import { logistics } from './logistics/index.ts';
import { margin } from './margin/index.ts';
import { partners } from './partners/index.ts';
import { payments } from './payments/index.ts';
import { pricing } from './pricing/index.ts';
import { receipts } from './receipts/index.ts';
import { reports } from './reports/index.ts';
import { risk } from './risk/index.ts';
import { sales } from './sales/index.ts';
import { settings } from './settings/index.ts';
import { warehouse } from './warehouse/index.ts';

export const SERVER_AREAS: readonly ServerArea[] = [
  access,
  settings,
  partners,
  warehouse,
  receipts,
  logistics,
  contracts,
  inventory,
  sales,
  pricing,
  payments,
  margin,
  hedging,
  risk,
  reports,
];
