// The 50-way race harness on PostgreSQL: every transition that moves money (a client margin application's
// approval, a purchase-margin application's approval, a client payment's approval, receipt and reversal) is
// sent 50 times at once over documents of one client (or supplier), as a desk approving a queue in several
// tabs does. Each call answers 200 or a refusal in words, never 500 (a deadlock, or a wait past the lock
// timeout), and the ledger holds exactly what was approved. Run where DATABASE_URL names a PostgreSQL database
// (CI); PGlite has one connection, so nothing races there.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { outgoingPayment } from '../../src/areas/capital/index.ts';
import { transactionContract } from '../../src/areas/contracts/index.ts';
import { clientMarginApplication, clientMarginMovement } from '../../src/areas/margin/index.ts';
import { clientPayment } from '../../src/areas/payments/index.ts';
import { futuresPrice } from '../../src/areas/pricing/index.ts';
import { purchaseMarginApplication } from '../../src/areas/risk/index.ts';
import { type ResourceDecl, resourcePath } from '../../src/framework/resource/index.ts';
import { type Db, openDatabase } from '../platform/db/index.ts';
import { migrate } from '../platform/db/migrate.ts';
import { dropSchema } from '../platform/db/postgres.ts';
import { approvedBasisSale, clientWithLimit } from '../test/contracts.ts';
import { login, manualClock, post, startApp, TEST_TENANT } from '../test/harness.ts';
import { type Row, resourceCalls } from '../test/resourceCalls.ts';
import { COMPOSITION, SERVER_AREAS } from './index.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');
const WAYS = 50;
const URL = process.env.DATABASE_URL;

/** The documents that hold money and are decided by an approval: each is raced below. */
const MONEY_DOCUMENTS = SERVER_AREAS.flatMap((area) => area.declarations.resources)
  .filter(
    (decl) =>
      decl.workflow?.approval && (decl.fields as Record<string, { type: string }>).amount?.type === 'money',
  )
  .map((decl) => decl.key)
  .sort();
// An invoice application takes its settlement's invoiceable amount when it is saved: raced there, 50 at once
// (server/areas/settlement/settlementRace.test.ts).
const RACED = [
  'clientMarginApplication',
  'clientPayment',
  'invoiceApplication',
  'outgoingPayment',
  // A pledge's interest: computed, confirmed and billed 50 at once (server/areas/pledges/interestRace.test.ts).
  'pledgeInterest',
  'purchaseMarginApplication',
  // A red-letter form: raised 50 at once on one blue, then approved, confirmed and issued 50 at once
  // (server/areas/settlement/redFormRace.test.ts).
  'redForm',
];

it('races every document that moves money on an approval', () => {
  expect(MONEY_DOCUMENTS).toEqual(RACED);
});

describe.skipIf(!URL)('50 money transitions at once on PostgreSQL', () => {
  let db: Db;
  let app: FastifyInstance;
  const schema = `test_race_${randomUUID().slice(0, 8)}`;
  const tokens: Record<string, string> = {};
  const resource = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const { call, saved } = resource;

  beforeAll(async () => {
    db = await openDatabase({ url: URL, schema, poolSize: 12 });
    await migrate(db, TEST_TENANT, COMPOSITION, { now: new Date(NOW) });
    ({ app } = await startApp(db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'sales', 'finance', 'finance2'])
      tokens[who] = (await login(app, who)).token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
    if (URL) await dropSchema(URL, schema);
  });

  /** The same transition on every id at once; the answers' codes and refusals (times are the bench's). */
  async function race(who: string, decl: ResourceDecl, ids: string[], action: string) {
    const answers = await Promise.all(
      ids.map((id) => call(who, decl, 'transition', { id, action }).then(({ json }) => json)),
    );
    const codes = answers.map((json) => json.code);
    const errors = answers.filter((json) => json.code !== 200).map((json) => json.msg);
    return { codes, errors };
  }

  it('approves 50 margin withdrawals of one client at once', async () => {
    const client = await clientWithLimit(db, '无锡一棉', '6000000');
    const deposit = await call('finance', clientMarginMovement, 'save', {
      occurredOn: '2026-11-23',
      partnerId: client,
      kind: 'deposit',
      amount: '1000000',
    });
    expect(deposit.json.code, deposit.json.msg).toBe(200);
    const ids: string[] = [];
    for (let i = 0; i < WAYS; i++)
      ids.push(
        (
          await saved('finance', clientMarginApplication, {
            partnerId: client,
            kind: 'withdraw',
            amount: '1000',
            reason: `退还 ${i + 1}`,
          })
        ).id,
      );
    const { codes, errors } = await race('finance2', clientMarginApplication, ids, 'approve');
    expect(errors).toEqual([]);
    expect(codes).toEqual(ids.map(() => 200));
    const [ledger] = await db.query<{ n: number; sum: string }>(
      `select count(*)::int as n, sum(amount)::numeric(20, 2)::text as sum from client_margin_movements
        where partner_id = $1 and kind = 'withdraw'`,
      [client],
    );
    expect(ledger).toEqual({ n: WAYS, sum: '50000.00' });
  }, 120_000);

  it('approves 50 purchase-margin payments to one supplier at once', async () => {
    const [supplier] = await db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
    );
    const ids: string[] = [];
    for (let i = 0; i < WAYS; i++) {
      const application = await saved('trader', purchaseMarginApplication, {
        kind: 'payment',
        supplierId: supplier!.id,
        amount: '1000',
        reason: `合同保证金 ${i + 1}`,
      });
      const submitted = await call('trader', purchaseMarginApplication, 'transition', {
        id: application.id,
        action: 'submit',
      });
      expect(submitted.json.code, submitted.json.msg).toBe(200);
      ids.push(application.id);
    }
    const { codes, errors } = await race('finance', purchaseMarginApplication, ids, 'approve');
    expect(errors).toEqual([]);
    expect(codes).toEqual(ids.map(() => 200));
    const [ledger] = await db.query<{ n: number; sum: string }>(
      `select count(*)::int as n, sum(amount)::numeric(20, 2)::text as sum from purchase_margin_movements
        where supplier_id = $1`,
      [supplier!.id],
    );
    expect(ledger).toEqual({ n: WAYS, sum: '50000.00' });
  }, 120_000);

  it('approves, receives and reverses 50 payments of one client over two contracts at once', async () => {
    const client = await clientWithLimit(db, '魏桥纺织', '9000000', 'sales');
    const contracts = [
      await approvedBasisSale(resource, client, '100'),
      await approvedBasisSale(resource, client, '100'),
    ];
    await saved('trader', futuresPrice, {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '15510',
      settlementPrice: '15500',
    });
    for (const id of contracts) {
      const fix = await post(
        app,
        `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
        { id, tonnage: '60', futuresPrice: '16000' },
        { token: tokens.admin! },
      );
      expect(fix.json.code, fix.json.msg).toBe(200);
    }
    const ids: string[] = [];
    for (let i = 0; i < WAYS; i++) {
      const payment = (await saved('sales', clientPayment, {
        partnerId: client,
        contractId: contracts[i % 2]!,
        kind: 'goods',
        amount: '1000',
        receivedOn: '2026-11-23',
      })) as Row;
      expect(
        (await call('sales', clientPayment, 'transition', { id: payment.id, action: 'submit' })).json.code,
      ).toBe(200);
      ids.push(payment.id);
    }
    const status = async () =>
      (
        await db.query<{ status: string; n: number }>(
          `select status, count(*)::int as n from client_payments where partner_id = $1 group by status`,
          [client],
        )
      ).map((row) => `${row.status} ${row.n}`);
    for (const [action, state] of [
      ['approve', 'approved'],
      ['receive', 'paid'],
    ] as const) {
      const { codes, errors } = await race('finance', clientPayment, ids, action);
      expect(errors, action).toEqual([]);
      expect(codes, action).toEqual(ids.map(() => 200));
      expect(await status()).toEqual([`${state} ${WAYS}`]);
    }
    const reversed = await Promise.all(
      ids.map((id) =>
        call('finance', clientPayment, 'transition', { id, action: 'reverse', comment: '退票' }),
      ),
    );
    expect(reversed.map(({ json }) => json.msg).filter((msg) => !/成功/.test(String(msg)))).toEqual([]);
    expect(await status()).toEqual([`reversed ${WAYS}`]);
  }, 180_000);

  it('takes 50 prepayments to one supplier at once and never past the contract’s cap', async () => {
    const [supplier] = await db.query<{ id: string }>(
      `insert into partners (name, kinds) values ('阿克苏轧花厂', '{supplier}') returning id::text`,
    );
    // 200 t spot at 15,000 with 5 %: 3,150,000.00 at most, 90 % of it prepaid: 2,835,000.00.
    const purchase = await saved('admin', transactionContract, {
      side: 'purchase',
      kind: 'spot',
      partnerId: supplier!.id,
      signDate: '2026-11-20',
      tonnage: '200',
      tolerancePercent: '5',
      unitPrice: '15000',
      deliveryFrom: '2026-11-25',
      deliveryTo: '2026-12-31',
    });
    expect(
      (await call('admin', transactionContract, 'transition', { id: purchase.id, action: 'submit' })).json
        .code,
    ).toBe(200);
    expect(
      (await call('risk', transactionContract, 'transition', { id: purchase.id, action: 'approve' })).json
        .code,
    ).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: WAYS }, (_, i) =>
        call('trader', outgoingPayment, 'save', {
          paymentKind: 'purchase',
          payeeId: supplier!.id,
          purpose: 'prepayment',
          contractId: purchase.id,
          amount: '100000',
          payeeBank: '农业银行阿克苏分行',
          payeeAccountNo: '6228480099887766',
          requestedPayDate: '2026-11-23',
          remark: `预付 ${i + 1}`,
        }).then(({ json }) => json),
      ),
    );
    const refused = answers.filter((json) => json.code !== 200);
    expect(answers.filter((json) => json.code === 200)).toHaveLength(28);
    expect(new Set(refused.map((json) => json.msg))).toEqual(
      new Set([expect.stringMatching(/付款上限为 2835000.00 元.*本笔最多 35000.00 元$/)]),
    );
    const [sum] = await db.query<{ sum: string }>(
      'select sum(amount)::text as sum from outgoing_payments where contract_id = $1',
      [purchase.id],
    );
    expect(sum!.sum).toBe('2800000.00');
  }, 120_000);
});
