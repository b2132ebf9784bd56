// The hedging area's own parts as a user sees them: a trade's close-outs with the P&L of each lot under
// the method in effect, and the statement import offered only to holders of the import right.
import { screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { renderResource } from '../../framework/screens/testing/render.tsx';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { StatementImportButton, TradeCloseOuts } from './StatementScreens.tsx';
import { CLOSE_OUTS_PATH, futuresStatement, type TradeCloseOutsAnswer } from './statements.ts';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

test("a closing trade's detail shows each lot closed with its realised P&L per lot", async () => {
  const answer: TradeCloseOutsAnswer = {
    method: 'lifo',
    openLots: 0,
    closeOuts: [
      {
        tradeId: '2',
        tradeNo: 'QH2026112300002',
        role: 'closed',
        lots: 3,
        openPrice: '15100.00',
        closePrice: '15200.00',
        realisedPnl: '1500.00',
        perLot: '500.00',
      },
    ],
  };
  server.use(http.post(CLOSE_OUTS_PATH, () => HttpResponse.json({ code: 200, msg: '', data: answer })));
  renderResource(<TradeCloseOuts record={{ id: '3' }} />);
  expect(await screen.findByText('QH2026112300002')).toBeInTheDocument();
  expect(screen.getByText('平仓配对（后进先出）')).toBeInTheDocument();
  expect(screen.getByText('本笔平掉')).toBeInTheDocument();
  expect(screen.getByText('1,500.00')).toBeInTheDocument();
  expect(screen.getByText('500.00')).toBeInTheDocument();
});

test('the statement import is offered to holders of the import right only', async () => {
  mockState.privileges.futuresStatement = ['view', 'import'];
  const { unmount } = renderResource(<StatementImportButton decl={futuresStatement} />);
  expect(await screen.findByRole('button', { name: /导入对账单/ })).toBeInTheDocument();
  unmount();
  mockState.privileges.futuresStatement = ['view'];
  renderResource(<StatementImportButton decl={futuresStatement} />);
  await new Promise((resolve) => setTimeout(resolve, 500));
  expect(screen.queryByRole('button', { name: /导入对账单/ })).not.toBeInTheDocument();
});
