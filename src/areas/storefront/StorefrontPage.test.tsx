// The storefront as a client's buyer reads the outcome of a request and the house's help: a rejected request
// says why, an expired one too; the published help articles are listed in the house's order and open as
// rendered markdown (never raw HTML).
import { fireEvent, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { renderShellPart } from '../../shell/testing/renderShellPart.tsx';
import { server, startMockServer } from '../../test/msw/server.ts';
import { type HelpArticle, type PurchaseRequest, STOREFRONT_PATHS } from './api.ts';
import StorefrontPage from './StorefrontPage.tsx';

startMockServer();

const request = (status: string, reason: string | null): PurchaseRequest => ({
  id: status,
  requestNo: `CGSQ-${status}`,
  packageNo: 'ZYB001',
  name: '北疆机采',
  tonnes: '126.450',
  amount: '1957446.00',
  status,
  contractNo: null,
  createdAt: '2026-11-23 16:00:00',
  reason,
  decidedAt: reason ? '2026-11-23 16:20:00' : null,
});

const HELP: HelpArticle[] = [
  { id: '2', title: '授信说明', body: '授信额度由 **销售** 设定<script>alert(1)</script>' },
  { id: '1', title: '如何申请采购', body: '1. 加入购物车' },
];

beforeEach(() => {
  const ok = (data: unknown) => () => HttpResponse.json({ code: 200, msg: '', data });
  server.use(
    http.post(`*${STOREFRONT_PATHS.search}`, ok({ records: [], total: 0, pages: 0, size: 15 })),
    http.post(`*${STOREFRONT_PATHS.cart}`, ok([])),
    http.post(
      `*${STOREFRONT_PATHS.requests}`,
      ok([request('rejected', '该批已另行安排给长期客户'), request('submitted', null)]),
    ),
    http.post(`*${STOREFRONT_PATHS.help}`, ok(HELP)),
  );
});

it('shows why a request was rejected, and the house’s help rendered from markdown', async () => {
  renderShellPart(<StorefrontPage />);
  expect(await screen.findByText('原因：该批已另行安排给长期客户')).toBeInTheDocument();
  expect(screen.getAllByText(/^原因：/)).toHaveLength(1);
  const titles = await screen.findAllByText(/授信说明|如何申请采购/);
  expect(titles.map((title) => title.textContent)).toEqual(['授信说明', '如何申请采购']);
  fireEvent.click(titles[0]!);
  const strong = await screen.findByText('销售');
  expect(strong.tagName).toBe('STRONG');
  expect(document.querySelector('script')).toBeNull();
});
