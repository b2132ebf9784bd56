// The sales desk's part of the demo company: the demo salesperson serves two clients and sees only their
// records (contracts of the contracts area included); reservations and bookings in every state, the held
// batches reserved.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { client, clientBooking, clientReservation } from '../../../src/areas/sales/index.ts';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { login, manualClock, startApp, TEST_TENANT } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { COMPOSITION } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');
const MINE = ['无锡一棉纺织集团有限公司', '鲁泰纺织股份有限公司'];

describe('the sales desk of the demo company', () => {
  let db: Db;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    db = await openDatabase({});
    expect((await migrate(db, TEST_TENANT, COMPOSITION, { demo: true, now: NOW })).demo).toBe(true);
    ({ app } = await startApp(db, manualClock(NOW.getTime())));
    for (const user of ['admin', 'sales']) tokens[user] = (await login(app, user)).token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it("shows the salesperson their two clients' records only, the administrator everyone's", async () => {
    expect((await records('sales', client)).map((r) => r.name).sort()).toEqual([...MINE].sort());
    const theirContracts = await records('sales', transactionContract);
    expect(theirContracts.length).toBeGreaterThan(0);
    expect(theirContracts.every((r) => MINE.includes(String(r.partnerIdName)))).toBe(true);
    expect((await records('admin', transactionContract)).length).toBeGreaterThan(theirContracts.length);
    const theirs = await records('sales', clientReservation);
    expect(theirs.every((r) => MINE.includes(String(r.clientIdName)))).toBe(true);
    expect((await records('admin', clientReservation)).length).toBeGreaterThan(theirs.length);
    const bookings = await records('sales', clientBooking);
    expect(bookings.every((r) => MINE.includes(String(r.clientIdName)))).toBe(true);
  });

  it('has reservations and bookings in every state, the held batches reserved', async () => {
    const reservations = await records('admin', clientReservation);
    expect(new Set(reservations.map((r) => r.status))).toEqual(
      new Set(['draft', 'reserved', 'released', 'cancelled', 'expired']),
    );
    const bookings = await records('admin', clientBooking);
    expect(new Set(bookings.map((r) => r.status))).toEqual(
      new Set(['draft', 'submitted', 'approved', 'rejected']),
    );
    const lines = await db.query<{ status: string; batch: string; reservation: string }>(
      `select r.status as reservation, b.status as batch from client_reservation_lines l
         join client_reservations r on r.id = l.reservation_id join batches b on b.batch_no = l.batch_no`,
    );
    expect(lines.length).toBeGreaterThan(0);
    for (const line of lines) expect(line.batch).toBe(line.reservation === 'reserved' ? 'reserved' : 'stock');
  });
});
