import { screen } from '@testing-library/react';
import { renderShellPart } from '../testing/renderShellPart.tsx';
import LargeDataScreenPage from './LargeDataScreenPage.tsx';

it('shows the fiscal year, the period it covers and says it has no data yet', () => {
  renderShellPart(<LargeDataScreenPage />, { route: '/largeDataScreen?fiscalYear=2027' });
  expect(screen.getByRole('heading', { name: '2027 财年' })).toBeInTheDocument();
  expect(screen.getByText('统计期间：2026-10-01 至 2027-09-30')).toBeInTheDocument();
  expect(screen.getByText('本财年的经营数据尚未接入大屏，暂无可展示的数据')).toBeInTheDocument();
});

it.each(['', '?fiscalYear=abc', '?fiscalYear=20270'])(
  'asks for a fiscal year when the query is %j',
  (query) => {
    renderShellPart(<LargeDataScreenPage />, { route: `/largeDataScreen${query}` });
    expect(screen.getByText(/未指定有效的财年/)).toBeInTheDocument();
    expect(screen.queryByText(/统计期间/)).toBeNull();
  },
);
