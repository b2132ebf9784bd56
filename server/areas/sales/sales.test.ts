// The sales desk through HTTP: a salesperson bound to their own clients (permission ownClients) reaches
// only their clients' records — contracts, reservations, bookings, clients — whatever the client sends;
// reservations move their batches through the warehouse's batch mover and back on release, cancel and
// expiry (a command, and the server's start), never when a list is read.
import type { FastifyInstance } from 'fastify';
import { moduleResource, org, role, user } from '../../../src/areas/access/index.ts';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import {
  client,
  clientBooking,
  clientData,
  clientRelation,
  clientReservation,
} from '../../../src/areas/sales/index.ts';
import {
  BACKENDS,
  login,
  loginChangingTemporary,
  manualClock,
  openTestDb,
  post,
  startApp,
} from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

const DAY = 24 * 60 * 60 * 1000;

describe.each(BACKENDS)('the sales desk on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const clock = manualClock(Date.parse('2026-11-20T02:00:00Z'));
  const tokens: Record<string, string> = {};
  const { call, saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const ids: Record<string, string> = {};
  const contracts: Record<string, Row> = {};

  const one = async <T>(sql: string, params: unknown[] = []) => (await env.db.query<T>(sql, params))[0]!;
  const batchStatus = async (batchNo: string) =>
    (await one<{ status: string }>('select status from batches where batch_no = $1', [batchNo])).status;
  const reservation = (
    reservationNo: string,
    clientId: string,
    batches: string[],
    expiresOn = '2026-11-30',
  ) => ({
    reservationNo,
    clientId,
    expiresOn,
    lines: JSON.stringify(batches.map((batchNo) => ({ batchNo }))),
  });
  const contract = (contractNo: string, partnerId: string): Body => ({
    contractNo,
    side: 'sale',
    kind: 'spot',
    partnerId,
    signDate: '2026-11-20',
    tonnage: '100',
    unitPrice: '15800',
    taxRate: '9',
  });
  const booking = (bookingNo: string, clientId: string): Body => ({
    bookingNo,
    clientId,
    tonnage: '300',
    cropYear: '2025/26',
    gradeSpec: '3128B',
    futuresMonth: 'CF2705',
    basis: '1150',
    deliveryFrom: '2026-12-01',
    deliveryTo: '2027-01-31',
  });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, clock));
    for (const who of ['admin', 'sales', 'trader', 'risk']) tokens[who] = (await login(app, who)).token;
    const [warehouse] = await env.db.query<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('ZZ1', '郑州一号库', 'delivery') returning id::text`,
    );
    for (const batchNo of ['65001251001', '65001251002', '65001251003', '65001251004', '65001251005'])
      await env.db.query(
        `insert into batches (batch_no, warehouse_id, status, conditioned_weight, crop_year)
         values ($1, $2, 'stock', '38.5', '2025/26')`,
        [batchNo, warehouse!.id],
      );
    ids.a = (await saved('admin', client, { name: '甲纺织有限公司', creditLimit: '3000000' })).id;
    ids.b = (await saved('admin', client, { name: '乙纺织有限公司' })).id;
    const { id: salesId } = await one<{ id: string }>(
      `select id::text from users where login_name = 'sales'`,
    );
    await saved('admin', clientRelation, {
      clientId: ids.a!,
      salespersonId: salesId,
      fromDate: '2026-11-01',
    });
    contracts.a = await saved('admin', transactionContract, contract('XS-A', ids.a!));
    contracts.b = await saved('admin', transactionContract, contract('XS-B', ids.b!));
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('makes a client a partner of kind client and names its salesperson', async () => {
    const [row] = await env.db.query<{ kinds: string[] }>('select kinds from partners where id = $1', [
      ids.a,
    ]);
    expect(row!.kinds).toEqual(['client']);
    const { json } = await call('admin', client, 'detail', { id: ids.a! });
    expect(json.data).toMatchObject({
      name: '甲纺织有限公司',
      salespersonIdName: '赵敏',
      creditLimit: '3000000.00',
    });
    // A supplier is no client: the desk does not show it.
    const names = (await records('admin', client)).map((r) => r.name);
    expect(names).toEqual(expect.arrayContaining(['甲纺织有限公司', '乙纺织有限公司']));
    const [supplier] = await env.db.query<{ name: string }>(
      `select name from partners where not ('client' = any (kinds)) limit 1`,
    );
    expect(names).not.toContain(supplier!.name);
    // A name any partner holds is refused on its field, nothing saved.
    const taken = await call('admin', client, 'save', { name: '甲纺织有限公司' });
    expect(taken.json).toMatchObject({ code: 400, data: { fields: { name: '客户名称已存在' } } });
    const asSupplier = await call('admin', client, 'save', { name: supplier!.name });
    expect(asSupplier.json.code).toBe(400);
  });

  it("shows a salesperson their clients' contracts only; an administrator and a trader see both", async () => {
    expect((await records('sales', transactionContract)).map((r) => r.contractNo)).toEqual(['XS-A']);
    expect((await records('admin', transactionContract)).map((r) => r.contractNo).sort()).toEqual([
      'XS-A',
      'XS-B',
    ]);
    expect((await records('trader', transactionContract)).map((r) => r.contractNo).sort()).toEqual([
      'XS-A',
      'XS-B',
    ]);
    expect((await call('sales', transactionContract, 'detail', { id: contracts.a!.id })).json.code).toBe(200);
    const outside = await call('sales', transactionContract, 'detail', { id: contracts.b!.id });
    expect(outside.json).toMatchObject({ code: 400, msg: '记录不存在或已被删除' });
    expect((await call('sales', transactionContract, 'history', { id: contracts.b!.id })).json.code).toBe(
      400,
    );
    expect((await records('sales', client)).map((r) => r.name)).toEqual(['甲纺织有限公司']);
    expect((await call('sales', clientData, 'detail', { id: ids.b! })).json.code).toBe(400);
  });

  it("refuses a salesperson's change to another client's contract, and changes nothing", async () => {
    const edited = await call('sales', transactionContract, 'save', {
      ...contract('XS-B', ids.b!),
      id: contracts.b!.id,
      tonnage: '999',
    });
    expect(edited.json).toMatchObject({ code: 400, msg: '记录不存在或已被删除' });
    // Moving their own contract to another client, or creating one for another client: refused.
    const moved = await call('sales', transactionContract, 'save', {
      ...contract('XS-A', ids.b!),
      id: contracts.a!.id,
    });
    expect(moved.json.code).toBe(403);
    expect((await call('sales', transactionContract, 'save', contract('XS-C', ids.b!))).json.code).toBe(403);
    expect((await transition('sales', transactionContract, contracts.b!.id, 'submit')).json.code).toBe(400);
    expect(
      await env.db.query(
        `select contract_no, partner_id::text as partner, tonnage::text, status from transaction_contracts order by contract_no`,
      ),
    ).toEqual([
      { contract_no: 'XS-A', partner: ids.a, tonnage: '100.0000', status: 'draft' },
      { contract_no: 'XS-B', partner: ids.b, tonnage: '100.0000', status: 'draft' },
    ]);
    expect((await transition('sales', transactionContract, contracts.a!.id, 'submit')).json.code).toBe(200);
    expect((await call('sales', transactionContract, 'save', contract('XS-A2', ids.a!))).json.code).toBe(200);
  });

  it('makes a salesperson who brings in a new client the one serving it', async () => {
    const brought = await saved('sales', client, { name: '丙纺织有限公司' });
    expect(brought).toMatchObject({ salespersonIdName: '赵敏' });
    expect((await records('sales', client)).map((r) => r.name).sort()).toEqual(
      ['甲纺织有限公司', '丙纺织有限公司'].sort(),
    );
    await env.db.query('delete from client_relations where client_id = $1', [brought.id]);
    await env.db.query('delete from partners where id = $1', [brought.id]);
  });

  it('lets a salesperson read their client relations but never change who serves whom', async () => {
    expect((await records('sales', clientRelation)).map((r) => r.clientId)).toEqual([ids.a]);
    const { id: salesId } = await one<{ id: string }>(
      `select id::text from users where login_name = 'sales'`,
    );
    const taken = await call('sales', clientRelation, 'save', {
      clientId: ids.b!,
      salespersonId: salesId,
      fromDate: '2026-11-20',
    });
    expect(taken.json.code).toBe(403);
    expect(await env.db.query('select client_id::text as client from client_relations')).toEqual([
      { client: ids.a },
    ]);
    // One salesperson per client: a second relation of client A is refused.
    const second = await call('admin', clientRelation, 'save', {
      clientId: ids.a!,
      salespersonId: salesId,
      fromDate: '2026-11-20',
    });
    expect(second.json.code).toBe(400);
  });

  it('binds the users of a role an administrator makes when it ticks ownClients on any of its screens', async () => {
    const moduleOf = async (code: string) =>
      (await records('admin', moduleResource, { code })).find((m) => m.code === code)!.id;
    const [reservedModule, contractModule] = [
      await moduleOf('ClientReserved'),
      await moduleOf('TransactionContract'),
    ];
    const desk = await saved('admin', role, {
      name: '区域销售',
      code: 'regionalSales',
      permissions: JSON.stringify([
        { moduleId: reservedModule, codes: ['view', 'ownClients'] },
        { moduleId: contractModule, codes: ['view'] },
      ]),
    });
    const [hq] = await records('admin', org, { name: '总公司' });
    const member = await saved('admin', user, {
      departmentId: hq!.id,
      loginName: 'xs02',
      relName: '钱七',
      phone: '13700000003',
      roleIds: [desk.id],
    });
    tokens.regional = await loginChangingTemporary(app, 'xs02', String(member.temporaryPassword));
    expect(await records('regional', transactionContract)).toEqual([]);
    await saved('admin', clientRelation, {
      clientId: ids.b!,
      salespersonId: member.id,
      fromDate: '2026-11-20',
    });
    expect((await records('regional', transactionContract)).map((r) => r.contractNo)).toEqual(['XS-B']);
  });

  it("keeps another client's reservation out of a salesperson's reach, batches unmoved", async () => {
    const mine = await saved('sales', clientReservation, reservation('YL-A', ids.a!, ['65001251001']));
    const theirs = await saved('admin', clientReservation, reservation('YL-B', ids.b!, ['65001251002']));
    expect((await records('sales', clientReservation)).map((r) => r.reservationNo)).toEqual(['YL-A']);
    expect((await records('admin', clientReservation)).map((r) => r.reservationNo).sort()).toEqual([
      'YL-A',
      'YL-B',
    ]);
    expect((await call('sales', clientReservation, 'detail', { id: theirs.id })).json.code).toBe(400);
    expect((await transition('sales', clientReservation, theirs.id, 'reserve')).json.code).toBe(400);
    expect((await call('sales', clientReservation, 'delete', { id: theirs.id })).json.code).toBe(400);
    expect(await batchStatus('65001251002')).toBe('stock');
    expect(
      (await call('sales', clientReservation, 'save', reservation('YL-X', ids.b!, ['65001251003']))).json
        .code,
    ).toBe(403);
    expect(await env.db.query(`select 1 from client_reservations where reservation_no = 'YL-X'`)).toEqual([]);
    const reserved = await transition('sales', clientReservation, mine.id, 'reserve');
    expect(reserved.json.code, reserved.json.msg).toBe(200);
    expect(await batchStatus('65001251001')).toBe('reserved');
    // Bookings too.
    await saved('admin', clientBooking, booking('DH-B', ids.b!));
    const own = await saved('sales', clientBooking, booking('DH-A', ids.a!));
    expect((await records('sales', clientBooking)).map((r) => [r.bookingNo, r.salespersonIdName])).toEqual([
      ['DH-A', '赵敏'],
    ]);
    // A booking, reservation or relation names a client, never a supplier or a bank.
    const [supplier] = await env.db.query<{ id: string }>(
      `select id::text from partners where not ('client' = any (kinds)) limit 1`,
    );
    if (supplier) {
      const notClient = await call('admin', clientBooking, 'save', booking('DH-S', supplier.id));
      expect(notClient.json).toMatchObject({
        code: 400,
        data: { fields: { clientId: '客户：所选往来单位不是客户，请重新选择' } },
      });
    }
    expect((await transition('sales', clientBooking, own.id, 'submit')).json.code).toBe(200);
    const queue = await records('trader', clientBooking, { status: 'submitted' });
    expect(queue.map((r) => r.bookingNo)).toEqual(['DH-A']);
    expect((await transition('trader', clientBooking, own.id, 'approve', '同意')).json.code).toBe(200);

    // The approved booking becomes a draft sale contract on its terms, once.
    const draw = (body: Body) =>
      post(app, '/api/sales/ClientBook/toContract', { id: own.id, ...body }, { token: tokens.sales });
    expect((await draw({ kind: 'basis', signDate: '2026-11-20' })).json).toMatchObject({
      code: 400,
      msg: '基差或延期点价合同须填写点价截止日',
    });
    const drawn = await draw({ kind: 'basis', signDate: '2026-11-20', fixingDeadline: '2027-03-31' });
    expect(drawn.json.code, drawn.json.msg).toBe(200);
    const { result } = drawn.json.data as { result: { contractNo: string } };
    const [made] = await records('sales', transactionContract, { contractNo: result.contractNo });
    expect(made).toMatchObject({
      side: 'sale',
      kind: 'basis',
      status: 'draft',
      tonnage: '300',
      futuresMonth: 'CF2705',
      basis: '1150.00',
      pricingParty: 'buyer',
      salespersonIdName: '赵敏',
    });
    expect(drawn.json.msg).toBe(`订货 DH-A 生成销售合同 ${made!.contractNo}`);
    expect(
      (await draw({ kind: 'basis', signDate: '2026-11-20', fixingDeadline: '2027-03-31' })).json.msg,
    ).toBe(`订货 DH-A 已生成合同 ${made!.contractNo}`);
  });

  // Issue 21: client A's limit is 3,000,000; its submitted spot sale XS-A commits 100 t × 15,800 = 1,580,000
  // and YL-A holds 38.5 t at the credit valuation price 16,000 = 616,000. Two more batches (77 t, 1,232,000)
  // would use 3,428,000: 428,000 over. The desk is refused, saying so; risk may make the reservation.
  it('refuses at the desk a reservation past the client’s limit, with the figures; risk makes it', async () => {
    const more = await saved(
      'sales',
      clientReservation,
      reservation('YL-A2', ids.a!, ['65001251002', '65001251005']),
    );
    const refused = await transition('sales', clientReservation, more.id, 'reserve');
    expect(refused.json.code).toBe(400);
    expect(refused.json.msg).toBe(
      '客户 甲纺织有限公司 授信额度 3000000.00 元，应收 0.00 元、已点价未交货 1580000.00 元、未点价敞口 0.00 元、' +
        '预留货物 1848000.00 元、保证金缺口 0.00 元，预留 YL-A2后将超出授信 428000.00 元：业务不能办理，须由风控审批办理',
    );
    expect(await batchStatus('65001251005')).toBe('stock');
    expect((await call('sales', clientReservation, 'detail', { id: more.id })).json.data).toMatchObject({
      status: 'draft',
    });
    const byRisk = await transition('risk', clientReservation, more.id, 'reserve');
    expect(byRisk.json.code, byRisk.json.msg).toBe(200);
    expect(await batchStatus('65001251005')).toBe('reserved');
    expect((await transition('risk', clientReservation, more.id, 'releaseReservation')).json.code).toBe(200);
    expect(await batchStatus('65001251005')).toBe('stock');
  });

  it('reserves batches through the batch mover and gives them back on release and cancel', async () => {
    const first = await saved(
      'admin',
      clientReservation,
      reservation('YL-1', ids.b!, ['65001251003', '65001251004']),
    );
    const rival = await saved('admin', clientReservation, reservation('YL-2', ids.b!, ['65001251004']));
    expect((await transition('admin', clientReservation, first.id, 'reserve')).json.code).toBe(200);
    expect(await batchStatus('65001251003')).toBe('reserved');
    expect(await batchStatus('65001251004')).toBe('reserved');
    // A batch held by one reservation cannot be reserved again: refused, nothing changed.
    const twice = await transition('admin', clientReservation, rival.id, 'reserve');
    expect(twice.json.code).toBe(400);
    expect(twice.json.msg).toContain('65001251004');
    expect(
      (await one<{ status: string }>('select status from client_reservations where id = $1', [rival.id]))
        .status,
    ).toBe('draft');
    // A reserved one is not edited or deleted.
    const edited = await call('admin', clientReservation, 'save', {
      ...reservation('YL-1', ids.b!, ['65001251005']),
      id: first.id,
    });
    expect(edited.json.code).toBe(400);
    expect((await call('admin', clientReservation, 'delete', { id: first.id })).json.code).toBe(400);
    expect((await transition('admin', clientReservation, first.id, 'releaseReservation')).json.code).toBe(
      200,
    );
    expect(await batchStatus('65001251003')).toBe('stock');
    expect(await batchStatus('65001251004')).toBe('stock');
    expect((await transition('admin', clientReservation, rival.id, 'reserve')).json.code).toBe(200);
    expect((await transition('admin', clientReservation, rival.id, 'cancelReservation')).json.code).toBe(200);
    expect(await batchStatus('65001251004')).toBe('stock');
    const moves = await env.db.query<{ comment: string }>(
      `select h.comment from document_history h join batches b on h.record_id = b.id::text
        where h.resource_key = 'batch' and b.batch_no = '65001251004' order by h.id`,
    );
    expect(moves.map((m) => m.comment)).toEqual([
      '客户预留 YL-1',
      '释放客户预留 YL-1',
      '客户预留 YL-2',
      '取消客户预留 YL-2',
    ]);
    // A reservation past its date cannot be made.
    const late = await saved(
      'admin',
      clientReservation,
      reservation('YL-3', ids.b!, ['65001251005'], '2026-11-19'),
    );
    expect((await transition('admin', clientReservation, late.id, 'reserve')).json.code).toBe(400);
    expect(await batchStatus('65001251005')).toBe('stock');
  });

  it('releases expired reservations by the command, not when a list is read, and on the next start', async () => {
    const soon = await saved(
      'admin',
      clientReservation,
      reservation('YL-9', ids.b!, ['65001251005'], '2026-11-21'),
    );
    expect((await transition('admin', clientReservation, soon.id, 'reserve')).json.code).toBe(200);
    clock.advance(2 * DAY);
    tokens.admin = (await login(app, 'admin')).token;
    await records('admin', clientReservation);
    expect(await batchStatus('65001251005')).toBe('reserved');
    const path = `/api/sales/ClientReserved/releaseExpired`;
    // The salesperson releases their own clients' reservations only: YL-9 is client B's.
    tokens.sales = (await login(app, 'sales')).token;
    const own = await post(app, path, {}, { token: tokens.sales });
    expect(own.json).toMatchObject({ code: 200, data: { result: { released: [] } } });
    expect(await batchStatus('65001251005')).toBe('reserved');
    // YL-A (client A, until 11-30) is not yet due; YL-9 is.
    const { json } = await post(app, path, { note: '月末清理' }, { token: tokens.admin });
    expect(json.code, json.msg).toBe(200);
    expect(json.msg).toBe('释放到期客户预留 YL-9（月末清理）');
    expect(json.data).toMatchObject({ result: { released: ['YL-9'] } });
    expect(await batchStatus('65001251005')).toBe('stock');
    expect(
      (await one<{ status: string }>('select status from client_reservations where id = $1', [soon.id]))
        .status,
    ).toBe('expired');
    const history = await call('admin', clientReservation, 'history', { id: soon.id });
    expect((history.json.data as Row[]).map((h) => h.action)).toEqual(['reserve', 'expire']);
    // The next start of the server releases what expired meanwhile.
    clock.advance(10 * DAY);
    expect(await batchStatus('65001251001')).toBe('reserved');
    const restarted = await startApp(env.db, clock);
    await restarted.app.ready();
    expect(await batchStatus('65001251001')).toBe('stock');
    await restarted.app.close();
  });
});
