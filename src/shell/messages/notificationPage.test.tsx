import { fireEvent, screen, waitFor } from '@testing-library/react';
import { mockState } from '../../test/msw/fixtures.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { renderShellPart } from '../testing/renderShellPart.tsx';
import NotificationPage from './NotificationPage.tsx';

startMockServer();

it('lists the notifications by type on its own page and opens a type with a way back', async () => {
  mockState.summaries = [{ messageType: '1000005', unreadCount: 1, updateTime: '2026-11-20 10:00:00' }];
  mockState.messages['1000005'] = [
    { id: 'p1', message: '付款单 **PAY-001** 已审批', readState: 0, createTime: '2026-11-20 10:00:00' },
  ];
  renderShellPart(<NotificationPage />);

  fireEvent.click(await screen.findByText('付款相关'));
  expect(await screen.findByText('PAY-001')).toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: '返回' }));
  await waitFor(() => expect(screen.getByText('付款相关')).toBeInTheDocument());
  expect(screen.queryByText('PAY-001')).not.toBeInTheDocument();
});
