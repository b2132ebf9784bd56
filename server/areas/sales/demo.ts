// The sales desk's part of the demo company: the demo salesperson (login sales) serves two clients and the
// trader two others, so signing in as sales shows the row scope; reservations and bookings in every state.

import { addDays, type DemoStep, insertRows, recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import { cropYearOf, recordBatchMoves, unclaimedStockBatches } from '../warehouse/index.ts';

const SALES_CLIENTS = ['无锡一棉纺织集团有限公司', '鲁泰纺织股份有限公司'];
const TRADER_CLIENTS = ['华孚时尚股份有限公司', '百隆东方股份有限公司'];

/** Next odd CF month after today's (CF2701), as the exchange writes it. */
function nextFuturesMonth(today: string, skip = 0): string {
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7)) + 1;
  let found = -1;
  for (;;) {
    if (month > 12) {
      month -= 12;
      year += 1;
    }
    if (month % 2 === 1 && ++found === skip)
      return `CF${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`;
    month += 1;
  }
}

async function idsByName(tx: Queryable, names: readonly string[]): Promise<Map<string, string>> {
  const rows = await tx.query<{ id: string; name: string }>(
    'select id::text as id, name from partners where name = any($1::text[])',
    [names],
  );
  return new Map(rows.map((row) => [row.name, row.id]));
}

interface DemoReservation {
  no: string;
  client: string;
  expiresOn: string;
  status: 'draft' | 'reserved' | 'released' | 'cancelled' | 'expired';
  batches: number;
  by: string;
  remark?: string;
}

export async function salesDemo(tx: Queryable, { today }: DemoContext): Promise<void> {
  const clients = await idsByName(tx, [...SALES_CLIENTS, ...TRADER_CLIENTS]);
  const users = new Map(
    (
      await tx.query<{ id: string; login: string }>(
        `select id::text as id, login_name as login from users where login_name in ('sales', 'trader')`,
      )
    ).map((row) => [row.login, row.id]),
  );
  if (clients.size === 0 || users.size < 2) return;
  const serving = [
    ...SALES_CLIENTS.map((name) => [name, 'sales'] as const),
    ...TRADER_CLIENTS.map((name) => [name, 'trader'] as const),
  ].filter(([name]) => clients.has(name));
  await insertRows(
    tx,
    'client_relations',
    { client_id: 'bigint', salesperson_id: 'bigint', from_date: 'date' },
    serving.map(([name, login]) => ({
      client_id: clients.get(name),
      salesperson_id: users.get(login),
      from_date: addDays(today, -180),
    })),
  );

  const [wuxi, lutai] = SALES_CLIENTS;
  const [huafu, bailong] = TRADER_CLIENTS;
  const planned: DemoReservation[] = [
    {
      no: 'YL-0001',
      client: wuxi!,
      expiresOn: addDays(today, 10),
      status: 'reserved',
      batches: 2,
      by: 'sales',
    },
    {
      no: 'YL-0002',
      client: lutai!,
      expiresOn: addDays(today, 20),
      status: 'draft',
      batches: 1,
      by: 'sales',
    },
    {
      no: 'YL-0003',
      client: wuxi!,
      expiresOn: addDays(today, -5),
      status: 'released',
      batches: 1,
      by: 'sales',
    },
    {
      no: 'YL-0004',
      client: lutai!,
      expiresOn: addDays(today, -2),
      status: 'expired',
      batches: 1,
      by: 'sales',
    },
    {
      no: 'YL-0005',
      client: bailong!,
      expiresOn: addDays(today, 7),
      status: 'reserved',
      batches: 1,
      by: 'trader',
    },
    {
      no: 'YL-0006',
      client: huafu!,
      expiresOn: addDays(today, 15),
      status: 'cancelled',
      batches: 1,
      by: 'trader',
    },
  ];
  const plan = planned.filter((reservation) => clients.has(reservation.client));
  const batches = await unclaimedStockBatches(
    tx,
    plan.reduce((sum, r) => sum + r.batches, 0),
  );
  const lines: { no: string; batchNo: string; sort: number }[] = [];
  for (const reservation of plan)
    for (let sort = 0; sort < reservation.batches && batches.length > 0; sort += 1)
      lines.push({ no: reservation.no, batchNo: batches.shift()!.batchNo, sort });
  await insertRows(
    tx,
    'client_reservations',
    { reservation_no: 'text', client_id: 'bigint', expires_on: 'date', status: 'text', remark: 'text' },
    plan.map((r) => ({
      reservation_no: r.no,
      client_id: clients.get(r.client),
      expires_on: r.expiresOn,
      status: r.status,
      remark: r.remark ?? null,
    })),
  );
  await tx.query(
    `insert into client_reservation_lines (reservation_id, batch_no, sort)
     select r.id, l.batch_no, l.sort from jsonb_to_recordset($1::jsonb) as l(no text, batch_no text, sort integer)
       join client_reservations r on r.reservation_no = l.no`,
    [JSON.stringify(lines.map((line) => ({ no: line.no, batch_no: line.batchNo, sort: line.sort })))],
  );
  const held = plan.filter((r) => r.status === 'reserved').map((r) => r.no);
  const heldBatches = lines.filter((line) => held.includes(line.no)).map((line) => line.batchNo);
  await tx.query(`update batches set status = 'reserved' where batch_no = any($1::text[])`, [heldBatches]);

  const steps: DemoStep[] = [];
  const moves: Parameters<typeof recordBatchMoves>[1][number][] = [];
  for (const r of plan) {
    const reservedOn = addDays(r.expiresOn, -14) < today ? addDays(r.expiresOn, -14) : today;
    const batchesOf = lines.filter((line) => line.no === r.no).map((line) => line.batchNo);
    if (r.status === 'draft') continue;
    steps.push({ no: r.no, action: 'reserve', from: 'draft', to: 'reserved', by: r.by, day: reservedOn });
    for (const batchNo of batchesOf)
      moves.push({
        batchNo,
        from: 'stock',
        to: 'reserved',
        because: `客户预留 ${r.no}`,
        by: r.by,
        day: reservedOn,
      });
    const end = {
      released: 'releaseReservation',
      cancelled: 'cancelReservation',
      expired: 'expire',
    } as const;
    if (r.status === 'reserved') continue;
    const day = r.status === 'expired' ? addDays(r.expiresOn, 1) : addDays(reservedOn, 2);
    steps.push({ no: r.no, action: end[r.status], from: 'reserved', to: r.status, by: r.by, day });
    for (const batchNo of batchesOf)
      moves.push({ batchNo, from: 'reserved', to: 'stock', because: `释放客户预留 ${r.no}`, by: r.by, day });
  }
  await recordHistory(
    tx,
    { resourceKey: 'clientReservation', table: 'client_reservations', keyColumn: 'reservation_no' },
    steps,
  );
  await recordBatchMoves(tx, moves);
  await bookings(tx, today, clients);
}

async function bookings(tx: Queryable, today: string, clients: Map<string, string>) {
  const warehouses = await tx.query<{ id: string }>(
    `select id::text as id from warehouses where kind = 'delivery' order by code limit 2`,
  );
  const cropYear = cropYearOf(today);
  const [wuxi, lutai] = SALES_CLIENTS;
  const [huafu, bailong] = TRADER_CLIENTS;
  const plan = [
    {
      no: 'DH-0001',
      client: wuxi!,
      tonnage: '300',
      grade: '3128B',
      basis: '1150',
      status: 'approved',
      by: 'sales',
    },
    {
      no: 'DH-0002',
      client: wuxi!,
      tonnage: '200',
      grade: '2129B',
      basis: '1380',
      status: 'submitted',
      by: 'sales',
    },
    {
      no: 'DH-0003',
      client: lutai!,
      tonnage: '500',
      grade: '3128B',
      basis: '1100',
      status: 'draft',
      by: 'sales',
    },
    {
      no: 'DH-0004',
      client: lutai!,
      tonnage: '100',
      grade: '4128B',
      basis: '780',
      status: 'rejected',
      by: 'sales',
    },
    {
      no: 'DH-0005',
      client: bailong!,
      tonnage: '400',
      grade: '3129B',
      basis: '1220',
      status: 'submitted',
      by: 'trader',
    },
    {
      no: 'DH-0006',
      client: huafu!,
      tonnage: '250',
      grade: '3128B',
      basis: '1180',
      status: 'approved',
      by: 'trader',
    },
  ].filter((booking) => clients.has(booking.client));
  await insertRows(
    tx,
    'client_bookings',
    {
      booking_no: 'text',
      client_id: 'bigint',
      tonnage: 'numeric',
      crop_year: 'text',
      grade_spec: 'text',
      futures_month: 'text',
      basis: 'numeric',
      warehouse_id: 'bigint',
      delivery_from: 'date',
      delivery_to: 'date',
      status: 'text',
    },
    plan.map((b, index) => ({
      booking_no: b.no,
      client_id: clients.get(b.client),
      tonnage: b.tonnage,
      crop_year: cropYear,
      grade_spec: b.grade,
      futures_month: nextFuturesMonth(today, index % 2),
      basis: b.basis,
      warehouse_id: warehouses[index % Math.max(1, warehouses.length)]?.id ?? null,
      delivery_from: addDays(today, 15),
      delivery_to: addDays(today, 75),
      status: b.status,
    })),
  );
  const steps: DemoStep[] = [];
  for (const b of plan) {
    if (b.status === 'draft') continue;
    const submitted = addDays(today, -3);
    steps.push({ no: b.no, action: 'submit', from: 'draft', to: 'submitted', by: b.by, day: submitted });
    if (b.status === 'approved')
      steps.push({
        no: b.no,
        action: 'approve',
        from: 'submitted',
        to: 'approved',
        by: 'admin',
        day: addDays(submitted, 1),
      });
    if (b.status === 'rejected')
      steps.push({
        no: b.no,
        action: 'reject',
        from: 'submitted',
        to: 'rejected',
        by: 'admin',
        day: addDays(submitted, 1),
        comment: '基差低于销售基差表，请重新报价',
      });
  }
  await recordHistory(
    tx,
    { resourceKey: 'clientBooking', table: 'client_bookings', keyColumn: 'booking_no' },
    steps,
  );
}
