// The price import's drawer against a mocked server: the file goes to the importPrices command as base64
// with its name, first as a preview; every bad row is listed and the import cannot be confirmed; a clean
// preview lists each row's action and may be confirmed, which sends the same file without preview.
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { HttpResponse, http } from 'msw';
import { initI18n } from '../../app/i18n.ts';
import { renderResource } from '../../framework/screens/testing/render.tsx';
import { PATHS } from '../../shared/api/contract.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { PriceImportButton } from './PriceImport.tsx';
import { futuresPrice } from './resources.ts';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

const row = (line: number, month: string, action: string) => ({
  line,
  tradeDate: '2026-11-20',
  futuresMonth: month.slice(0, 6),
  month,
  action,
  lastPrice: '14860.00',
  settlementPrice: '14845.00',
  openPrice: '14805.00',
  highPrice: '14900.00',
  lowPrice: '14790.00',
  closePrice: '14860.00',
  volume: 12345,
  openInterest: 98765,
  effects: '',
});

const counts = { imported: 2, added: 1, replaced: 0, unchanged: 1, skipped: 3 };

function answering(result: (form: URLSearchParams) => object) {
  const calls: URLSearchParams[] = [];
  server.use(
    http.post('/api/pending/FuturesPrice/importPrices', async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      calls.push(form);
      return HttpResponse.json(result(form));
    }),
  );
  return calls;
}

async function open() {
  await initI18n('zh-chs');
  await i18next.loadNamespaces('pricing');
  mockState.privileges.futuresPrice = ['view', 'import'];
  renderResource(<PriceImportButton decl={futuresPrice} />);
  await userEvent.click(await screen.findByRole('button', { name: /导入行情/ }));
  const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
  await userEvent.upload(
    input,
    new File(['品种月份,今结算\nCF701,14845'], '20261120.csv', { type: 'text/csv' }),
  );
  await screen.findByText('20261120.csv');
}

const button = (name: RegExp) => screen.getByRole('button', { name }) as HTMLButtonElement;

test('lists every bad row of the preview and does not let the file be imported', async () => {
  const calls = answering(() => ({
    code: 200,
    msg: '文件中有 2 行有误',
    data: {
      record: null,
      result: {
        ...counts,
        problems: [
          { line: 4, message: '第 4 行：最低价“abc”不是价格' },
          { line: 7, message: '第 7 行：今结算为空' },
        ],
        rows: [row(3, 'CF2701 (CF701)', 'create')],
      },
    },
  }));
  await open();
  await userEvent.click(button(/预\s*览/));
  expect(await screen.findByText('第 4 行：最低价“abc”不是价格')).toBeInTheDocument();
  expect(screen.getByText('第 7 行：今结算为空')).toBeInTheDocument();
  expect(screen.getByText(/文件中有 2 行有误/)).toBeInTheDocument();
  expect(button(/确认导入/).disabled).toBe(true);
  expect(calls).toHaveLength(1);
  expect(calls[0]!.get('preview')).toBe('true');
  expect(calls[0]!.get('fileName')).toBe('20261120.csv');
  expect(Buffer.from(calls[0]!.get('content')!, 'base64').toString('utf8')).toBe(
    '品种月份,今结算\nCF701,14845',
  );
});

test('shows what a clean preview would do, then imports the same file on confirmation', async () => {
  const calls = answering((form) =>
    form.get('preview') === 'true'
      ? {
          code: 200,
          msg: '预览',
          data: {
            record: null,
            result: {
              ...counts,
              problems: [],
              rows: [row(3, 'CF2701 (CF701)', 'create'), row(4, 'CF2703 (CF703)', 'unchanged')],
            },
          },
        }
      : {
          code: 200,
          msg: '导入期货行情 2 条（2026-11-20，新增 1 条，更新 0 条，未变 1 条）',
          data: {
            record: null,
            result: { ...counts, problems: [], rows: [row(3, 'CF2701 (CF701)', 'create')] },
          },
        },
  );
  await open();
  await userEvent.click(button(/预\s*览/));
  expect(await screen.findByText('CF2701 (CF701)')).toBeInTheDocument();
  expect(screen.getByText('CF2703 (CF703)')).toBeInTheDocument();
  expect(
    screen.getByText(/将新增 1 条、更新 0 条，1 条与已有相同不变；跳过其他品种 3 行/),
  ).toBeInTheDocument();
  await waitFor(() => expect(button(/确认导入/).disabled).toBe(false));
  await userEvent.click(button(/确认导入/));
  expect(await screen.findByText(/导入期货行情 2 条/)).toBeInTheDocument();
  expect(calls).toHaveLength(2);
  expect(calls[1]!.get('preview')).toBeNull();
  expect(calls[1]!.get('content')).toBe(calls[0]!.get('content'));
});

test('offers no import to a role without the right', async () => {
  await initI18n('zh-chs');
  await i18next.loadNamespaces('pricing');
  mockState.privileges.futuresPrice = ['view'];
  let asked = false;
  server.use(
    http.post(PATHS.userPrivileges, () => {
      asked = true;
      return HttpResponse.json({ code: 200, msg: 'success', data: ['view'] });
    }),
  );
  renderResource(<PriceImportButton decl={futuresPrice} />);
  await waitFor(() => expect(asked).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(screen.queryByRole('button', { name: /导入行情/ })).toBeNull();
});
