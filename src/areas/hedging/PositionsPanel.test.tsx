// The positions screen follows the desk live: a 7000 frame naming the positions (a trade booked, a fixing
// made anywhere) refetches them, no reload; a frame about other records leaves them alone.
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { SOCKET_TYPE } from '../../shared/api/contract.ts';
import { MessageSocket } from '../../shell/messages/MessageSocket.tsx';
import { renderShellPart } from '../../shell/testing/renderShellPart.tsx';
import { TEST_USER } from '../../test/msw/fixtures.ts';
import { pushSocketFrame, socketLink } from '../../test/msw/handlers.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { POSITIONS_PATH, type PositionsAnswer } from './api.ts';
import { PositionsPanel } from './PositionsPanel.tsx';

startMockServer();

const answer = (longLots: number): PositionsAnswer => {
  const none = {
    unpricedSales: '0',
    unpricedPurchases: '0',
    pricedPhysicalLong: '0',
    futuresNetTonnes: '0',
    netExposure: '0',
    hedgeRatio: null,
    unpricedMtm: null,
    futuresMtm: null,
  };
  return {
    day: '2026-11-23',
    positions: [
      {
        book: 'speculation',
        month: 'CF2605',
        longLots,
        shortLots: 0,
        longAveragePrice: '14000.00',
        shortAveragePrice: null,
        price: null,
        priceDate: null,
        mtm: null,
        realisedPnl: '0.00',
        costs: '0.00',
        netRealisedPnl: '0.00',
        exchangeMarginRate: '5',
        exchangeMargin: null,
      },
    ],
    exposure: [{ month: 'CF2705', ...none, pricedPhysicalLong: '-20.0000', netExposure: '-20.0000' }],
    withoutMonth: { month: '', ...none, pricedPhysicalLong: '-70.0000', netExposure: '-70.0000' },
    stock: { month: '', ...none, pricedPhysicalLong: '200.0000', netExposure: '200.0000' },
    total: { month: '', ...none, pricedPhysicalLong: '110.0000', netExposure: '110.0000' },
    inventoryTonnes: '200.0000',
    byCropYear: [{ group: '2026/27', ...none, pricedPhysicalLong: '130.0000', hedgeRatio: '0.5769' }],
    byTeam: [{ group: '', ...none, pricedPhysicalLong: '100.0000' }],
    hedgeExchangeMargin: null,
    inventoryMark: {
      month: 'CF2605',
      price: '14000.00',
      priceDate: '2026-02-27',
      valuedBatches: 1,
      valuedTonnes: '40.0000',
      unvaluedBatches: 1,
      mtm: '48000.00',
      batches: [
        { batchNo: 'B1', tonnes: '40.0000', unitCost: '14065.00', mtm: '48000.00' },
        { batchNo: 'B9', tonnes: '10.0000', unitCost: null, mtm: null },
      ],
    },
  };
};

it('shows the exposure by crop year and by team, the team-less row named as such', async () => {
  server.use(
    http.post(`*${POSITIONS_PATH}`, () => HttpResponse.json({ code: 200, msg: '', data: answer(3) })),
  );
  renderShellPart(<PositionsPanel />);
  expect(await screen.findByText('2026/27')).toBeInTheDocument();
  expect(screen.getByText('0.5769')).toBeInTheDocument();
  // The team-less row (inventory among it) is named, not left blank.
  const teamless = screen.getByText('100.0000').closest('tr')!;
  expect(teamless.querySelector('td')!.textContent).toMatch(/noTeam|未分组/);
});

it('shows the lines the total adds up: the months, the contracts naming no month and the stock', async () => {
  server.use(
    http.post(`*${POSITIONS_PATH}`, () => HttpResponse.json({ code: 200, msg: '', data: answer(3) })),
  );
  renderShellPart(<PositionsPanel />);
  const label = async (figure: string) =>
    (await screen.findAllByText(figure))[0]!.closest('tr')!.querySelector('td')!.textContent;
  expect(await label('-20.0000')).toBe('CF2705');
  expect(await label('-70.0000')).toMatch(/withoutMonth|未挂钩月份/);
  expect(await label('200.0000')).toMatch(/stockLine|自有库存/);
  expect(await label('110.0000')).toMatch(/total|合计/);
});

it('shows each batch of the mark with its cost, a batch without one blank, not 0.00 (issue 21)', async () => {
  server.use(
    http.post(`*${POSITIONS_PATH}`, () => HttpResponse.json({ code: 200, msg: '', data: answer(3) })),
  );
  renderShellPart(<PositionsPanel />);
  const costed = (await screen.findByText('14065.00')).closest('tr')!;
  expect([...costed.querySelectorAll('td')].map((td) => td.textContent)).toEqual([
    'B1',
    '40.0000',
    '14065.00',
    '48000.00',
  ]);
  const uncosted = screen.getByText('B9').closest('tr')!;
  expect([...uncosted.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['B9', '10.0000', '', '']);
});

it('says a priced month was found when no batch could be valued, not that there is no price', async () => {
  const base = answer(3);
  const unvalued = {
    ...base,
    inventoryMark: {
      ...base.inventoryMark,
      valuedBatches: 0,
      valuedTonnes: '0.0000',
      unvaluedBatches: 2,
      mtm: null,
    },
  };
  server.use(
    http.post(`*${POSITIONS_PATH}`, () => HttpResponse.json({ code: 200, msg: '', data: unvalued })),
  );
  renderShellPart(<PositionsPanel />);
  expect(await screen.findByText(/inventoryMarkUnvalued|均缺成本/)).toBeInTheDocument();
  expect(screen.queryByText(/inventoryMarkNone|没有可用于估值/)).toBeNull();
});

it('refetches the positions when the server says positions changed', async () => {
  let calls = 0;
  let connected = false;
  server.use(
    http.post(`*${POSITIONS_PATH}`, () => {
      calls += 1;
      return HttpResponse.json({ code: 200, msg: '', data: answer(calls === 1 ? 12 : 17) });
    }),
    socketLink.addEventListener('connection', () => {
      connected = true;
    }),
  );
  renderShellPart(
    <>
      <MessageSocket userId={TEST_USER.id} />
      <PositionsPanel />
    </>,
  );
  expect(await screen.findByText('12')).toBeInTheDocument();
  await waitFor(() => expect(connected).toBe(true));
  pushSocketFrame({ messageType: SOCKET_TYPE.dataChanged, changed: ['pri/Partner'] });
  pushSocketFrame({ messageType: SOCKET_TYPE.dataChanged, changed: ['pending/TradeTotal'] });
  expect(await screen.findByText('17')).toBeInTheDocument();
  expect(calls).toBe(2);
});
