// The risk reports on the server: the views of migration 041 read as they are (read only), each bound to the
// client it concerns, so a salesperson serving only their own clients reads only those clients' rows.
import type { ResourceStorage } from '../../platform/resources/storage.ts';

export const riskStatementStorage: ResourceStorage = {
  table: 'risk_contract_statements',
  clientScope: 'partner_id',
};

export const riskClientStorage: ResourceStorage = {
  table: 'risk_client_positions',
  clientScope: 'partner_id',
};

export const riskRecordStorage: ResourceStorage = { table: 'risk_records', clientScope: 'partner_id' };
