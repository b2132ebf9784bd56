// The profit report screen: the grouping's rows with the totals row the server sums, the spm layout from the
// tenant's data, and a row opening the settled batches it sums.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { initI18n } from '../../app/i18n.ts';
import { renderShellPart } from '../../shell/testing/renderShellPart.tsx';
import { server, startMockServer } from '../../test/msw/server.ts';
import { profitPage } from './ProfitReport.tsx';
import { PROFIT_LINES_PATH, PROFIT_PATH, type ProfitAnswer, type ProfitLinesAnswer } from './profitApi.ts';

startMockServer();

beforeAll(async () => {
  await initI18n();
  await i18next.loadNamespaces('costing');
  await i18next.changeLanguage('en');
});

const figures = {
  tonnes: '39.876',
  revenueExcl: '572531.56',
  settledAmount: '624059.40',
  costBeforeHedge: '546465.40',
  hedgePnl: '-15950.40',
  cost: '562415.80',
  grossProfit: '10115.76',
  uncosted: 0,
};

const answer: ProfitAnswer = {
  day: '2026-03-03',
  grouping: 'contract',
  records: [
    {
      key: '7',
      label: 'XS1',
      contractNo: 'XS1',
      partnerName: '赵敏的棉纺',
      salespersonName: '赵敏',
      settleDate: '2026-03-03',
      batches: 1,
      gpPerTonne: '253.68',
      ...figures,
    },
  ],
  total: 1,
  totals: { ...figures, batches: 1, gpPerTonne: '253.68', collectedAmount: '0.00', profitCollected: '0.00' },
};

const lines: ProfitLinesAnswer = {
  day: '2026-03-03',
  key: '7',
  lines: [
    {
      ...figures,
      batchNo: 'P2602',
      settlementNos: ['JS1'],
      settleDate: '2026-03-03',
      contractId: '7',
      contractNo: 'XS1',
      partnerId: '3',
      partnerName: '赵敏的棉纺',
      salespersonId: '5',
      salespersonName: '赵敏',
      team: '销售部',
      cropYear: '2025/26',
      month: '2026-03',
      fiscalYear: 2026,
      unitCost: '14104.12',
      gpPerTonne: '253.68',
    },
  ],
  totals: answer.totals,
};

test('shows each contract’s GP with the totals row, and opens the settled batches it sums', async () => {
  const asked: Record<string, string>[] = [];
  server.use(
    http.post(`*${PROFIT_PATH}`, async ({ request }) => {
      // Form-encoded, as every call.
      asked.push(Object.fromEntries(new URLSearchParams(await request.text())));
      return HttpResponse.json({ code: 200, msg: '', data: answer });
    }),
    http.post(`*${PROFIT_LINES_PATH}`, () => HttpResponse.json({ code: 200, msg: '', data: lines })),
  );
  const Page = profitPage('CostAndProft');
  renderShellPart(<Page />);
  const row = await screen.findByRole('button', { name: 'XS1' });
  expect(asked[0]).toMatchObject({ report: 'CostAndProft', page_no: '1' });
  expect(screen.getByRole('columnheader', { name: 'Gross profit' })).toBeInTheDocument();
  expect(screen.getAllByText('10,115.76').length).toBeGreaterThanOrEqual(2);
  expect(screen.getAllByText('-15,950.40').length).toBeGreaterThanOrEqual(2);
  fireEvent.click(row);
  const drawer = await screen.findByRole('dialog');
  await waitFor(() => expect(within(drawer).getByText('P2602')).toBeInTheDocument());
  expect(within(drawer).getByText('14,104.12')).toBeInTheDocument();
});
