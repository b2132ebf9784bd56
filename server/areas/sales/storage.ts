// Storage of the sales desk (tables of 016): clients (a view of partners of kind client), their documents,
// client relations, reservations (whose batches move through the warehouse's batch mover) and bookings.
// Every resource names the column holding its client (`clientScope`): a salesperson bound to their own
// clients reaches only their clients' records.

import { type ContractKind, isPricedLater } from '../../../src/domain/index.ts';
import { clientsOfUser } from '../../platform/access/clients.ts';
import { boundToOwnClients, loadGrants } from '../../platform/access/permissions.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import { childLines } from '../../platform/resources/lines.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { CommandService, HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { draftContract } from '../contracts/index.ts';
import { creditGuard } from '../payments/index.ts';
import { moveBatch } from '../warehouse/index.ts';

/** The salesperson serving the client of the row `t` (the client itself). */
const SALESPERSON_OF_CLIENT = {
  read: '(select r.salesperson_id from client_relations r where r.client_id = t.id)',
};

/** The salesperson serving a booking's client (the sale contract it becomes names them). */
const SALESPERSON_OF_BOOKING = {
  read: '(select r.salesperson_id from client_relations r where r.client_id = t.client_id)',
};

const client: ResourceStorage = {
  table: 'clients',
  clientScope: 'id',
  // Names are unique among all partners (the column's constraint), not only among clients.
  lockFirst: async (db, id, record) => {
    if (!record?.name) return;
    const [taken] = await db.query('select 1 from partners where name = $1 and id::text <> $2', [
      String(record.name),
      id ?? '',
    ]);
    if (taken) throw new FieldErrors({ name: '客户名称已存在' });
  },
  columns: { salespersonId: SALESPERSON_OF_CLIENT },
  // A client made here is a partner of kind client; its kinds are the partners screen's to change.
  stamps: (_hook, creating) => (creating ? { kinds: ['client'] } : {}),
  lines: childLines('partner_contacts', 'partner_id', { name: 'name', phone: 'phone', position: 'position' }),
  // A salesperson bound to their own clients who brings in a new client serves it from today.
  afterSave: async (hook, id, creating) => {
    if (creating && boundToOwnClients(await loadGrants(hook.db, hook.actor.userId)))
      await hook.db.query(
        `insert into client_relations (client_id, salesperson_id, from_date) values ($1, $2, $3)
         on conflict (client_id) do nothing`,
        [id, hook.actor.userId, hook.today],
      );
    return {};
  },
};

const clientData: ResourceStorage = {
  table: 'clients',
  clientScope: 'id',
  columns: { salespersonId: SALESPERSON_OF_CLIENT },
  lines: childLines('client_documents', 'partner_id', {
    kind: 'kind',
    documentNo: 'document_no',
    validUntil: 'valid_until',
    remark: 'remark',
  }),
};

const clientRelation: ResourceStorage = {
  table: 'client_relations',
  unique: ['clientId'],
  clientScope: 'client_id',
};

interface Reservation {
  id: string;
  reservationNo: string;
  status: string;
  expiresOn: string;
}

async function reservationOf(db: Queryable, id: string): Promise<Reservation> {
  const [row] = await db.query<Reservation>(
    `select id::text, reservation_no as "reservationNo", status, to_char(expires_on, 'YYYY-MM-DD') as "expiresOn"
       from client_reservations where id = $1`,
    [id],
  );
  if (!row) throw badRequest('记录不存在或已被删除');
  return row;
}

const batchesOf = async (db: Queryable, id: string) =>
  (
    await db.query<{ batchNo: string }>(
      'select batch_no as "batchNo" from client_reservation_lines where reservation_id = $1 order by sort, id',
      [id],
    )
  ).map((row) => row.batchNo);

/** Moves every batch of a reservation (all or nothing: a batch that cannot move fails the whole call). */
async function moveBatchesOf(
  hook: HookContext,
  reservation: Reservation,
  move: { from: string; to: string; because: string },
) {
  for (const batchNo of await batchesOf(hook.db, reservation.id))
    await moveBatch(hook, batchNo, { from: [move.from], to: move.to, because: move.because });
}

/** The state a reservation was in before the transition just recorded. */
async function stateBefore(db: Queryable, id: string): Promise<string | undefined> {
  const [row] = await db.query<{ fromState: string }>(
    `select from_state as "fromState" from document_history
      where resource_key = 'clientReservation' and record_id = $1 order by id desc limit 1`,
    [id],
  );
  return row?.fromState;
}

const clientOf = async (db: Queryable, id: string) =>
  (
    await db.query<{ clientId: string }>(
      'select client_id::text as "clientId" from client_reservations where id = $1',
      [id],
    )
  )[0]!.clientId;

async function afterReservationMoved(hook: HookContext, id: string, action: string) {
  const reservation = await reservationOf(hook.db, id);
  const no = reservation.reservationNo;
  if (action === 'reserve') {
    if (reservation.expiresOn < hook.today)
      throw badRequest(`预留到期日 ${reservation.expiresOn} 已过，不能预留`);
    if ((await batchesOf(hook.db, id)).length === 0) throw badRequest('请先添加要预留的批号');
    await moveBatchesOf(hook, reservation, { from: 'stock', to: 'reserved', because: `客户预留 ${no}` });
    // The batches now held count against the client's credit: past its limit, risk's to decide (issue 21).
    const said = await creditGuard(hook, await clientOf(hook.db, id), `预留 ${no}`);
    return said ? { effects: said } : {};
  }
  if (action === 'releaseReservation')
    await moveBatchesOf(hook, reservation, { from: 'reserved', to: 'stock', because: `释放客户预留 ${no}` });
  if (action === 'cancelReservation' && (await stateBefore(hook.db, id)) === 'reserved')
    await moveBatchesOf(hook, reservation, { from: 'reserved', to: 'stock', because: `取消客户预留 ${no}` });
  return {};
}

/**
 * Releases every reservation whose date has passed (expires_on before today): its batches go back to stock,
 * it becomes expired, and its history says so. Run by the releaseExpired command and when the server
 * starts and daily after (see index.ts), never when a list is read.
 */
export async function releaseExpiredReservations(hook: HookContext, clientsOf?: string): Promise<string[]> {
  // A salesperson bound to their own clients releases their clients' reservations only.
  const theirs = clientsOf === undefined ? '' : `and client_id in (${clientsOfUser('$2')})`;
  const expired = await hook.db.query<Reservation>(
    `select id::text, reservation_no as "reservationNo", status, to_char(expires_on, 'YYYY-MM-DD') as "expiresOn"
       from client_reservations where status = 'reserved' and expires_on < $1::date ${theirs}
      order by client_reservations.id for update`,
    clientsOf === undefined ? [hook.today] : [hook.today, clientsOf],
  );
  for (const reservation of expired) {
    await moveBatchesOf(hook, reservation, {
      from: 'reserved',
      to: 'stock',
      because: `客户预留 ${reservation.reservationNo} 到期释放`,
    });
    await hook.db.query(`update client_reservations set status = 'expired' where id = $1`, [reservation.id]);
    await recordStep(hook, 'clientReservation', reservation.id, {
      action: 'expire',
      from: 'reserved',
      to: 'expired',
      comment: `到期日 ${reservation.expiresOn}`,
    });
  }
  return expired.map((reservation) => reservation.reservationNo);
}

const releaseExpired: CommandService = async (context) => {
  const released = await releaseExpiredReservations(context, context.clientsOf);
  const note =
    typeof context.input.note === 'string' && context.input.note ? `（${context.input.note}）` : '';
  const done = released.length > 0 ? `释放到期客户预留 ${released.join('、')}` : '没有到期未释放的客户预留';
  return {
    summary: `${done}${note}`,
    data: { released },
  };
};

const clientReservation: ResourceStorage = {
  table: 'client_reservations',
  unique: ['reservationNo'],
  clientScope: 'client_id',
  lines: childLines('client_reservation_lines', 'reservation_id', { batchNo: 'batch_no', remark: 'remark' }),
  // A save (record given) changes a draft only: a reserved one's batches are held as they are.
  lockFirst: async (db, id, record) => {
    if (!id || record === undefined) return;
    const [row] = await db.query<{ status: string }>(
      'select status from client_reservations where id = $1 for update',
      [id],
    );
    if (row && row.status !== 'draft') throw badRequest('只有草稿状态的客户预留可以修改');
  },
  onDelete: async (db, ids) => {
    const [held] = await db.query(
      `select 1 from client_reservations where id = any($1::bigint[]) and status <> 'draft' for update`,
      [ids],
    );
    if (held) throw badRequest('只有草稿状态的客户预留可以删除');
  },
  afterTransition: afterReservationMoved,
  commands: { releaseExpired },
};

type BookingTerms = {
  kind: string;
  signDate: string;
  tolerancePercent?: string | null;
  fixingDeadline?: string | null;
  unitPrice?: string | null;
};

interface BookingRow {
  bookingNo: string;
  clientId: string;
  tonnage: string;
  cropYear: string;
  gradeSpec: string;
  futuresMonth: string;
  basis: string;
  warehouseId: string | null;
  deliveryFrom: string;
  deliveryTo: string;
  contractNo: string | null;
  salespersonId: string | null;
}

/** An approved booking drawn up as a draft sale contract on its terms, once; the booking names it. */
const toContract: CommandService<BookingTerms> = async (context) => {
  const [booking] = await context.db.query<BookingRow>(
    `select b.booking_no as "bookingNo", b.client_id::text as "clientId", b.tonnage::text, b.crop_year as "cropYear",
            b.grade_spec as "gradeSpec", b.futures_month as "futuresMonth", b.basis::text,
            b.warehouse_id::text as "warehouseId", to_char(b.delivery_from, 'YYYY-MM-DD') as "deliveryFrom",
            to_char(b.delivery_to, 'YYYY-MM-DD') as "deliveryTo", c.contract_no as "contractNo",
            (select r.salesperson_id::text from client_relations r where r.client_id = b.client_id) as "salespersonId"
       from client_bookings b left join transaction_contracts c on c.id = b.contract_id
      where b.id = $1 for update of b`,
    [String(context.record!.id)],
  );
  if (booking!.contractNo) throw badRequest(`订货 ${booking!.bookingNo} 已生成合同 ${booking!.contractNo}`);
  const { kind, signDate } = context.input;
  const pricedLater = isPricedLater(kind);
  if (pricedLater && !context.input.fixingDeadline) throw badRequest('基差或延期点价合同须填写点价截止日');
  if (!pricedLater && !context.input.unitPrice) throw badRequest('一口价合同须填写单价');
  const contract = await draftContract(context, {
    side: 'sale',
    kind: kind as ContractKind,
    partnerId: booking!.clientId,
    salespersonId: booking!.salespersonId,
    signDate,
    cropYear: booking!.cropYear,
    qualitySpec: booking!.gradeSpec,
    tonnage: booking!.tonnage,
    tolerancePercent: context.input.tolerancePercent || null,
    futuresMonth: pricedLater ? booking!.futuresMonth : null,
    basis: pricedLater ? booking!.basis : null,
    fixingDeadline: pricedLater ? context.input.fixingDeadline! : null,
    unitPrice: pricedLater ? null : context.input.unitPrice!,
    warehouseId: booking!.warehouseId,
    deliveryFrom: booking!.deliveryFrom,
    deliveryTo: booking!.deliveryTo,
  });
  await context.db.query('update client_bookings set contract_id = $2 where id = $1', [
    String(context.record!.id),
    contract.id,
  ]);
  return { summary: `订货 ${booking!.bookingNo} 生成销售合同 ${contract.contractNo}`, data: contract };
};

const clientBooking: ResourceStorage = {
  table: 'client_bookings',
  unique: ['bookingNo'],
  clientScope: 'client_id',
  columns: { salespersonId: SALESPERSON_OF_BOOKING, contractId: { read: 't.contract_id' } },
  commands: { toContract },
};

export const salesStorage: Readonly<Record<string, ResourceStorage>> = {
  client,
  clientData,
  clientRelation,
  clientReservation,
  clientBooking,
};

/** A reservation another area makes for a client (a purchase request on the B2B storefront). */
export interface ClientReservationRequest {
  reservationNo: string;
  clientId: string;
  expiresOn: string;
  batchNos: readonly string[];
  because: string;
}

/** Reserves batches for a client at once (reserved, its history saying why); its id. */
export async function reserveForClient(
  hook: HookContext,
  request: ClientReservationRequest,
): Promise<string> {
  const [row] = await hook.db.query<{ id: string }>(
    `insert into client_reservations (reservation_no, client_id, expires_on, remark, status)
     values ($1, $2, $3, $4, 'reserved') returning id::text`,
    [request.reservationNo, request.clientId, request.expiresOn, request.because],
  );
  for (const [sort, batchNo] of request.batchNos.entries())
    await hook.db.query(
      'insert into client_reservation_lines (reservation_id, batch_no, sort) values ($1, $2, $3)',
      [row!.id, batchNo, sort],
    );
  await recordStep(hook, 'clientReservation', row!.id, {
    action: 'reserve',
    from: 'draft',
    to: 'reserved',
    comment: request.because,
  });
  const reservation = {
    id: row!.id,
    reservationNo: request.reservationNo,
    status: 'reserved',
    expiresOn: request.expiresOn,
  };
  await moveBatchesOf(hook, reservation, {
    from: 'stock',
    to: 'reserved',
    because: `客户预留 ${request.reservationNo}`,
  });
  return row!.id;
}
