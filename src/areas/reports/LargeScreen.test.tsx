import { screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { initI18n } from '../../app/i18n.ts';
import { renderShellPart } from '../../shell/testing/renderShellPart.tsx';
import { server, startMockServer } from '../../test/msw/server.ts';
import { LARGE_SCREEN_PATH, type LargeScreenAnswer } from './api.ts';
import LargeScreen from './LargeScreen.tsx';

startMockServer();

// The app loads the reports area's words with the page (src/app/routeTree.tsx).
beforeAll(async () => {
  await initI18n();
  await i18next.loadNamespaces('reports');
});

const FIGURES: LargeScreenAnswer = {
  fiscalYear: 2027,
  start: '2026-10-01',
  end: '2027-09-30',
  contracts: {
    months: ['2026-10', '2026-11'],
    purchaseTonnes: ['150.75', '0'],
    saleTonnes: ['0', '80'],
    purchaseTotal: '150.75',
    saleTotal: '80',
    count: 3,
  },
  stock: { warehouses: [{ name: '中储棉库尔勒库', tonnes: '60.1234' }], total: '60.1234' },
  prices: null,
};

function answering(figures: LargeScreenAnswer) {
  const asked: string[] = [];
  server.use(
    http.post(`*${LARGE_SCREEN_PATH}`, async ({ request }) => {
      asked.push(await request.text());
      return HttpResponse.json({ code: 200, msg: 'success', data: figures });
    }),
  );
  return asked;
}

it('shows the fiscal year, its totals and charts in words, and says which part the user may not see', async () => {
  const asked = answering(FIGURES);
  renderShellPart(<LargeScreen />, { route: '/largeDataScreen?fiscalYear=2027' });
  expect(screen.getByRole('heading', { name: '2027 财年' })).toBeInTheDocument();
  expect(screen.getByText('统计期间：2026-10-01 至 2027-09-30')).toBeInTheDocument();
  expect(await screen.findByText('150.7500')).toBeInTheDocument();
  expect(asked).toEqual(['fiscalYear=2027']);
  const stock = await screen.findByRole('figure', { name: '各仓库当前库存（吨）' });
  await waitFor(() => expect(stock.textContent).toContain('中储棉库尔勒库'));
  expect(stock.textContent).toContain('60.1234');
  const months = screen.getByRole('figure', { name: '各月签订的购销合同吨数' });
  await waitFor(() => expect(months.textContent).toContain('2026-11'));
  expect(months.textContent).toContain('80.0000');
  expect(screen.getByText('您的权限不包含这部分数据的全部记录，此处不显示')).toBeInTheDocument();
});

it.each(['', '?fiscalYear=abc', '?fiscalYear=20270'])(
  'asks for a fiscal year when the query is %j',
  (query) => {
    const asked = answering(FIGURES);
    renderShellPart(<LargeScreen />, { route: `/largeDataScreen${query}` });
    expect(screen.getByText(/未指定有效的财年/)).toBeInTheDocument();
    expect(screen.queryByText(/统计期间/)).toBeNull();
    expect(asked).toEqual([]);
  },
);
