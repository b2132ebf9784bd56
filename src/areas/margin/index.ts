// Client margin: the margin accounts' ledger and balances, applications to withdraw or move margin, calls,
// and the risk reports over them.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';
import { marginPart } from './resources.ts';
import { riskReportsPart } from './riskReports.ts';

export {
  clientMarginApplication,
  clientMarginBalance,
  clientMarginContract,
  clientMarginMovement,
  marginCall,
} from './resources.ts';
export {
  riskControlMarginRow,
  riskSaleControlRow,
  riskStatementContract,
  saleRiskRecord,
} from './riskReports.ts';

export const marginArea = defineArea(area, marginPart, riskReportsPart);
