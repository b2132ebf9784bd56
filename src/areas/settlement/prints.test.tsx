// The settlement area's printed documents read as a person reads them (issue 23): the receipt confirmation of a
// settlement (and its spm layout) and the invoice detail list of an application print, from the templates the
// migrations publish, the parties, every batch with its weight, price and amount, and the amount in figures and
// in Chinese capitals — no placeholder left.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { loadArea } from '../../app/areas.ts';
import { initI18n } from '../../app/i18n.ts';
import { PUBLISHED_TEMPLATE_PATH, type PublishedTemplate } from '../../framework/resource/index.ts';
import { PrintPage } from '../../framework/screens/PrintPage.tsx';
import { mockResource } from '../../framework/screens/testing/mockResource.ts';
import { renderResource } from '../../framework/screens/testing/render.tsx';
import { PATHS } from '../../shared/api/contract.ts';
import { formatMoney, toChineseMoney } from '../../shared/format/index.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { storedDictionary } from '../../test/storedDictionaries.ts';
import { BUSINESS_ROUTES } from '../index.ts';
import { partner } from '../partners/resources.ts';
import { invoiceApplication, settlement } from './index.ts';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });
await initI18n('zh-chs');
await Promise.all(['settlement', 'partners'].map(loadArea));

const SQL = readFileSync(
  path.join(
    import.meta.dirname,
    '../../../server/areas/settlement/migrations/213_receipt_invoice_prints.sql',
  ),
  'utf8',
);
/** The template the migration publishes for a print page. */
const templateOf = (variant: string) => new RegExp(`'${variant}', '([^']*)', 'active'`).exec(SQL)![1]!;

const HOUSE = { creditCode: '91650100MA78K3Q2XM', address: '乌鲁木齐市北京南路 358 号' };
const MILL = {
  id: '31',
  name: '无锡一棉纺织集团',
  creditCode: '91320200135861520K',
  address: '无锡市兴源北路 8 号',
};

function publish(content: string) {
  server.use(
    http.post(`*${PUBLISHED_TEMPLATE_PATH}`, () =>
      HttpResponse.json({
        code: 200,
        msg: 'success',
        data: {
          name: 'seed',
          content,
          language: 'zh-chs',
          languages: ['zh-chs'],
          house: HOUSE,
        } satisfies PublishedTemplate,
      }),
    ),
    http.post(`*${PATHS.dictionary}`, async ({ request }) =>
      HttpResponse.json({
        code: 200,
        msg: 'success',
        data: storedDictionary(new URLSearchParams(await request.text()).get('code') ?? ''),
      }),
    ),
    ...mockResource(partner, [MILL]).handlers,
  );
}

async function printed(decl: Parameters<typeof PrintPage>[0]['decl'], key: string) {
  const route = BUSINESS_ROUTES.find((candidate) => candidate.key === key)!;
  publish(templateOf(key));
  renderResource(<PrintPage decl={decl} id="7" route={route} language="zh-chs" />);
  const page = await screen.findByRole('article');
  await within(page).findByText(MILL.address);
  const text = page.textContent ?? '';
  if (process.env.SHOW_PRINT) console.log(text);
  expect(text).not.toMatch(/\{\{|\}\}/);
  for (const party of [MILL.name, MILL.creditCode, HOUSE.creditCode]) expect(text).toContain(party);
  return text;
}

// §1.6: P2601 and P2602 priced at 15,350 and 15,650 (basis 850, fixings 14,500 and 14,700 + QA).
const SETTLEMENT = {
  id: '7',
  settlementNo: 'JS2026112300001',
  side: 'sale',
  kind: 'final',
  contractId: '3',
  contractIdName: 'XS202605-001',
  partnerId: '31',
  partnerIdName: MILL.name,
  settleDate: '2026-11-23',
  tonnage: '79.988',
  goodsAmount: '1239778.60',
  totalAmount: '1239778.60',
  balance: '1239778.60',
  status: 'confirmed',
  lines: [
    { lineKind: 'goods', batchNo: 'P2601', weight: '40.112', unitPrice: '15350.00', amount: '615719.20' },
    { lineKind: 'goods', batchNo: 'P2602', weight: '39.876', unitPrice: '15650.00', amount: '624059.40' },
  ],
};

test.each(['receiptconfirmation', 'receiptconfirmationSpm'])(
  '%s prints the batches the mill received, weights, prices, amounts, the value in capitals',
  async (key) => {
    server.use(...mockResource(settlement, [SETTLEMENT]).handlers);
    const text = await printed(settlement, key);
    for (const shown of ['JS2026112300001', 'XS202605-001', 'P2601', 'P2602', '40.112', '39.876', '79.988'])
      expect(text).toContain(shown);
    for (const money of ['15350.00', '624059.40', '1239778.60']) expect(text).toContain(formatMoney(money));
    expect(text).toContain(toChineseMoney('1239778.60'));
  },
);

test('invoiceDetailsPrint lists per batch the tonnes, unit price excl., amount, tax and rate of the invoice', async () => {
  server.use(
    ...mockResource(invoiceApplication, [
      {
        id: '7',
        applicationNo: 'KP2026112500001',
        settlementId: '5',
        settlementIdName: 'JS2026112300001',
        partnerId: '31',
        partnerIdName: MILL.name,
        invoiceKind: '01',
        applyDate: '2026-11-25',
        quantity: '79.988',
        amount: '1245795.40',
        amountExcl: '1142931.56',
        vat: '102863.84',
        invoiceNos: '26112500000000000001',
        status: 'issued',
        lines: [
          {
            lineKind: 'goods',
            batchNo: 'P2601',
            quantity: '40.112',
            unitPriceExcl: '14220.18348624',
            amount: '621736.00',
            amountExcl: '570400.00',
            vat: '51336.00',
            taxRate: '9',
          },
          {
            lineKind: 'goods',
            batchNo: 'P2602',
            quantity: '39.876',
            unitPriceExcl: '14357.79817434',
            amount: '624059.40',
            amountExcl: '572531.56',
            vat: '51527.84',
            taxRate: '9',
          },
        ],
      },
    ]).handlers,
  );
  const text = await printed(invoiceApplication, 'invoiceDetailsPrint');
  for (const shown of ['KP2026112500001', '26112500000000000001', 'P2601', '40.112', '14220.18348624', '9%'])
    expect(text).toContain(shown);
  for (const money of ['570400.00', '51527.84', '1142931.56', '102863.84', '1245795.40'])
    expect(text).toContain(formatMoney(money));
  expect(text).toContain(toChineseMoney('1245795.40'));
});
