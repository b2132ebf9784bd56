// The contracts' part of the demo company: ginners' offers (upstream orders) and concluded purchase and sale
// contracts in every state of their workflow. Sales that are executing or completed name the batches whose
// receipts went to that client; an approved sale reserves the batches it names.

import Decimal from 'decimal.js';
import {
  CONTRACT_NO_PATTERN_SEED,
  type ContractSide,
  contractApprovalRoute,
  contractNumber,
  type Fixing,
  fixContractPrice,
  futuresMonth,
  isProblem,
  lastTradingDay,
  pricingParty,
} from '../../../src/domain/index.ts';
import { addDays, DemoRandom, type DemoStep, insertRows, recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { exchangeCalendarOn, lotTonnesOn } from '../../platform/exchange.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import {
  cropYearOf,
  demoDriver,
  insertAppointments,
  partnerId,
  unclaimedStockBatches,
} from '../warehouse/index.ts';
import { nextContractNo } from './contracts.ts';
import { combineCommand, splitCommand } from './sepComb.ts';

/** The next CF contract months (odd months) after today's, as the exchange writes them (CF2701). */
function futuresMonths(today: string, count: number): string[] {
  const months: string[] = [];
  let year = Number(today.slice(0, 4));
  let month = Number(today.slice(5, 7)) + 1;
  while (months.length < count) {
    if (month > 12) {
      month -= 12;
      year += 1;
    }
    if (month % 2 === 1)
      months.push(`CF${String(year % 100).padStart(2, '0')}${String(month).padStart(2, '0')}`);
    month += 1;
  }
  return months;
}

interface Line {
  batch_no: string;
  conditioned_weight: string;
}

interface DemoContract {
  contract_no: string;
  basis?: string;
  side: 'purchase' | 'sale';
  kind: 'spot' | 'basis';
  partner: string | null;
  sign_date: string;
  status: string;
  lines: Line[];
  tonnage?: string;
}

const sumTonnes = (lines: readonly Line[]) =>
  lines.reduce((total, line) => total.plus(line.conditioned_weight), new Decimal(0)).toString();

async function upstreamOrders(tx: Queryable, random: DemoRandom, today: string) {
  const [nearMonth, farMonth] = futuresMonths(today, 2);
  const cropYear = cropYearOf(today);
  const warehouses = await tx.query<{ id: string }>(
    `select id::text as id from warehouses where code like 'XJ-%' and kind = 'delivery' order by code`,
  );
  const offers: [supplier: string, status: string][] = [
    ['库尔勒银星棉业有限公司', 'executing'],
    ['阿克苏利华棉业有限公司', 'approved'],
    ['沙雅县金丰轧花有限公司', 'submitted'],
    ['石河子天富棉业有限公司', 'draft'],
    ['新疆天山棉业有限公司', 'completed'],
    ['阿克苏利华棉业有限公司', 'rejected'],
  ];
  const rows = await Promise.all(
    offers.map(async ([supplier, status], i) => {
      const basis = i % 2 === 0;
      return {
        order_no: `SY${today.slice(2, 4)}${String(i + 1).padStart(4, '0')}`,
        supplier_id: await partnerId(tx, supplier),
        crop_year: cropYear,
        grade_spec: random.pick(['3128B', '3129B', '2129B', '3128A']),
        tonnage: String(random.int(4, 40) * 25),
        futures_month: basis ? random.pick([nearMonth, farMonth]) : null,
        basis: basis ? String(random.int(10, 30) * 50) : null,
        unit_price: basis ? null : String(random.int(290, 320) * 50),
        warehouse_id: random.pick(warehouses).id,
        delivery_date: addDays(today, random.int(-20, 45)),
        status,
      };
    }),
  );
  await insertRows(
    tx,
    'upstream_orders',
    {
      order_no: 'text',
      supplier_id: 'bigint',
      crop_year: 'text',
      grade_spec: 'text',
      tonnage: 'numeric',
      futures_month: 'text',
      basis: 'numeric',
      unit_price: 'numeric',
      warehouse_id: 'bigint',
      delivery_date: 'date',
      status: 'text',
    },
    rows,
  );
  await recordHistory(
    tx,
    { resourceKey: 'upstreamOrder', table: 'upstream_orders', keyColumn: 'order_no' },
    rows.flatMap((row) => offerSteps(row.order_no, row.status, today)),
  );
}

/** How an offer reached its state: the trader submits it, risk decides, the trader executes and completes it. */
function offerSteps(no: string, status: string, today: string): DemoStep[] {
  if (status === 'draft') return [];
  const steps: DemoStep[] = [
    { no, action: 'submit', from: 'draft', to: 'submitted', by: 'trader', day: addDays(today, -6) },
  ];
  if (status === 'rejected')
    return [
      ...steps,
      {
        no,
        action: 'reject',
        from: 'submitted',
        to: 'rejected',
        by: 'risk',
        day: addDays(today, -5),
        comment: '基差高于同期报价',
      },
    ];
  if (status === 'submitted') return steps;
  steps.push({
    no,
    action: 'approve',
    from: 'submitted',
    to: 'approved',
    by: 'risk',
    day: addDays(today, -5),
  });
  if (status === 'approved') return steps;
  steps.push({
    no,
    action: 'execute',
    from: 'approved',
    to: 'executing',
    by: 'trader',
    day: addDays(today, -4),
  });
  if (status === 'executing') return steps;
  return [
    ...steps,
    { no, action: 'complete', from: 'executing', to: 'completed', by: 'trader', day: addDays(today, -1) },
  ];
}

/** Sales to the clients holding transferred receipts, one reserving batches, and purchases from ginners. */
async function plannedContracts(tx: Queryable, random: DemoRandom, today: string): Promise<DemoContract[]> {
  const sold = await tx.query<Line & { holder: string }>(
    `select r.batch_no, r.conditioned_weight::text as conditioned_weight, p.name as holder
       from warehouse_receipts r join partners p on p.id = r.holder_id
      where r.status = 'transferred' order by p.name, r.batch_no`,
  );
  const holders = [...new Set(sold.map((line) => line.holder))];
  const no = (prefix: string, i: number) => `${prefix}${today.slice(0, 4)}${String(i).padStart(3, '0')}`;
  const contracts: DemoContract[] = holders.map((holder, i) => ({
    contract_no: no('XS', i + 1),
    side: 'sale',
    kind: 'spot',
    partner: holder,
    sign_date: addDays(today, -random.int(30, 150)),
    status: i === 0 ? 'executing' : 'completed',
    lines: sold.filter((line) => line.holder === holder),
  }));
  const reserved = await unclaimedStockBatches(tx, 3, "w.code in ('HN-ZZ', 'SD-QD')");
  contracts.push(
    {
      contract_no: no('XS', holders.length + 1),
      side: 'sale',
      kind: 'basis',
      partner: '无锡一棉纺织集团有限公司',
      sign_date: addDays(today, -6),
      status: 'approved',
      lines: reserved.map((batch) => ({
        batch_no: batch.batchNo,
        conditioned_weight: batch.conditionedWeight,
      })),
    },
    {
      contract_no: no('XS', holders.length + 2),
      side: 'sale',
      kind: 'spot',
      partner: '鲁泰纺织股份有限公司',
      sign_date: addDays(today, -2),
      status: 'submitted',
      lines: [],
      tonnage: '300',
    },
    {
      contract_no: no('XS', holders.length + 3),
      side: 'sale',
      kind: 'basis',
      partner: '百隆东方股份有限公司',
      sign_date: today,
      status: 'draft',
      lines: [],
      tonnage: '500',
    },
    {
      contract_no: no('XS', holders.length + 4),
      side: 'sale',
      kind: 'basis',
      partner: '华孚时尚股份有限公司',
      sign_date: addDays(today, -70),
      status: 'executing',
      lines: [],
      tonnage: '400',
    },
    {
      // Its margin call went unmet and was forced into pricing (margin demo).
      contract_no: no('XS', holders.length + 5),
      side: 'sale',
      kind: 'basis',
      partner: '鲁泰纺织股份有限公司',
      sign_date: addDays(today, -20),
      status: 'approved',
      lines: [],
      tonnage: '200',
    },
    {
      contract_no: no('CG', 1),
      side: 'purchase',
      kind: 'spot',
      partner: '库尔勒银星棉业有限公司',
      sign_date: addDays(today, -75),
      status: 'completed',
      lines: [],
      tonnage: '1200',
    },
    {
      contract_no: no('CG', 2),
      side: 'purchase',
      kind: 'basis',
      partner: '阿克苏利华棉业有限公司',
      sign_date: addDays(today, -20),
      status: 'executing',
      lines: [],
      tonnage: '800',
    },
    {
      contract_no: no('CG', 4),
      side: 'purchase',
      kind: 'basis',
      partner: '石河子天富棉业有限公司',
      sign_date: addDays(today, -1),
      status: 'submitted',
      lines: [],
      tonnage: '600',
    },
    {
      contract_no: no('CG', 3),
      side: 'purchase',
      kind: 'spot',
      partner: '沙雅县金丰轧花有限公司',
      sign_date: addDays(today, -9),
      status: 'rejected',
      lines: [],
      tonnage: '400',
    },
  );
  return contracts;
}

/** Fixings of the demo's contracts priced later: (share of tonnage, futures price, forced, days after signing). */
const DEMO_FIXINGS: Readonly<
  Record<string, readonly [share: string, price: string, forced: boolean, day: number][]>
> = {
  partial: [
    ['0.25', '14985', false, 3],
    ['0.2', '15120', false, 9],
  ],
  priced: [
    ['0.5', '14870', false, 5],
    ['0.5', '15035', true, 60],
  ],
};

interface Numbered extends DemoContract {
  no: string;
  fixings: keyof typeof DEMO_FIXINGS | null;
}

/** Numbers in the seed pattern (CG202611-0001), counted per prefix; the counters continue from there. */
function numbered(planned: readonly DemoContract[]): {
  contracts: Numbered[];
  counters: Map<string, number>;
} {
  const counters = new Map<string, number>();
  const contracts = [...planned]
    .sort((a, b) => a.sign_date.localeCompare(b.sign_date))
    .map((contract) => {
      const number = contractNumber(CONTRACT_NO_PATTERN_SEED, contract.side, contract.sign_date);
      const seq = (counters.get(number.prefix) ?? 0) + 1;
      counters.set(number.prefix, seq);
      const fixings =
        contract.kind === 'basis' && contract.status === 'executing'
          ? contract.side === 'purchase'
            ? 'partial'
            : 'priced'
          : null;
      return { ...contract, no: number.format(seq), fixings } as Numbered;
    });
  return { contracts, counters };
}

/** The routing rule's answer for a demo contract (its tonnage against the seed desk limit). */
function approvalOf(contract: Numbered) {
  if (contract.status === 'draft') return { approval_level: null, approval_reasons: null };
  const route = contractApprovalRoute({
    side: contract.side,
    tonnage: contract.tonnage ?? sumTonnes(contract.lines),
    deskLimitTonnes: '500',
    creditHeadroom: null,
    contractValue: '0',
    basis: null,
    sheetBasis: null,
  });
  return { approval_level: route.level, approval_reasons: route.reasons.join('；') || null };
}

/** Who did what to a demo contract to bring it to its state. */
function historyOf(contract: Numbered): DemoStep[] {
  const by = contract.side === 'sale' ? 'sales' : 'trader';
  const step = (
    action: string,
    from: string | null,
    to: string,
    days: number,
    who = by,
    comment?: string,
  ) => ({
    no: contract.no,
    action,
    from,
    to,
    by: who,
    day: addDays(contract.sign_date, days),
    ...(comment ? { comment } : {}),
  });
  const path: Record<string, DemoStep[]> = {
    draft: [],
    submitted: [step('submit', 'draft', 'submitted', 0)],
    rejected: [
      step('submit', 'draft', 'submitted', 0),
      step('reject', 'submitted', 'rejected', 1, 'risk', '基差低于销售基差表'),
    ],
    approved: [step('submit', 'draft', 'submitted', 0), step('approve', 'submitted', 'approved', 1, 'risk')],
    executing: [
      step('submit', 'draft', 'submitted', 0),
      step('approve', 'submitted', 'approved', 1, 'risk'),
      step('execute', 'approved', 'executing', 2),
    ],
    completed: [
      step('submit', 'draft', 'submitted', 0),
      step('approve', 'submitted', 'approved', 1, 'risk'),
      step('execute', 'approved', 'executing', 2),
      step('complete', 'executing', 'completed', 25),
    ],
  };
  return path[contract.status] ?? [];
}

async function insertFixings(
  tx: Queryable,
  contracts: readonly Numbered[],
  idOf: Map<string, string>,
  futures: string,
) {
  const [trader] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'trader'`);
  for (const contract of contracts.filter((c) => c.fixings)) {
    const done: Fixing[] = [];
    const terms = {
      side: contract.side,
      kind: contract.kind,
      tonnage: contract.tonnage ?? sumTonnes(contract.lines),
      basis: contract.basis!,
      qualityPremium: '0',
    };
    for (const [share, price, forced, day] of DEMO_FIXINGS[contract.fixings!]!) {
      const fixing = { tonnage: new Decimal(terms.tonnage).times(share).toFixed(4), futuresPrice: price };
      const lotTonnes = await lotTonnesOn(tx, addDays(contract.sign_date, day));
      const outcome = fixContractPrice(terms, done, fixing, lotTonnes);
      if (isProblem(outcome)) throw new Error(outcome.message);
      done.push(fixing);
      await tx.query(
        `insert into contract_fixings (contract_id, tonnage, futures_month, futures_price, unit_price, amount,
           hedge_direction, hedge_lots, hedge_tail, forced, fixed_by, fixed_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, ($12 || 'T14:30:00+08:00')::timestamptz)`,
        [
          idOf.get(contract.no),
          fixing.tonnage,
          futures,
          price,
          outcome.fixingUnitPrice,
          outcome.fixingAmount,
          outcome.hedge.direction,
          outcome.hedge.lots,
          outcome.hedge.tail,
          forced,
          trader!.id,
          addDays(contract.sign_date, day),
        ],
      );
      await tx.query(
        `update transaction_contracts set fixed_tonnage = $2, average_fixed_price = $3, unit_price = $4, pricing_state = $5
          where id = $1`,
        [
          idOf.get(contract.no),
          outcome.fixedTonnage,
          outcome.averageFixedPrice,
          outcome.unitPrice,
          outcome.pricingState,
        ],
      );
    }
  }
}

/**
 * The desk's splits and combinations: a contract in force naming no batch split in two (two fifths and the
 * rest), and two like contracts in force combined, through the commands' own services, by the trader.
 */
async function sepCombDemo(tx: Queryable, { now, today }: DemoContext) {
  const [trader] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'trader'`);
  if (!trader) return;
  const context = {
    db: tx,
    actor: { userId: trader.id, loginName: 'trader' },
    now,
    today,
    channel: '',
    notify: async () => {},
    preview: false,
  };
  const [toSplit] = await tx.query<{ id: string; tonnage: string }>(
    `select c.id::text, c.tonnage::text from transaction_contracts c
      where c.status in ('approved', 'executing') and c.tonnage >= 10
        and not exists (select 1 from transaction_contract_lines l where l.contract_id = c.id and l.batch_no is not null)
      order by c.fixed_tonnage desc, c.id limit 1`,
  );
  if (toSplit)
    await splitCommand({
      ...context,
      input: {
        contractId: toSplit.id,
        firstTonnage: new Decimal(toSplit.tonnage).times(2).dividedBy(5).toDecimalPlaces(0).toFixed(0),
        reason: '客户分两个交货期执行，按交货期拆为两份合同',
      },
    });
  // The sales desk asks to hand a sale in force over to the trading desk's contact (risk approves).
  const [sale] = await tx.query<{ id: string; partnerId: string; salespersonId: string | null }>(
    `select id::text, partner_id::text as "partnerId", salesperson_id::text as "salespersonId"
       from transaction_contracts
      where side = 'sale' and status in ('approved', 'executing') and salesperson_id is not null
      order by transaction_contracts.id limit 1`,
  );
  const [sales] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'sales'`);
  if (sale && sales && sale.salespersonId !== trader.id)
    await tx.query(
      `insert into contract_transfers (contract_id, partner_id, from_salesperson_id, to_salesperson_id, reason, status,
          requested_by, requested_at)
       values ($1, $2, $3, $4, '客户总部统一由交易部对接，申请转移合同', 'submitted', $5, $6)`,
      [sale.id, sale.partnerId, sale.salespersonId, trader.id, sales.id, now],
    );
  // A client that bought twice on the same terms: two contracts in force, combined into one.
  const [template] = await tx.query<{ id: string; side: ContractSide }>(
    `select id::text, side from transaction_contracts
      where status = 'approved' and kind = 'basis' and origin_sep_comb_id is null and partner_id is not null
      order by transaction_contracts.id desc limit 1`,
  );
  if (!template) return;
  const twins: string[] = [];
  for (const tonnage of ['60', '40']) {
    const [twin] = await tx.query<{ id: string }>(
      `insert into transaction_contracts (contract_no, side, kind, partner_id, salesperson_id, sign_date, crop_year,
          quality_spec, tonnage, tolerance_percent, futures_month, basis, fixing_deadline, pricing_party, pricing_state,
          tax_rate, warehouse_id, delivery_from, delivery_to, payment_terms, approval_level, status)
       select $2, side, kind, partner_id, salesperson_id, sign_date, crop_year, quality_spec, $3, tolerance_percent,
              futures_month, basis, fixing_deadline, pricing_party, 'unpriced', tax_rate, warehouse_id, delivery_from,
              delivery_to, payment_terms, 'desk', 'approved'
         from transaction_contracts where id = $1 returning id::text`,
      [template.id, await nextContractNo(tx, template.side, today), tonnage],
    );
    twins.push(twin!.id);
  }
  const pair = { ids: twins };
  if (pair)
    await combineCommand({
      ...context,
      input: { contractIds: pair.ids, reason: '同一客户同条件的合同合并执行' },
    });
}

export async function contractsDemo(tx: Queryable, context: DemoContext): Promise<void> {
  const { today } = context;
  const random = new DemoRandom('contracts');
  await upstreamOrders(tx, random, today);
  const [nearMonth] = futuresMonths(today, 1);
  // Fixing deadlines fall on or before the month's last trading day (issue 21).
  const lastDay = lastTradingDay(futuresMonth(nearMonth!, today)!, await exchangeCalendarOn(tx, today));
  const deadline = (signed: string) => {
    const wanted = addDays(signed, 60);
    return [wanted, lastDay].sort()[0]!;
  };
  const { contracts, counters } = numbered(await plannedContracts(tx, random, today));
  const [salesperson] = await tx.query<{ id: string }>(
    `select id::text from users where login_name = 'sales'`,
  );
  for (const contract of contracts)
    if (contract.kind === 'basis') contract.basis = String(random.int(12, 30) * 50);
  // Where each contract delivers (taken in turn, so the demo's random draws stay as they were).
  const deliveryWarehouses = await tx.query<{ id: string }>(
    `select id::text as id from warehouses where kind = 'delivery' order by code`,
  );
  const rows = await Promise.all(
    contracts.map(async (contract, index) => {
      const basis = contract.kind === 'basis';
      return {
        contract_no: contract.no,
        side: contract.side,
        kind: contract.kind,
        partner_id: contract.partner ? await partnerId(tx, contract.partner) : null,
        salesperson_id: contract.side === 'sale' ? (salesperson?.id ?? null) : null,
        sign_date: contract.sign_date,
        crop_year: cropYearOf(contract.sign_date),
        quality_spec: '3128B 及以上，长度 28 mm 以上',
        tonnage: contract.tonnage ?? sumTonnes(contract.lines),
        tolerance_percent: '3',
        futures_month: basis ? nearMonth : null,
        basis: basis ? contract.basis : null,
        fixing_deadline: basis ? deadline(contract.sign_date) : null,
        pricing_party: pricingParty(contract.side, contract.kind),
        pricing_state: basis ? 'unpriced' : null,
        unit_price: basis ? null : String(random.int(290, 318) * 50),
        tax_rate: '9',
        warehouse_id: deliveryWarehouses[index % deliveryWarehouses.length]?.id ?? null,
        delivery_from: addDays(contract.sign_date, 10),
        delivery_to: addDays(contract.sign_date, 70),
        payment_terms: '合同签订后 3 个工作日内付 20% 定金，余款见票后 7 日内付清',
        ...approvalOf(contract),
        status: contract.status,
      };
    }),
  );
  const inserted = await insertRows<{ id: string; contractNo: string }>(
    tx,
    'transaction_contracts',
    {
      contract_no: 'text',
      side: 'text',
      kind: 'text',
      partner_id: 'bigint',
      salesperson_id: 'bigint',
      sign_date: 'date',
      crop_year: 'text',
      quality_spec: 'text',
      tonnage: 'numeric',
      tolerance_percent: 'numeric',
      futures_month: 'text',
      basis: 'numeric',
      fixing_deadline: 'date',
      pricing_party: 'text',
      pricing_state: 'text',
      unit_price: 'numeric',
      tax_rate: 'numeric',
      warehouse_id: 'bigint',
      delivery_from: 'date',
      delivery_to: 'date',
      payment_terms: 'text',
      approval_level: 'text',
      approval_reasons: 'text',
      status: 'text',
    },
    rows,
    'id::text as id, contract_no as "contractNo"',
  );
  const idOf = new Map(inserted.map((row) => [row.contractNo, row.id]));
  const lines = contracts.flatMap((contract) =>
    contract.lines.map((line, sort) => ({ contract_id: idOf.get(contract.no), ...line, sort })),
  );
  await insertRows(
    tx,
    'transaction_contract_lines',
    { contract_id: 'bigint', batch_no: 'text', conditioned_weight: 'numeric', sort: 'integer' },
    lines,
  );
  await insertFixings(tx, contracts, idOf, nearMonth!);
  await recordHistory(
    tx,
    { resourceKey: 'transactionContract', table: 'transaction_contracts', keyColumn: 'contract_no' },
    contracts.flatMap(historyOf),
  );
  for (const [prefix, value] of counters)
    await tx.query('insert into document_counters (prefix, last_value) values ($1, $2)', [
      `contract:${prefix}`,
      value,
    ]);
  const approved = contracts.filter((contract) => contract.status === 'approved').flatMap((c) => c.lines);
  await tx.query(`update batches set status = 'sold' where batch_no = any($1::text[])`, [
    approved.map((line) => line.batch_no),
  ]);
  await deliveriesDemo(tx, today, contracts, idOf);
  await sepCombDemo(tx, context);
  await attachmentsDemo(tx, context, contracts, idOf);
}

/**
 * Goods out against the sales they fulfil (issue 21): the client of the approved basis sale collected two of
 * its three batches before pricing (the third is still to go), through appointments the warehouse finished.
 */
async function deliveriesDemo(
  tx: Queryable,
  today: string,
  contracts: readonly Numbered[],
  idOf: ReadonlyMap<string, string>,
) {
  const sale = contracts.find(
    (c) => c.side === 'sale' && c.kind === 'basis' && c.status === 'approved' && c.lines.length > 0,
  );
  if (!sale) return;
  const random = new DemoRandom('deliveries');
  const [{ partnerId: partner } = { partnerId: null }] = await tx.query<{ partnerId: string }>(
    'select partner_id::text as "partnerId" from transaction_contracts where id = $1',
    [idOf.get(sale.no)],
  );
  const batches = await tx.query<{ batchNo: string; warehouseId: string; weight: string }>(
    `select batch_no as "batchNo", warehouse_id::text as "warehouseId", conditioned_weight::text as weight
       from batches where batch_no = any($1::text[]) order by batch_no`,
    [sale.lines.map((line) => line.batch_no)],
  );
  const [booked] = await tx.query<{ n: number }>('select count(*)::int as n from outbound_appointments');
  await insertAppointments(
    tx,
    batches.slice(0, 2).map((batch, i) => {
      const [driver, phone] = demoDriver(random);
      return {
        appointment_no: `YY${today.slice(2, 4)}${String((booked?.n ?? 0) + i + 1).padStart(4, '0')}`,
        batch_no: batch.batchNo,
        warehouse_id: batch.warehouseId,
        partner_id: partner,
        planned_date: addDays(today, i - 3),
        vehicle_no: `苏B${random.int(10000, 99999)}`,
        driver_name: driver,
        driver_phone: phone,
        conditioned_weight: batch.weight,
        status: 'done' as const,
      };
    }),
  );
}

/** A one-page PDF saying `text` (ASCII), byte-exact with its cross-reference table. */
function onePagePdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** The signed scan and a note on the first approved sale, so its detail shows files (issue 11). */
async function attachmentsDemo(
  tx: Queryable,
  { now }: DemoContext,
  contracts: readonly Numbered[],
  idOf: ReadonlyMap<string, string>,
) {
  const sale = contracts.find((c) => c.side === 'sale' && c.status === 'approved');
  const [sales] = await tx.query<{ id: string }>(`select id::text from users where login_name = 'sales'`);
  if (!sale || !sales) return;
  const files: [string, string, Buffer][] = [
    [`${sale.no} 签字盖章版.pdf`, 'application/pdf', onePagePdf(`Contract ${sale.no} - signed copy`)],
    ['交货安排说明.txt', 'text/plain', Buffer.from('分两批交货，首批 11 月底前出库。\n', 'utf8')],
  ];
  for (const [name, mime, bytes] of files)
    await tx.query(
      `insert into record_attachments
         (resource_key, record_id, file_name, mime_type, size_bytes, content, uploaded_by, uploaded_at)
       values ('transactionContract', $1, $2, $3, $4, $5, $6, $7)`,
      [idOf.get(sale.no), name, mime, bytes.length, bytes, sales.id, now],
    );
}
