// The purchase-contract margin ledger through HTTP. Hand-worked ledger of supplier 库尔勒棉业 (contracts P1,
// P2 approved, P3 a draft): finance pays 100,000.00 unallotted (2 Nov) and 50,000.00 onto P1 (3 Nov); the desk
// allots 30,000.00 from the unallotted part to P2 (5 Nov) and moves 20,000.00 from P1 to P2 (6 Nov); finance
// takes 10,000.00 back from P2 (10 Nov) and 20,000.00 from the unallotted part (12 Nov). Paid 150,000.00,
// returned 30,000.00, balance 120,000.00 = unallotted 50,000.00 + P1 30,000.00 + P2 40,000.00.
// Interest 1–20 Nov at 3.65% ACT/365 from 1 Nov, 3.60% ACT/360 from 11 Nov: 2 Nov 100,000 × 3.65% × 1/365 =
// 10.00; 3–9 Nov 150,000 × 3.65% × 7/365 = 105.00; 10 Nov 140,000 × 3.65% × 1/365 = 14.00; 11 Nov 140,000 ×
// 3.60% × 1/360 = 14.00; 12–20 Nov 120,000 × 3.60% × 9/360 = 108.00. Total 251.00.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import {
  purchaseContractMargin,
  purchaseMarginApplication,
  purchaseMarginBalance,
  purchaseMarginInterest,
  purchaseMarginInterestPiece,
  purchaseMarginMovement,
} from '../../../src/areas/risk/index.ts';
import { systemSetting } from '../../../src/areas/settings/index.ts';
import { BACKENDS, login, manualClock, openTestDb, startApp } from '../../test/harness.ts';
import { type Body, resourceCalls } from '../../test/resourceCalls.ts';

// Monday 23 November 2026, 16:00 in Beijing.
const NOW = Date.parse('2026-11-23T08:00:00Z');

describe.each(BACKENDS)('purchase-contract margin on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let supplierId = '';
  let clientId = '';
  const contracts: Record<string, string> = {};

  const movement = (over: Partial<Body>): Body => ({
    kind: 'payment',
    supplierId,
    amount: '10000',
    valueDate: '2026-11-02',
    ...over,
  });
  const ledger = () =>
    env.db.query<{ kind: string; amount: string }>(
      'select kind, amount::text from purchase_margin_movements order by id',
    );
  const balanceOfSupplier = async () => {
    const [row] = await records('risk', purchaseMarginBalance, { supplierId });
    return row!;
  };
  const held = async () =>
    Object.fromEntries(
      (await records('risk', purchaseContractMargin, { supplierId })).map((row) => [
        row.contractIdName,
        row.held,
      ]),
    );

  const purchase = async (approved: boolean) => {
    const contract = await saved('trader', transactionContract, {
      side: 'purchase',
      kind: 'basis',
      partnerId: supplierId,
      signDate: '2026-11-02',
      tonnage: '100',
      tolerancePercent: '5',
      futuresMonth: 'CF2705',
      basis: '800',
      fixingDeadline: '2027-04-15',
    });
    if (approved) {
      expect(
        (await call('trader', transactionContract, 'transition', { id: contract.id, action: 'submit' })).json
          .code,
      ).toBe(200);
      const approve = await call('risk', transactionContract, 'transition', {
        id: contract.id,
        action: 'approve',
      });
      expect(approve.json.code, approve.json.msg).toBe(200);
    }
    return contract;
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db, manualClock(NOW)));
    for (const who of ['admin', 'trader', 'risk', 'finance', 'warehouse'])
      tokens[who] = (await login(app, who)).token;
    supplierId = (
      await env.db.query<{ id: string }>(
        `insert into partners (name, kinds) values ('库尔勒棉业', '{supplier}') returning id::text`,
      )
    )[0]!.id;
    clientId = (
      await env.db.query<{ id: string }>(
        `insert into partners (name, kinds) values ('华纺股份', '{client}') returning id::text`,
      )
    )[0]!.id;
    for (const [name, approved] of [
      ['P1', true],
      ['P2', true],
      ['P3', false],
    ] as const) {
      const contract = await purchase(approved);
      contracts[name] = contract.id;
      contracts[`${name}No`] = String(contract.contractNo);
    }
    await env.db.query(
      `insert into system_settings (setting_key, value, effective_from) values
         ('purchaseMarginInterestPercent', '3.65', '2026-11-01'),
         ('purchaseMarginDayCount', 'ACT/365', '2026-11-01'),
         ('purchaseMarginInterestPercent', '3.6', '2026-11-11'),
         ('purchaseMarginDayCount', 'ACT/360', '2026-11-11')`,
    );
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  // Finance holds the whole of /capital/ and /Pcm/ (the seed's menu groups); the desk holds only allotments.
  it('gives each desk its own movements: the desk allots but never pays or takes back, risk reads', async () => {
    expect((await call('warehouse', purchaseMarginMovement, 'list')).json.code).toBe(403);
    expect((await call('warehouse', purchaseMarginBalance, 'list')).json.code).toBe(403);
    expect((await call('risk', purchaseMarginBalance, 'list')).json.code).toBe(200);
    const refused: [string, Partial<Body>][] = [
      ['trader', { kind: 'payment' }],
      ['trader', { kind: 'return' }],
      ['risk', { kind: 'payment' }],
      ['risk', { kind: 'return' }],
    ];
    for (const [who, over] of refused) {
      const { json } = await call(who, purchaseMarginMovement, 'save', movement(over));
      expect(json.code, `${who} ${JSON.stringify(over)}`).toBe(403);
    }
    expect(await ledger()).toEqual([]);
  });

  it('keeps the ledger and derives every balance from it (worked example)', async () => {
    const steps: [string, Partial<Body>][] = [
      ['finance', { kind: 'payment', amount: '100000', valueDate: '2026-11-02' }],
      ['finance', { kind: 'payment', amount: '50000', valueDate: '2026-11-03', contractId: contracts.P1! }],
      ['trader', { kind: 'allot', amount: '30000', valueDate: '2026-11-05', contractId: contracts.P2! }],
      [
        'trader',
        {
          kind: 'allot',
          amount: '20000',
          valueDate: '2026-11-06',
          contractId: contracts.P2!,
          fromContractId: contracts.P1!,
        },
      ],
      ['finance', { kind: 'return', amount: '10000', valueDate: '2026-11-10', contractId: contracts.P2! }],
      ['finance', { kind: 'return', amount: '20000', valueDate: '2026-11-12' }],
    ];
    for (const [who, over] of steps) {
      const row = await saved(who, purchaseMarginMovement, movement(over));
      expect(String(row.movementNo)).toMatch(/^BZ20261123\d{5}$/);
    }
    expect(await balanceOfSupplier()).toMatchObject({
      paid: '150000.00',
      returned: '30000.00',
      balance: '120000.00',
      allotted: '70000.00',
      unallotted: '50000.00',
      lastValueDate: '2026-11-12',
    });
    expect(await held()).toEqual({ [contracts.P1No!]: '30000.00', [contracts.P2No!]: '40000.00' });
    const { json } = await call('finance', purchaseMarginBalance, 'detail', { id: supplierId });
    expect(json.code, json.msg).toBe(200);
    const detail = json.data as { movements: { kind: string; amount: string }[] };
    expect(detail.movements.map((m) => [m.kind, m.amount])).toEqual([
      ['return', '20000.00'],
      ['return', '10000.00'],
      ['allot', '20000.00'],
      ['allot', '30000.00'],
      ['payment', '50000.00'],
      ['payment', '100000.00'],
    ]);
  });

  it('refuses a movement that cannot be made, on the field to correct, nothing written', async () => {
    const before = await ledger();
    const cases: [string, Partial<Body>, string, RegExp][] = [
      [
        'trader',
        { kind: 'allot', amount: '50000.01', contractId: contracts.P1! },
        'amount',
        /未分配的保证金 50000\.00/,
      ],
      [
        'finance',
        { kind: 'return', amount: '30000.01', contractId: contracts.P1! },
        'amount',
        /该合同占用的保证金 30000\.00/,
      ],
      ['trader', { kind: 'allot', contractId: '' }, 'contractId', /./],
      ['trader', { kind: 'allot', contractId: contracts.P3! }, 'contractId', /尚未审批通过/],
      ['finance', { supplierId: clientId }, 'supplierId', /不是供应商/],
      ['finance', { valueDate: '2026-11-24' }, 'valueDate', /晚于今天/],
      ['finance', { fromContractId: contracts.P1! }, 'fromContractId', /只有分配/],
      ['finance', { amount: '0' }, 'amount', /./],
    ];
    for (const [who, over, field, reason] of cases) {
      const { json } = await call(who, purchaseMarginMovement, 'save', movement(over));
      expect(json.code, JSON.stringify(over)).toBe(400);
      const fields = (json.data as { fields?: Record<string, string> } | null)?.fields ?? {};
      expect(fields[field], `${JSON.stringify(over)} → ${JSON.stringify(json)}`).toMatch(reason);
    }
    // Never changed, never deleted, not even by the administrator: a mistake is put right by another movement.
    const [first] = await records('admin', purchaseMarginMovement, { sort: 'movementNo,asc' });
    const edit = await call(
      'admin',
      purchaseMarginMovement,
      'save',
      movement({ id: first!.id, amount: '1' }),
    );
    expect(edit.json.code).toBe(403);
    const removed = await call('admin', purchaseMarginMovement, 'delete', { id: first!.id });
    expect(removed.json.code).toBe(403);
    expect(await ledger()).toEqual(before);
  });

  it('never lets simultaneous allotments take more than the unallotted margin', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(
          'trader',
          purchaseMarginMovement,
          'save',
          movement({ kind: 'allot', contractId: contracts.P1!, valueDate: '2026-11-13' }),
        ),
      ),
    );
    expect(answers.map((a) => a.json.code).sort()).toEqual([200, 200, 200, 200, 200, 400]);
    const balance = await balanceOfSupplier();
    expect(balance).toMatchObject({ balance: '120000.00', unallotted: '0.00', allotted: '120000.00' });
    const [sums] = await env.db.query<{ paid: string; returned: string }>(
      `select sum(amount) filter (where kind = 'payment')::text as paid,
              sum(amount) filter (where kind = 'return')::text as returned from purchase_margin_movements`,
    );
    expect(sums).toEqual({ paid: '150000.00', returned: '30000.00' });
  });

  it('keeps the rate and the day count as versioned settings, each checked by its own rule', async () => {
    const setting = (settingKey: string, value: string) =>
      call('admin', systemSetting, 'save', { settingKey, value, effectiveFrom: '2027-01-01' });
    for (const [key, value] of [
      ['purchaseMarginDayCount', 'ACT/364'],
      ['purchaseMarginInterestPercent', '60'],
      ['purchaseMarginInterestPercent', '-1'],
    ] as const) {
      const { json } = await setting(key, value);
      expect(json.code, `${key} ${value}`).toBe(400);
      expect((json.data as { fields: Record<string, string> }).fields.value).toBeTruthy();
    }
    expect((await setting('purchaseMarginDayCount', 'ACT/360')).json.code).toBe(200);
    await env.db.query(`delete from system_settings where effective_from = '2027-01-01'`);
  });

  it('accrues interest at the rate and day count of each day (worked example), never twice for a day', async () => {
    expect(
      (
        await call('trader', purchaseMarginInterest, 'save', {
          supplierId,
          periodFrom: '2026-11-01',
          periodThrough: '2026-11-20',
        })
      ).json.code,
    ).toBe(403);
    const accrual = await saved('finance', purchaseMarginInterest, {
      supplierId,
      periodFrom: '2026-11-01',
      periodThrough: '2026-11-20',
    });
    expect(accrual).toMatchObject({ interest: '251.00', days: 20 });
    expect(String(accrual.accrualNo)).toMatch(/^LX20261123\d{5}$/);
    const pieces = await records('risk', purchaseMarginInterestPiece, { sort: 'pieceFrom,asc' });
    expect(
      pieces.map((p) => [
        p.pieceFrom,
        p.pieceThrough,
        p.days,
        p.balance,
        p.ratePercent,
        p.dayCount,
        p.interest,
      ]),
    ).toEqual([
      ['2026-11-02', '2026-11-02', 1, '100000.00', '3.65', 'ACT/365', '10.00'],
      ['2026-11-03', '2026-11-09', 7, '150000.00', '3.65', 'ACT/365', '105.00'],
      ['2026-11-10', '2026-11-10', 1, '140000.00', '3.65', 'ACT/365', '14.00'],
      ['2026-11-11', '2026-11-11', 1, '140000.00', '3.6', 'ACT/360', '14.00'],
      ['2026-11-12', '2026-11-20', 9, '120000.00', '3.6', 'ACT/360', '108.00'],
    ]);
    expect(await balanceOfSupplier()).toMatchObject({ interestAccrued: '251.00', balance: '120000.00' });
    const cases: [Body, string, RegExp][] = [
      [{ periodFrom: '2026-11-15', periodThrough: '2026-11-22' }, 'periodFrom', /期间重叠/],
      [{ periodFrom: '2026-11-21', periodThrough: '2026-11-24' }, 'periodThrough', /晚于今天/],
      [{ periodFrom: '2026-11-21', periodThrough: '2026-11-20' }, 'periodThrough', /./],
      [{ periodFrom: '2026-10-01', periodThrough: '2026-10-31' }, 'periodFrom', /没有保证金余额/],
    ];
    for (const [period, field, reason] of cases) {
      const { json } = await call('finance', purchaseMarginInterest, 'save', { supplierId, ...period });
      expect(json.code, JSON.stringify(period)).toBe(400);
      const fields = (json.data as { fields?: Record<string, string> } | null)?.fields ?? {};
      expect(fields[field], JSON.stringify(json)).toMatch(reason);
    }
    expect(await records('finance', purchaseMarginInterest)).toHaveLength(1);
  });

  it('posts an approved application to the ledger on the day of the approval; refuses one the margin cannot meet', async () => {
    const apply = async (over: Body) => {
      const application = await saved('trader', purchaseMarginApplication, {
        kind: 'payment',
        supplierId,
        amount: '5000',
        reason: '新签合同保证金',
        ...over,
      });
      expect(String(application.applyNo)).toMatch(/^BS20261123\d{5}$/);
      const submit = await call('trader', purchaseMarginApplication, 'transition', {
        id: application.id,
        action: 'submit',
      });
      expect(submit.json.code, submit.json.msg).toBe(200);
      return application.id;
    };
    // Everything is allotted by now: nothing unallotted to take back.
    const tooMuch = await apply({ kind: 'return', amount: '1' });
    const before = await ledger();
    const refused = await call('finance', purchaseMarginApplication, 'transition', {
      id: tooMuch,
      action: 'approve',
    });
    expect(refused.json.code).toBe(400);
    expect(refused.json.msg).toMatch(/不能入账：.*未分配的保证金 0\.00/);
    expect(await ledger()).toEqual(before);
    const [still] = await env.db.query<{ status: string }>(
      'select status from purchase_margin_applications where id = $1',
      [tooMuch],
    );
    expect(still!.status).toBe('submitted');

    const payment = await apply({ contractId: contracts.P1! });
    expect(
      (await call('trader', purchaseMarginApplication, 'transition', { id: payment, action: 'approve' })).json
        .code,
    ).toBe(403);
    const approved = await call('finance', purchaseMarginApplication, 'transition', {
      id: payment,
      action: 'approve',
    });
    expect(approved.json.code, approved.json.msg).toBe(200);
    const [posted] = await env.db.query<Record<string, string>>(
      `select m.kind, m.amount::text, to_char(m.value_date, 'YYYY-MM-DD') as day, m.remark, a.status
         from purchase_margin_applications a join purchase_margin_movements m on m.id = a.movement_id
        where a.id = $1`,
      [payment],
    );
    expect(posted).toMatchObject({
      kind: 'payment',
      amount: '5000.00',
      day: '2026-11-23',
      status: 'approved',
    });
    expect(posted!.remark).toMatch(/^申请单 BS/);
    expect(await balanceOfSupplier()).toMatchObject({ balance: '125000.00', paid: '155000.00' });
  });
});
