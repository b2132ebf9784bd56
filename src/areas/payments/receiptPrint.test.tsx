// The receipt (收据, /pending/receipt) a client's payment prints: the template the payments area publishes
// (migration 233), filled with the payment as the server answers it, on an A4 page: who paid, the kind of
// money, the amount in figures and in Chinese capitals, the contract and the bank reference.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { loadArea } from '../../app/areas.ts';
import { initI18n } from '../../app/i18n.ts';
import { PUBLISHED_TEMPLATE_PATH, type PublishedTemplate } from '../../framework/resource/index.ts';
import { PrintPage } from '../../framework/screens/PrintPage.tsx';
import { mockResource } from '../../framework/screens/testing/mockResource.ts';
import { renderResource } from '../../framework/screens/testing/render.tsx';
import { PATHS } from '../../shared/api/contract.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { storedDictionary } from '../../test/storedDictionaries.ts';
import { BUSINESS_ROUTES } from '../index.ts';
import { clientPayment } from './resources.ts';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });
await initI18n('zh-chs');
await loadArea('payments');

/** The published template of a language, as migration 233 seeds it. */
function seeded(language: string): string {
  const sql = readFileSync(
    path.join(import.meta.dirname, '../../../server/areas/payments/migrations/233_receipt_print.sql'),
    'utf8',
  );
  const found = new RegExp(`'receiptPrint', '${language}', '([^']*)', 'active'\\)`).exec(sql);
  if (!found) throw new Error(`no ${language} receipt template in migration 233`);
  return found[1]!;
}

const payment = {
  id: '12',
  paymentNo: 'SK2026112000012',
  partnerId: '31',
  partnerIdName: '无锡一棉',
  contractId: '7',
  contractIdName: 'XS202611007',
  kind: 'goods',
  amount: '339765.56',
  receivedOn: '2026-11-20',
  bankReference: 'NX1120A',
  remark: '',
  status: 'paid',
};

test('prints the receipt of a payment received: payer, amount in figures and in words, bank reference, A4', async () => {
  const route = BUSINESS_ROUTES.find((r) => r.key === 'receiptPrint')!;
  expect(route).toMatchObject({ path: '/pending/receipt', resource: 'clientPayment' });
  const asked: string[] = [];
  const template = http.post(`*${PUBLISHED_TEMPLATE_PATH}`, async ({ request }) => {
    asked.push(new URLSearchParams(await request.text()).get('variant') ?? '');
    const data: PublishedTemplate = {
      name: '收据',
      content: seeded('zh-chs'),
      language: 'zh-chs',
      languages: ['zh-chs', 'en'],
      house: { creditCode: '91650100MA78K3Q2XM', address: '乌鲁木齐市北京南路 358 号' },
    };
    return HttpResponse.json({ code: 200, msg: 'success', data });
  });
  const dictionary = http.post(`*${PATHS.dictionary}`, async ({ request }) =>
    HttpResponse.json({
      code: 200,
      msg: 'success',
      data: storedDictionary(new URLSearchParams(await request.text()).get('code') ?? ''),
    }),
  );
  server.use(...mockResource(clientPayment, [payment]).handlers, template, dictionary);
  renderResource(<PrintPage decl={clientPayment} id="12" route={route} />);
  const page = await screen.findByRole('article');
  expect(page).toHaveTextContent('收据');
  expect(page).toHaveTextContent('收据编号：SK2026112000012');
  expect(page).toHaveTextContent(
    '今收到 无锡一棉 交来货款，人民币 339,765.56 元（大写：叁拾叁万玖仟柒佰陆拾伍元伍角陆分）',
  );
  expect(page).toHaveTextContent('款项依据合同：XS202611007；银行流水号：NX1120A。');
  expect(asked).toEqual(['receiptPrint']);
  const css = page.parentElement?.querySelector('style')?.textContent ?? '';
  expect(css).toContain('@page { size: A4');
  // The party rows finish loading before the page goes (else their answer lands after the window is gone).
  await waitFor(() => expect(page.querySelector('[aria-busy="true"]')).toBeNull());
});

test('the English template says the same in English', () => {
  const english = seeded('en');
  expect(english.split('\n')[0]).toBe('Receipt');
  for (const placeholder of ['partnerId', 'kind', 'amount', 'amountInWords', 'contractId', 'bankReference'])
    expect(english).toContain(`{{${placeholder}}}`);
});
