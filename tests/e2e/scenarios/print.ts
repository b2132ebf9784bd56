// Printed documents are legal documents (issue 15, "On paper"): every print page, in every variant, prints
// a record of its document to an A4 PDF in Chromium whose text holds no placeholder, no doubled sign and no
// dictionary code. The PDFs stay under test-results/e2e/<tenant>/print/ to be read.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import {
  contractAmendment,
  contractFixing,
  transactionContract,
} from '../../../src/areas/contracts/index.ts';
import { BUSINESS_ROUTES } from '../../../src/areas/index.ts';
import { marginCall } from '../../../src/areas/margin/index.ts';
import { partner } from '../../../src/areas/partners/index.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { warehouseReceipt } from '../../../src/areas/receipts/resources.ts';
import { systemSetting } from '../../../src/areas/settings/index.ts';
import { batch } from '../../../src/areas/warehouse/batches.ts';
import { BASE_GRADE_CERTIFICATE } from '../../../src/areas/warehouse/examples.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { type DictionaryEntry, PATHS } from '../../../src/shared/api/contract.ts';
import { formatMoney } from '../../../src/shared/format/index.ts';
import { ALL_RESOURCES } from '../../../src/test/declarations.ts';
import { scenario } from '../runner.ts';
import { check } from '../support/expect.ts';
import { clientAboutToBeCalled } from '../support/margin.ts';
import { login } from '../support/shell.ts';

const run = () => Date.now().toString(36).slice(-5);

/** The text of a PDF as poppler's pdftotext reads it (layout kept, so table cells stay in order). */
const pdfText = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
/** The text in reading order, each table cell's lines together (a wrapped address reads as one). */
const pdfFlowText = (file: string) => execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' });

scenario(
  'every print page prints its document on A4 with no placeholder, doubled sign or code',
  async (t) => {
    const { api, page, users, tenant } = t;
    const admin = await api.login(users.admin.loginName, users.admin.password);
    const suffix = run();
    const [counterparty] = await api.list(admin.token, partner, {});
    check(counterparty, 'no partner seeded');
    const place = await api.save(admin.token, warehouse, {
      code: `P${suffix.toUpperCase()}`,
      name: `打印库${suffix}`,
      kind: 'delivery',
    });
    const batchNo = `65${Date.now().toString().slice(-9)}`;
    await api.save(admin.token, batch, { ...BASE_GRADE_CERTIFICATE, batchNo, warehouseId: place.id });
    const contract = (side: string, extra: Record<string, string>) =>
      api.save(admin.token, transactionContract, {
        contractNo: `${side === 'purchase' ? 'CG' : 'XS'}${suffix}`,
        side,
        partnerId: counterparty.id,
        signDate: '2026-11-20',
        tonnage: '19.528',
        tolerancePercent: '5',
        taxRate: '9',
        lines: JSON.stringify([{ batchNo, conditionedWeight: '19.528' }]),
        ...extra,
      });
    // A basis contract not yet priced (its price and amount print as open) and a fixed-price sale.
    const purchase = await contract('purchase', {
      kind: 'basis',
      futuresMonth: 'CF705',
      basis: '1200',
      fixingDeadline: '2027-03-31',
      pricingParty: 'buyer',
    });
    const sale = await contract('sale', { kind: 'spot', unitPrice: '15800' });
    const receipt = await api.save(admin.token, warehouseReceipt, {
      receiptNo: `WR${suffix}`,
      batchNo,
      validUntil: '2027-03-31',
    });
    const move = async (action: string, values: Record<string, string> = {}) => {
      const answer = await api.post(
        resourcePath(warehouseReceipt, 'transition'),
        { id: receipt.id, action, ...values },
        admin.token,
      );
      check(answer.code === 200, `${action} of the receipt: ${answer.code} ${answer.msg ?? ''}`);
    };
    await move('register');
    await move('transfer', { transfereeId: counterparty.id });
    // The purchase is submitted by a trader, approved by the administrator, fixed in part and amended; a
    // third contract is voided.
    const trader = await api.login(users.staff.loginName, users.staff.password);
    const contractCall = async (token: string, verb: string, body: Record<string, string>) => {
      const answer = await api.post(
        `${resourcePath(transactionContract, 'list').replace(/\/list$/, '')}/${verb}`,
        body,
        token,
      );
      check(answer.code === 200, `${verb} of the contract: ${answer.code} ${answer.msg ?? ''}`);
    };
    await contractCall(trader.token, 'transition', { id: purchase.id, action: 'submit' });
    await contractCall(admin.token, 'transition', { id: purchase.id, action: 'approve' });
    await contractCall(admin.token, 'fix', { id: purchase.id, tonnage: '10', futuresPrice: '15005' });
    await contractCall(admin.token, 'amend', {
      id: purchase.id,
      tolerancePercent: '3',
      note: '溢短装改为 3%',
    });
    const voided = await contract('sale', {
      kind: 'spot',
      unitPrice: '15900',
      contractNo: `ZF${suffix}`,
      lines: '[]',
    });
    await contractCall(admin.token, 'transition', { id: voided.id, action: 'void', comment: '客户取消' });
    // A margin call, for its risk notice: the client's month settles 400 below the price it fixed at.
    const called = await clientAboutToBeCalled(
      api,
      { admin: admin.token, submitter: trader.token, approver: admin.token },
      suffix,
      5,
    );
    await api.save(admin.token, futuresPrice, {
      tradeDate: called.tradeDate,
      futuresMonth: called.month,
      lastPrice: (called.s0 - 400).toFixed(2),
      settlementPrice: (called.s0 - 400).toFixed(2),
    });
    const [call] = await api.list(admin.token, marginCall, { partnerId: called.client.id });
    check(call, 'the settlement raised no margin call');
    const [fixing] = await api.list(admin.token, contractFixing, { contractId: purchase.id });
    const [amendment] = await api.list(admin.token, contractAmendment, { contractId: purchase.id });
    check(fixing && amendment, 'the fixing and the supplementary agreement were not stored');
    const printed: Record<string, string> = {
      purchase: purchase.id,
      market: sale.id,
      transactionConfirmation: sale.id,
      transferConfirmation: receipt.id,
      voidAgreement: voided.id,
      suppleAgreement: amendment!.id,
      fixingConfirmation: fixing!.id,
      riskNotice: call!.id,
    };

    await login(page, users.admin);
    const dir = path.join('test-results', 'e2e', tenant.code, 'print');
    fs.mkdirSync(dir, { recursive: true });
    // The settlement statement, receipt confirmation, invoice details, payment voucher and receipt need a
    // settlement, an invoice, a payment out or a payment received, which this scenario does not make, and they
    // are not contracts (no clauses): component tests read their printed text (src/areas/settlement/
    // prints.test.tsx, src/areas/payments/receiptPrint.test.tsx); their Chromium scenarios are still to come
    // (issues 23 and 24). Any other print page without a record here fails below.
    const madeElsewhere = new Set([
      'statement',
      'receiptConfirmation',
      'invoiceDetails',
      'payDoc',
      'receipt',
    ]);
    const printPages = BUSINESS_ROUTES.filter(
      (route) => route.print && route.resource && !madeElsewhere.has(route.print.document),
    );
    check(printPages.length >= 6, 'the print pages of the catalogue');
    for (const route of printPages) {
      const id = printed[route.print!.document];
      check(id, `no record printed on ${route.key}`);
      const decl = ALL_RESOURCES.find((d) => d.key === route.resource)!;
      const codes = new Set<string>();
      for (const field of Object.values(decl.fields))
        if (field.type === 'enum') {
          const answer = await api.post<DictionaryEntry[]>(
            PATHS.dictionary,
            { code: field.dictionary },
            admin.token,
          );
          for (const entry of answer.data ?? [])
            if (/^[A-Za-z]{2,}$/.test(entry.value)) codes.add(entry.value);
        }
      await page.goto(`/#${route.path}?id=${id}`);
      // The article of this route, not the previous page's (kept while the next route's area loads).
      const article = page.locator(`article[data-route="${route.key}"]`);
      await article.locator('h1').waitFor({ timeout: 20_000 });
      await article.locator('table').first().waitFor();
      await article.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 20_000 });
      await page.waitForLoadState('networkidle');
      const file = path.join(dir, `${route.key}.pdf`);
      await page.pdf({ path: file, format: 'A4', preferCSSPageSize: true, printBackground: true });
      const text = pdfText(file);
      t.note(`${route.key}: ${text.replace(/\s+/g, ' ').slice(0, 300)}`);
      check(!text.includes('{{') && !text.includes('}}'), `${route.key} prints a placeholder`);
      check(!/[%％]\s*[%％]/.test(text), `${route.key} prints a doubled percent sign`);
      const shownCodes = [...codes].filter((code) => new RegExp(`\\b${code}\\b`).test(text));
      check(shownCodes.length === 0, `${route.key} prints the codes ${shownCodes.join(', ')}`);
      check(/第一条|第一條|Clause 一/.test(text), `${route.key} numbers its clauses`);
      check(text.includes(tenant.config.name), `${route.key} names the tenant as a party`);
      // The risk notice is the margin client's; every other document the partner's of this scenario.
      const party = route.print!.document === 'riskNotice' ? called.clientName : String(counterparty.name);
      check(text.includes(party), `${route.key} names the counterparty ${party}`);
      check(/1\s*\/\s*\d/.test(text), `${route.key} has no page numbers`);
      if (route.print!.document === 'market')
        check(text.includes('叁拾万捌仟伍佰肆拾贰元肆角'), `${route.key} states the amount in capitals`);
    }
  },
  { timeoutMs: 180_000, everyTenant: true },
);

scenario(
  'a printed contract carries every term of its kind, wholly in Chinese or in English',
  async (t) => {
    const { api, page, users, tenant } = t;
    const admin = await api.login(users.admin.loginName, users.admin.password);
    const suffix = run();
    // The house's own details, as its administrator enters them.
    const house: [settingKey: string, value: string][] = [
      ['companyCreditCode', '91650100MA78K3Q2XM'],
      ['companyAddress', '358 Beijing Rd S'],
    ];
    for (const [settingKey, value] of house) {
      const [seeded] = await api.list(admin.token, systemSetting, { settingKey });
      check(seeded, `no ${settingKey} row seeded`);
      await api.save(admin.token, systemSetting, {
        id: seeded.id,
        settingKey,
        value,
        effectiveFrom: String(seeded.effectiveFrom),
      });
    }
    const counterparty = await api.save(admin.token, partner, {
      name: `Lutai Textile ${suffix}`,
      kinds: ['client', 'supplier'],
      creditCode: '91370300163071254Q',
      address: '81 Songling Rd E',
    });
    const place = await api.save(admin.token, warehouse, {
      code: `K${suffix.toUpperCase()}`,
      name: `Korla Delivery ${suffix}`,
      kind: 'delivery',
    });
    const terms = {
      partnerId: counterparty.id,
      signDate: '2026-11-20',
      cropYear: '2026/27',
      qualitySpec: 'Grade 3128B or better',
      tonnage: '19.528',
      tolerancePercent: '5',
      taxRate: '9',
      qualityPremium: '85',
      warehouseId: place.id,
      deliveryFrom: '2026-12-01',
      deliveryTo: '2027-02-28',
      paymentTerms: 'Net 7 days after invoice',
    };
    const pricedLater = { futuresMonth: 'CF2705', basis: '1150', fixingDeadline: '2027-04-15' };
    const kinds: [side: string, kind: string, extra: Record<string, string>][] = [
      ['sale', 'spot', { unitPrice: '15800' }],
      ['purchase', 'basis', pricedLater],
      ['sale', 'deferred', pricedLater],
      ['purchase', 'provisional', { unitPrice: '15600' }],
    ];
    await login(page, users.admin);
    const dir = path.join('test-results', 'e2e', tenant.code, 'print');
    fs.mkdirSync(dir, { recursive: true });
    for (const [side, kind, extra] of kinds) {
      // Each sale its own batch (a batch is in one open sale at a time).
      const batchNo = `65${Date.now().toString().slice(-9)}`;
      await api.save(admin.token, batch, { ...BASE_GRADE_CERTIFICATE, batchNo, warehouseId: place.id });
      const contract = await api.save(admin.token, transactionContract, {
        ...terms,
        ...extra,
        contractNo: `${kind.slice(0, 2).toUpperCase()}${suffix}`,
        side,
        kind,
        lines: side === 'sale' ? JSON.stringify([{ batchNo, conditionedWeight: '19.528' }]) : '[]',
      });
      const route = BUSINESS_ROUTES.find(
        (candidate) =>
          candidate.print?.document === (side === 'sale' ? 'market' : 'purchase') &&
          candidate.key === tenant.config.printVariants[side === 'sale' ? 'market' : 'purchase'],
      )!;
      for (const language of ['zh-chs', 'en']) {
        await page.goto(`/#${route.path}?id=${contract.id}&lang=${language}`);
        const article = page.locator(`article[data-route="${route.key}"][lang="${language}"]`);
        await article.locator('h1').waitFor({ timeout: 20_000 });
        // The parties' records come after the document's own: printed only once they are in.
        await article.locator('[aria-busy="true"]').first().waitFor({ state: 'detached', timeout: 20_000 });
        const file = path.join(dir, `${route.key}-${kind}-${language}.pdf`);
        await page.pdf({ path: file, format: 'A4', preferCSSPageSize: true, printBackground: true });
        const text = pdfFlowText(file).replace(/\s+/g, ' ');
        t.note(`${route.key} ${kind} ${language}: ${text.slice(0, 400)}`);
        const later = extra.basis !== undefined;
        const expected = [
          `${kind.slice(0, 2).toUpperCase()}${suffix}`,
          '2026/27',
          'Grade 3128B or better',
          '19.528',
          '5%',
          '9%',
          '85.00',
          `Korla Delivery ${suffix}`,
          '2026-12-01',
          '2027-02-28',
          'Net 7 days after invoice',
          '91650100MA78K3Q2XM',
          '358 Beijing Rd S',
          '91370300163071254Q',
          '81 Songling Rd E',
          ...(later ? ['CF2705', '1,150.00', '2027-04-15'] : [formatMoney(extra.unitPrice!)]),
          ...(side === 'sale' ? [batchNo] : []),
        ];
        // Lines wrap anywhere on paper: compared without white space.
        const joined = text.replace(/\s+/g, '');
        for (const shown of expected)
          check(
            joined.includes(shown.replace(/\s+/g, '')),
            `${route.key} ${kind} ${language} leaves out ${shown}`,
          );
        // Only its own kind's clauses: a spot contract has no fixing clause, a basis one no price of its own.
        const fixingClause = language === 'en' ? 'Fixing:' : '点价截止日';
        check(text.includes(fixingClause) === later, `${route.key} ${kind} ${language}: fixing clause`);
        if (language === 'en') {
          const chinese = text
            .split(tenant.config.name)
            .join('')
            .match(/[\u3000-\u9fff\uff00-\uffef]+/g);
          check(!chinese, `${route.key} ${kind} prints Chinese in English: ${chinese?.join(' ')}`);
          check(/Clause 1\b/.test(text), `${route.key} ${kind} numbers its English clauses`);
        } else check(/第一条|第一條/.test(text), `${route.key} ${kind} numbers its clauses`);
      }
    }
  },
  { timeoutMs: 240_000 },
);
