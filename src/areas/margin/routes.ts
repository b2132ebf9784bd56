// The screens of client margin (/capital/) and its calls (/furRiskManage/marginCall): ClientMargin is the
// ledger, ClientMarginAllot its allotments, ClientMarginBalance the balances per client against the
// requirement (MarginSummary reports them), ClientMarginRelease the applications to withdraw, release or
// move margin, approved in ClientMarginApplyCheck; riskNoticePrint prints a call's notice to the client; the
// risk reports (RiskStatementContract, RiskSaleControlReport, RiskControlMargin, SaleRiskRecord) read them.
import { type BusinessRoute, printPage, shell } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [
  shell('ClientMargin', '/capital/ClientMargin', 'list', 'clientMarginMovement'),
  shell('ClientMarginAllot', '/capital/ClientMarginAllot', 'list', 'clientMarginMovement', { kind: 'allot' }),
  {
    ...shell('ClientMarginBalance', '/capital/ClientMarginBalance', 'list', 'clientMarginBalance'),
    detail: 'ClientMarginBalanceDetail',
  },
  shell(
    'ClientMarginBalanceDetail',
    '/capital/ClientMarginBalance/:id/:name',
    'detail',
    'clientMarginBalance',
  ),
  shell('MarginSummary', '/capital/MarginSummary', 'report', 'clientMarginBalance'),
  shell('ClientMarginRelease', '/capital/ClientMarginRelease', 'list', 'clientMarginApplication'),
  shell(
    'ClientMarginReleaseDetail',
    '/capital/ClientMarginRelease/:id/:name',
    'detail',
    'clientMarginApplication',
  ),
  shell('ClientMarginApplyCheck', '/capital/ClientMarginApplyCheck', 'approval', 'clientMarginApplication'),
  shell('marginCall', '/furRiskManage/marginCall', 'list', 'marginCall'),
  // The risk reports: per contract, per client (exposure; requirement against balance) and the calls' history.
  shell('RiskStatementContract', '/furRiskManage/RiskStatementContract', 'report', 'riskStatementContract'),
  shell('RiskSaleControlReport', '/furRiskManage/RiskSaleControlReport', 'report', 'riskSaleControlRow'),
  shell('RiskControlMargin', '/furRiskManage/RiskControlMargin', 'report', 'riskControlMarginRow'),
  shell('SaleRiskRecord', '/furRiskManage/SaleRiskRecord', 'report', 'saleRiskRecord'),
  // The risk notice to the client of a call: its figures, deadline and forced line.
  printPage('riskNoticePrint', '/pending/riskNoticePrint', {
    resource: 'marginCall',
    document: 'riskNotice',
    templates: 'contractTemplate',
    parties: [
      { role: 'print.ourParty', party: 'tenant' },
      { role: 'print.counterparty', party: 'partnerId' },
    ],
    amount: 'amount',
  }),
];
