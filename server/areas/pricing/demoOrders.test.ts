// The demo company's pricing part over the other areas' demo: prices for the months the contracts use, a
// sheet in use, and client orders on contracts in force — one filled as a fixing, some waiting at a limit.
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { TEST_TENANT } from '../../test/harness.ts';
import { COMPOSITION } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('the demo company’s prices and client orders', () => {
  let db: Db;
  beforeAll(async () => {
    db = await openDatabase({});
    expect((await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW })).demo).toBe(true);
  }, 120_000);
  afterAll(async () => {
    await db.close();
  });

  it('has pending limit orders and a filled one that is a fixing of its contract', async () => {
    const orders = await db.query<{
      status: string;
      kind: string;
      fixing: string | null;
      clientOrder: string | null;
    }>(
      `select o.status, o.kind, o.fixing_id::text as fixing, f.client_order_id::text as "clientOrder"
         from client_price_orders o left join contract_fixings f on f.id = o.fixing_id order by o.id`,
    );
    expect(orders.filter((o) => o.status === 'pending' && o.kind === 'limit').length).toBeGreaterThanOrEqual(
      2,
    );
    const filled = orders.filter((o) => o.status === 'filled');
    expect(filled.length).toBe(1);
    expect(filled[0]!.fixing).not.toBeNull();
    const [fixedAt] = await db.query<{ made: number }>(
      `select p.fixings_made as made from client_price_orders o
         join futures_prices p on p.trade_date = o.filled_trade_date and p.futures_month = o.futures_month
        where o.status = 'filled'`,
    );
    expect(fixedAt?.made).toBe(1);
    const months = await db.query<{ month: string }>(
      `select distinct c.futures_month as month from transaction_contracts c
        where c.futures_month is not null and not exists (
          select 1 from futures_prices p where p.futures_month = c.futures_month)`,
    );
    expect(months).toEqual([]);
  });

  it("fills the sales manager's queues: an order off the market to check, a request to cancel a waiting one", async () => {
    const [checking] = await db.query<{ reasons: string | null }>(
      `select check_reasons as reasons from client_price_orders where status = 'checking'`,
    );
    expect(checking?.reasons).toMatch(/偏离最新价 .* 8\.\d\d%，超过 5%/);
    const requests = await db.query<{ status: string; order: string }>(
      `select r.status, o.status as order from client_order_revocations r join client_price_orders o on o.id = r.order_id`,
    );
    expect(requests).toEqual([{ status: 'submitted', order: 'pending' }]);
  });

  it("fills the sales desk's views: packages of contracts and orders, and client prices over a settlement", async () => {
    const [counts] = await db.query<{ sales: number; orders: number; priced: number }>(
      `select (select count(*)::int from sale_contract_packages) as sales,
              (select count(*)::int from client_order_packages) as orders,
              (select count(*)::int from client_prices where settlement_price is not null) as priced`,
    );
    expect(counts!.sales).toBeGreaterThan(0);
    expect(counts!.orders).toBeGreaterThan(0);
    expect(counts!.priced).toBeGreaterThan(0);
  });
});
