// A printed contract is the contract (issue 27, "On paper and in every language"): every contract print page,
// in each language a template of it is seeded in, prints a contract of every kind and side with every term
// the contract record holds (quality, crop year, delivery warehouse and period, payment terms, the batch
// table, the house's own credit code and address), only the clauses of its kind (no blank line where a
// clause of another kind asks for what the contract does not hold), the amount it was signed for (none
// for a contract priced later, whatever its fixings), and wholly in the template's language.
import { screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { loadArea } from '../../app/areas.ts';
import { initI18n } from '../../app/i18n.ts';
import { PRINT_TEMPLATE_SEEDS } from '../../areas/settings/printTemplateSeeds.ts';
import { isPricedLater } from '../../domain/index.ts';
import {
  formFields,
  PUBLISHED_TEMPLATE_PATH,
  type PublishedTemplate,
} from '../../framework/resource/index.ts';
import { PrintPage } from '../../framework/screens/PrintPage.tsx';
import { mockResource } from '../../framework/screens/testing/mockResource.ts';
import { renderResource } from '../../framework/screens/testing/render.tsx';
import { PATHS } from '../../shared/api/contract.ts';
import { formatMoney, formatWeight, toChineseMoney, toEnglishMoney } from '../../shared/format/index.ts';
import { tenant, tenantTerm } from '../../shared/tenant/index.ts';
import { messageOf } from '../../test/locales.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { storedDictionary } from '../../test/storedDictionaries.ts';
import { BUSINESS_ROUTES } from '../index.ts';
import { partner } from '../partners/resources.ts';
import { transactionContract } from './resources.ts';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });
// The areas as the app loads them with the print page: their declarations, words and dictionary seeds.
await initI18n('zh-chs');
await Promise.all(['contracts', 'partners'].map(loadArea));

const KINDS = ['spot', 'basis', 'deferred', 'provisional'] as const;

/** The contract's form fields that are no term between the parties: who serves the client in the house. */
const NOT_TERMS = new Set(['salespersonId']);
/** Terms only a contract priced later holds (a save clears them on one priced now). */
const PRICED_LATER_TERMS = new Set(['futuresMonth', 'basis', 'fixingDeadline']);
/** A contract priced later agrees no unit price: its fixings give one (their average so far is no term). */
const PRICED_NOW_TERMS = new Set(['unitPrice']);

const HOUSE = { creditCode: '91650100MA78K3Q2XM', address: 'No. 358 Beijing South Road, Urumqi' };
const COUNTERPARTY = {
  id: '31',
  name: 'Lutai Textile Co Ltd',
  creditCode: '91370300163071254Q',
  address: '81 Songling East Road, Zichuan, Zibo',
};

/** A contract as the server answers it, every term filled with business data in Latin letters. */
function contract(side: 'purchase' | 'sale', kind: (typeof KINDS)[number]) {
  const later = isPricedLater(kind);
  return {
    id: '7',
    contractNo: `XS-${kind.toUpperCase()}-0042`,
    side,
    kind,
    partnerId: '31',
    partnerIdName: COUNTERPARTY.name,
    salespersonId: '5',
    salespersonIdName: 'Zhao Min',
    signDate: '2026-11-06',
    cropYear: '2026/27',
    qualitySpec: 'Grade 3128B or better, staple 28 mm and longer',
    tonnage: '60.25',
    tolerancePercent: '3',
    qualityPremium: '85.00',
    taxRate: '9',
    warehouseId: '4',
    warehouseIdName: 'Korla Delivery Warehouse',
    deliveryFrom: '2026-11-16',
    deliveryTo: '2027-01-15',
    paymentTerms: 'Deposit of 20 per cent within 3 working days, the rest 7 days after invoice',
    status: 'executing',
    lines: [
      { id: 'l1', batchNo: '65001251001', conditionedWeight: '40.1234' },
      { id: 'l2', batchNo: '65001251002', conditionedWeight: '20.1266' },
    ],
    // A contract priced later, part fixed: its unit price and amount so far are the fixings', not the contract's.
    ...(later
      ? {
          futuresMonth: 'CF2701',
          basis: '1150.00',
          fixingDeadline: '2027-01-05',
          pricingParty: side === 'sale' ? 'buyer' : 'seller',
          pricingState: 'partial',
          fixedTonnage: '20',
          averageFixedPrice: '15020.00',
          unitPrice: '16255.00',
        }
      : { unitPrice: '15800.00' }),
  };
}

type Printed = ReturnType<typeof contract>;

/** Each term's value as a reader finds it on paper. */
function termTexts(record: Printed, language: string): [string, string][] {
  const word = (dictionary: string, value: string) => {
    const stored = storedDictionary(dictionary).find((entry) => entry.value === value)?.label ?? value;
    const term = {
      spot: 'spotContract',
      basis: 'contractTypeFt',
      deferred: 'orderType',
      provisional: 'contractTypeZt',
      buyer: 'buyer',
      seller: 'seller',
    }[value];
    return language === 'zh-chs' ? stored : tenantTerm(term as 'buyer', language);
  };
  const later = isPricedLater(record.kind);
  return [...formFields(transactionContract).map((field) => field.key), ...(later ? ['pricingParty'] : [])]
    .filter((key) => !NOT_TERMS.has(key) && !(later ? PRICED_NOW_TERMS : PRICED_LATER_TERMS).has(key))
    .map((key): [string, string] => {
      const value = String(record[key as keyof Printed] ?? '');
      const field = transactionContract.fields[key as keyof typeof transactionContract.fields];
      if (key === 'side') return [key, ''];
      if (key === 'kind') return [key, word('contractKind', value)];
      if (key === 'pricingParty') return [key, word('pricingParty', value)];
      if (field.type === 'partner' || field.type === 'warehouse')
        return [key, String(record[`${key}Name` as keyof Printed])];
      if (field.type === 'money') return [key, formatMoney(value)];
      if (field.type === 'weight') return [key, formatWeight(value, tenant.weightDigit)];
      if (field.type === 'percent') return [key, `${value}%`];
      return [key, value];
    })
    .filter(([, text]) => text !== '');
}

function publish(content: string, language: string, languages: string[]) {
  server.use(
    http.post(`*${PUBLISHED_TEMPLATE_PATH}`, () =>
      HttpResponse.json({
        code: 200,
        msg: 'success',
        data: { name: 'seed', content, language, languages, house: HOUSE } satisfies PublishedTemplate,
      }),
    ),
    http.post(`*${PATHS.dictionary}`, async ({ request }) =>
      HttpResponse.json({
        code: 200,
        msg: 'success',
        data: storedDictionary(new URLSearchParams(await request.text()).get('code') ?? ''),
      }),
    ),
  );
}

const CJK = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef\u3000-\u303f]/;

const contractPrints = BUSINESS_ROUTES.filter(
  (route) => route.print && ['purchase', 'market'].includes(route.print.document),
);
const cases = contractPrints.flatMap((route) =>
  PRINT_TEMPLATE_SEEDS.filter((seed) => seed.variant === route.key).flatMap((seed) =>
    KINDS.map((kind) => [route.key, seed.language, kind, route, seed] as const),
  ),
);

test('every contract print page has a seeded template in Chinese and in English', () => {
  expect(contractPrints.map((route) => route.key).sort()).toEqual([
    'marketPrint',
    'marketPrintSpm',
    'purchasePrint',
    'purchasePrintSpm',
  ]);
  for (const route of contractPrints)
    expect(
      PRINT_TEMPLATE_SEEDS.filter((seed) => seed.variant === route.key).map((seed) => seed.language),
    ).toEqual(['zh-chs', 'en']);
});

test.each(cases)(
  '%s in %s prints a %s contract with all its terms and only its clauses',
  async (_key, language, kind, route, seed) => {
    const side = route.scope?.side === 'sale' ? 'sale' : 'purchase';
    const record = contract(side, kind);
    publish(seed.content, language, ['zh-chs', 'en']);
    server.use(
      ...mockResource(transactionContract, [record]).handlers,
      ...mockResource(partner, [COUNTERPARTY]).handlers,
    );
    renderResource(<PrintPage decl={transactionContract} id="7" route={route} language={language} />);
    const page = await screen.findByRole('article');
    await within(page).findByText(HOUSE.address);
    await within(page).findByText(COUNTERPARTY.address);
    const text = page.textContent ?? '';
    if (process.env.SHOW_PRINT) console.log(text);

    for (const [key, shown] of termTexts(record, language)) expect(text, `${key}: ${shown}`).toContain(shown);
    // The batch table the contract refers to, with the house's and the counterparty's details.
    expect(
      within(page).getByRole('table', { name: messageOf(language as 'en', 'field.lines') }),
    ).toHaveTextContent('65001251002');
    for (const detail of [HOUSE.creditCode, COUNTERPARTY.name, COUNTERPARTY.creditCode])
      expect(text).toContain(detail);
    // No clause of another kind: nothing the contract does not hold is left as a line to fill in by hand.
    const blank = messageOf(language as 'en', 'print.blank')!;
    const parties = within(page).getByRole('table', { name: messageOf(language as 'en', 'print.parties') });
    expect(parties).not.toHaveTextContent(blank);
    expect(within(page).getByRole('list')).not.toHaveTextContent(blank);
    // The amount it was signed for: tonnage × price when priced now, none (not the fixed part's) when later.
    const fixedPart = formatMoney('325100.00');
    if (isPricedLater(kind)) {
      expect(text).toContain(messageOf(language as 'en', 'print.amountOpen'));
      expect(text).not.toContain(fixedPart);
    } else {
      expect(text).toContain(formatMoney('951950.00'));
      expect(text).toContain(language === 'en' ? toEnglishMoney('951950.00') : toChineseMoney('951950.00'));
    }
    // Wholly in its language: an English contract holds no Chinese but the house's name, and numbers its clauses.
    if (language === 'en') {
      expect(text.split(tenant.name).join('').match(CJK)).toBeNull();
      expect(text).toContain('Clause 1');
    } else expect(text).toContain('第一条');
  },
);
