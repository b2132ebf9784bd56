// The allocations of a trade's lots as the desk sees them: under a contract, the trades allocated to it with
// their lots (asked for by the contract); nothing at all when the contract has none, or to a user who may not
// read them (no call the server refuses).
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { resourcePath } from '../../framework/resource/index.ts';
import { renderResource } from '../../framework/screens/testing/render.tsx';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { ContractAllocations } from './Allocations.tsx';
import { futuresAllocation } from './resources.ts';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });
// The desk reads the allocations; a user who may not (sales, finance) is never asked about them.
beforeEach(() => {
  mockState.privileges.futuresAllocation = ['view'];
});

const page = (records: Record<string, unknown>[]) => ({
  code: 200,
  msg: '',
  data: { records, total: records.length, size: 200, current: 1, pages: 1 },
});

test("a contract's detail lists the trades allocated to it, asked for by its id", async () => {
  let asked = '';
  server.use(
    http.post(`*${resourcePath(futuresAllocation, 'list')}`, async ({ request }) => {
      asked = new URLSearchParams(await request.text()).get('contractId') ?? '';
      return HttpResponse.json(
        page([
          {
            id: '1',
            tradeId: '7',
            tradeIdName: 'QH2026112300007',
            futuresMonth: 'CF2705',
            target: 'contract',
            contractId: '5',
            lots: 6,
            createdAt: '2026-11-23 10:00:00',
          },
        ]),
      );
    }),
  );
  renderResource(<ContractAllocations record={{ id: '5' }} />);
  expect(await screen.findByText('QH2026112300007')).toBeInTheDocument();
  expect(screen.getByText('CF2705')).toBeInTheDocument();
  expect(screen.getByText('6')).toBeInTheDocument();
  expect(asked).toBe('5');
});

test('a contract without allocations shows no allocation card', async () => {
  let calls = 0;
  server.use(
    http.post(`*${resourcePath(futuresAllocation, 'list')}`, () => {
      calls += 1;
      return HttpResponse.json(page([]));
    }),
  );
  const { container } = renderResource(<ContractAllocations record={{ id: '6' }} />);
  await vi.waitFor(() => expect(calls).toBe(1));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(container.querySelector('.ant-card')).toBeNull();
});

test('a user who may not read allocations is not asked about them (no 暂无权限 on a contract)', async () => {
  mockState.privileges = { transactionContract: ['view'] };
  let calls = 0;
  server.use(
    http.post(`*${resourcePath(futuresAllocation, 'list')}`, () => {
      calls += 1;
      return HttpResponse.json({ code: 403, msg: '暂无权限' });
    }),
  );
  const { container } = renderResource(<ContractAllocations record={{ id: '6' }} />);
  await vi.waitFor(() =>
    expect(mockState.calls.some((call) => call.body.get('moduleCode') === 'futuresAllocation')).toBe(true),
  );
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(calls).toBe(0);
  expect(container.querySelector('.ant-card')).toBeNull();
  expect(screen.queryByText('暂无权限')).not.toBeInTheDocument();
});
