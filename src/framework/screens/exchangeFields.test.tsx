// Fields of what the exchange accepts (issue 21): a month field suggests the months trading today (the
// instrument lookup, answered by the server from the exchange's rules), a price field steps by the tick.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mockState } from '../../test/msw/fixtures.ts';
import { startMockServer } from '../../test/msw/server.ts';
import { defineResource } from '../resource/index.ts';
import { ResourceForm } from './ResourceForm.tsx';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

const roll = defineResource({
  key: 'testRoll',
  area: 'pur',
  resource: 'testRoll',
  title: 'field.futuresMonth',
  titleField: 'newMonth',
  fields: {
    newMonth: { label: 'field.futuresMonth', type: 'text', exchange: 'month' },
    newMonthPrice: { label: 'field.unitPrice', type: 'money', exchange: 'price' },
  },
  list: { columns: ['newMonth'], filters: [] },
  form: { fields: ['newMonth', 'newMonthPrice'] },
  permissions: {},
});

const instrument = (symbol: string, exchangeSymbol: string, month: string) => ({
  symbol,
  exchangeSymbol,
  month,
  lastTradingDay: `${month}-14`,
  lotTonnes: 5,
  tickYuan: 5,
});

test('a month field offers the months trading today; a price field steps by the tick', async () => {
  mockState.instruments = [
    instrument('CF2701', 'CF701', '2027-01'),
    instrument('CF2703', 'CF703', '2027-03'),
  ];
  renderResource(<ResourceForm decl={roll} open onClose={() => {}} />);
  await waitFor(() => expect(document.querySelector('input#newMonth')).not.toBeNull());
  const month = document.querySelector<HTMLInputElement>('input#newMonth')!;
  await userEvent.type(month, 'cf27');
  expect(await screen.findByText('CF2701 (CF701)')).toBeInTheDocument();
  expect(screen.getByText('CF2703 (CF703)')).toBeInTheDocument();
  expect(screen.queryByText(/CF2611/)).toBeNull();
  await waitFor(() => expect(document.querySelector('input#newMonthPrice')?.getAttribute('step')).toBe('5'));
});
