// The priced amount of a contract priced later, rounded once (issue 21): 120 t fixed at 14,500, 14,505 and
// 14,505 with a basis of 605. Σ Fᵢ·qᵢ = 1,740,400 exact, + 120 × 605 = 72,600: 1,813,000.00. Before, the
// amount was 120 × the unit price to the fen, 15,108.33: 1,812,999.60.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, manualClock, openTestDb, post, startApp } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';

const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('the priced amount on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let token = '';
  const { records } = resourceCalls(
    () => app,
    () => token,
  );

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    token = (await login(app, 'trader')).token;
    await env.db.query(
      `with p as (insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id)
       insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, tolerance_percent,
           futures_month, basis, fixing_deadline, pricing_party, tax_rate, status, pricing_state)
       select 'CG-R1', 'purchase', 'basis', id, '2026-11-02', 200, 5, 'CF2705', 605, '2027-04-15', 'seller', 9,
              'approved', 'unpriced' from p`,
    );
  });
  afterAll(async () => {
    await app.close();
    await env.drop();
  });

  it('adds the fixings exactly and rounds once', async () => {
    const [contract] = await records('trader', transactionContract, { contractNo: 'CG-R1' });
    for (const futuresPrice of ['14500', '14505', '14505']) {
      const { json } = await post(
        app,
        `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
        { id: String(contract!.id), tonnage: '40', futuresPrice },
        { token },
      );
      expect(json.code, json.msg).toBe(200);
    }
    const [fixed] = await records('trader', transactionContract, { contractNo: 'CG-R1' });
    expect(fixed).toMatchObject({
      fixedTonnage: '120',
      averageFixedPrice: '14503.33',
      unitPrice: '15108.33',
      pricedAmount: '1813000.00',
    });
    // The amount the screens show is the priced amount, not 120 × 15,108.33 = 1,812,999.60.
    expect(transactionContract.computed!.amount!.compute(fixed!)).toBe('1813000.00');
  });
});
