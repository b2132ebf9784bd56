// Splitting and combining contracts (拆分 / 合并, /pur/SepComb): the rules are src/domain's
// (splitContractFixings, combineContracts); these lock the contracts, refuse what may not change (not in
// force, batches named on a split, open client orders or transfer requests), make the new contracts with the
// fixings carried over (each naming the fixing it came from: hedged once, when it was made), close the
// originals as superseded, and keep the operation with its sources and results.

import Decimal from 'decimal.js';
import {
  type CarriedFixing,
  combineContracts,
  contractUnitPrice,
  isPricedLater,
  isProblem,
  pricingState,
  splitContractFixings,
} from '../../../src/domain/index.ts';
import { clientsOfUser } from '../../platform/access/clients.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import type { CommandContext, CommandService, ResourceStorage } from '../../platform/resources/storage.ts';
import { type ContractRow, contractRow, nextContractNo } from './contracts.ts';
import { CONTRACT_OPERATION, type ContractOperation } from './crossings.ts';

const IN_FORCE = ['approved', 'executing'];

interface StoredFixing extends CarriedFixing {
  id: string;
  unitPrice: string;
  hedgeDirection: string;
  forced: boolean;
  fixedBy: string;
  fixedAt: Date;
}

async function fixingsOf(db: Queryable, contractId: string): Promise<StoredFixing[]> {
  return db.query<StoredFixing>(
    `select id::text, tonnage::text, futures_price::text as "futuresPrice", unit_price::text as "unitPrice",
            hedge_direction as "hedgeDirection", forced, fixed_by::text as "fixedBy", fixed_at as "fixedAt"
       from contract_fixings where contract_id = $1 order by contract_fixings.id`,
    [contractId],
  );
}

/** A contract in force, in the user's reach, that nothing else holds open. */
async function operable(context: CommandContext, id: string): Promise<ContractRow> {
  if (!/^\d{1,18}$/.test(id)) throw badRequest('合同不存在或已被删除');
  const contract = await contractRow(context.db, id, true);
  if (context.clientsOf !== undefined) {
    const [mine] = await context.db.query(`select 1 where $1::bigint in (${clientsOfUser('$2')})`, [
      contract.partnerId,
      context.clientsOf,
    ]);
    if (!mine) throw badRequest('合同不存在或已被删除');
  }
  if (!IN_FORCE.includes(contract.status))
    throw badRequest(`合同 ${contract.contractNo} 不是已审批或执行中的合同，不能拆分或合并`);
  const [transfer] = await context.db.query(
    `select 1 from contract_transfers where contract_id = $1 and status = 'submitted'`,
    [id],
  );
  if (transfer) throw badRequest(`合同 ${contract.contractNo} 有待审批的转移申请，请先审批或驳回`);
  // What another area holds open on the contract (a client's pending price order) waits to be settled first.
  const refusal = await context.check?.(CONTRACT_OPERATION, { contractId: id } satisfies ContractOperation);
  if (refusal) throw badRequest(`合同 ${contract.contractNo} ${refusal}`);
  return contract;
}

interface Made {
  id: string;
  contractNo: string;
  tonnage: string;
  fixed: string;
  average: string | null;
}

const average = (fixings: readonly CarriedFixing[]): string | null => {
  const fixed = fixings.reduce((sum, f) => sum.plus(f.tonnage), new Decimal(0));
  if (fixed.isZero()) return null;
  return fixings
    .reduce((sum, f) => sum.plus(new Decimal(f.futuresPrice).times(f.tonnage)), new Decimal(0))
    .dividedBy(fixed)
    .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
    .toFixed(2);
};

/**
 * A new contract copied from `template` with the given tonnage and carried fixings (and terms), its pricing
 * figures following from them; made by the operation `sepCombId`.
 */
async function makeContract(
  context: CommandContext,
  template: ContractRow,
  sepCombId: string,
  made: {
    tonnage: string;
    fixings: readonly (CarriedFixing & { id?: string })[];
    terms?: Record<string, unknown>;
  },
  byId: ReadonlyMap<string, StoredFixing>,
): Promise<Made> {
  const fixed = made.fixings.reduce((sum, f) => sum.plus(f.tonnage), new Decimal(0)).toFixed(4);
  const avg = average(made.fixings);
  const later = isPricedLater(template.kind);
  const unitPrice =
    later && avg
      ? contractUnitPrice({
          futuresPrice: avg,
          basis: template.basis ?? '0',
          qualityPremium: template.qualityPremium ?? '0',
        })
      : later
        ? null
        : ((made.terms?.unitPrice as string | undefined) ?? template.unitPrice);
  const status = new Decimal(fixed).greaterThan(0) ? 'executing' : template.status;
  const contractNo = await nextContractNo(context.db, template.side, context.today);
  const terms = made.terms ?? {};
  const [row] = await context.db.query<{ id: string }>(
    `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, tolerance_percent,
        futures_month, basis, fixing_deadline, pricing_party, unit_price, tax_rate, status, salesperson_id, crop_year,
        quality_spec, quality_premium, warehouse_id, delivery_from, delivery_to, payment_terms, pricing_state,
        fixed_tonnage, average_fixed_price, approval_level, approval_reasons, version, origin_sep_comb_id)
     select $2, side, kind, partner_id, $3, $4, tolerance_percent, futures_month, basis,
            coalesce($5::date, fixing_deadline), pricing_party, $6, tax_rate, $7, salesperson_id, crop_year,
            quality_spec, quality_premium, warehouse_id, coalesce($8::date, delivery_from),
            coalesce($9::date, delivery_to), payment_terms, $10, $11, $12, approval_level, approval_reasons, 1, $13
       from transaction_contracts where id = $1
     returning id::text`,
    [
      template.id,
      contractNo,
      context.today,
      made.tonnage,
      terms.fixingDeadline ?? null,
      unitPrice,
      status,
      terms.deliveryFrom ?? null,
      terms.deliveryTo ?? null,
      later ? pricingState(made.tonnage, fixed) : null,
      fixed,
      avg,
      sepCombId,
    ],
  );
  const id = row!.id;
  for (const fixing of made.fixings) {
    const source = byId.get(String(fixing.id));
    if (!source) throw new Error(`fixing ${fixing.id} not read`);
    await context.db.query(
      `insert into contract_fixings (contract_id, tonnage, futures_month, futures_price, unit_price, amount,
          hedge_direction, hedge_lots, hedge_tail, forced, fixed_by, fixed_at, carried_from)
       values ($1, $2, $3, $4, $5, round($2::numeric * $5::numeric, 2), $6, 0, 0, $7, $8, $9, $10)`,
      [
        id,
        fixing.tonnage,
        template.futuresMonth,
        source.futuresPrice,
        source.unitPrice,
        source.hedgeDirection,
        source.forced,
        source.fixedBy,
        source.fixedAt,
        source.id,
      ],
    );
  }
  return { id, contractNo, tonnage: made.tonnage, fixed, average: avg };
}

async function history(
  context: CommandContext,
  id: string,
  action: string,
  from: string | null,
  to: string,
  comment: string,
) {
  await recordStep(context, 'transactionContract', id, { action, from, to, comment });
}

/** The operation's record, numbered CF + day + id (CF20261123-00001 style: 拆并 is the contracts' own). */
async function operation(
  context: CommandContext,
  kind: 'split' | 'combine',
  template: ContractRow,
  tonnage: string,
  reason: string,
): Promise<string> {
  const [row] = await context.db.query<{ id: string }>(
    `insert into contract_sep_combs (operation_no, operation, partner_id, side, futures_month, tonnage, reason,
        created_by, created_at)
     values ('pending-' || gen_random_uuid(), $1, $2, $3, $4, $5, $6, $7, $8) returning id::text`,
    [
      kind,
      template.partnerId,
      template.side,
      template.futuresMonth,
      tonnage,
      reason,
      context.actor.userId,
      context.now,
    ],
  );
  await context.db.query(
    `update contract_sep_combs set operation_no = $2 || to_char($3::date, 'YYYYMMDD') || '-' || lpad(id::text, 5, '0')
      where id = $1`,
    [row!.id, kind === 'split' ? 'CF' : 'HB', context.today],
  );
  return row!.id;
}

async function part(
  context: CommandContext,
  sepCombId: string,
  role: 'source' | 'result',
  sort: number,
  contract: { id: string; tonnage: string; fixed: string; average: string | null },
) {
  await context.db.query(
    `insert into contract_sep_comb_parts (sep_comb_id, contract_id, role, tonnage, fixed_tonnage, average_fixed_price, sort)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [sepCombId, contract.id, role, contract.tonnage, contract.fixed, contract.average, sort],
  );
}

/** Closes the sources as superseded by the operation (their batch lines are then free for its result). */
async function supersede(
  context: CommandContext,
  sources: readonly ContractRow[],
  sepCombId: string,
  words: string,
) {
  for (const source of sources) {
    await context.db.query(
      `update transaction_contracts set status = 'superseded', superseded_by = $2 where id = $1`,
      [source.id, sepCombId],
    );
    await history(context, source.id, 'supersede', source.status, 'superseded', words);
  }
}

const describe = (made: readonly Made[]) =>
  made
    .map(
      (m) =>
        `${m.contractNo}：${new Decimal(m.tonnage).toFixed(4)} 吨` +
        (new Decimal(m.fixed).greaterThan(0) ? `，已点价 ${m.fixed} 吨，均价 ${m.average}` : ''),
    )
    .join('；');

export const splitCommand: CommandService<{
  contractId: string;
  firstTonnage: string;
  reason: string;
}> = async (context) => {
  const source = await operable(context, String(context.input.contractId));
  const [batch] = await context.db.query<{ batchNo: string }>(
    `select batch_no as "batchNo" from transaction_contract_lines where contract_id = $1 and batch_no is not null
      order by sort, id limit 1`,
    [source.id],
  );
  if (batch)
    throw badRequest(
      `合同 ${source.contractNo} 的明细列有批号（${batch.batchNo}），不能拆分：请先以补充协议调整批次，或拆分只列品级的合同`,
    );
  const fixings = await fixingsOf(context.db, source.id);
  const parts = splitContractFixings(source.tonnage, fixings, String(context.input.firstTonnage));
  if (isProblem(parts)) throw badRequest(`合同 ${source.contractNo}：${parts.message}`);
  const sepCombId = await operation(context, 'split', source, source.tonnage, context.input.reason);
  const byId = new Map(fixings.map((f) => [f.id, f]));
  await supersede(context, [source], sepCombId, `拆分：${context.input.reason}`);
  const made: Made[] = [];
  for (const piece of [parts.first, parts.second])
    made.push(await makeContract(context, source, sepCombId, piece, byId));
  const sourceFigures = {
    id: source.id,
    tonnage: source.tonnage,
    fixed: source.fixedTonnage,
    average: average(fixings),
  };
  await part(context, sepCombId, 'source', 0, sourceFigures);
  for (const [index, m] of made.entries()) {
    await part(context, sepCombId, 'result', index + 1, m);
    await history(
      context,
      m.id,
      'split',
      null,
      m.fixed === '0.0000' ? source.status : 'executing',
      `由合同 ${source.contractNo} 拆分而来：${context.input.reason}`,
    );
  }
  const summary = `拆分合同 ${source.contractNo}（${new Decimal(source.tonnage).toFixed(4)} 吨）为 ${describe(made)}`;
  return {
    summary,
    data: {
      sources: source.contractNo,
      tonnage: new Decimal(source.tonnage).toFixed(4),
      fixedTonnage: new Decimal(source.fixedTonnage).toFixed(4),
      averageFixedPrice: sourceFigures.average,
      results: describe(made),
    },
  };
};

const earliest = (values: readonly (string | null)[]) =>
  values.filter((v): v is string => Boolean(v)).sort()[0] ?? null;

export const combineCommand: CommandService<{ contractIds: string[]; reason: string }> = async (context) => {
  const ids = [...new Set((context.input.contractIds ?? []).map(String))].sort(
    (a, b) => Number(a) - Number(b),
  );
  if (ids.length < 2) throw badRequest('合并需要至少两份不同的合同');
  const sources: ContractRow[] = [];
  for (const id of ids) sources.push(await operable(context, id));
  const terms = await context.db.query<{
    id: string;
    cropYear: string | null;
    fixingDeadline: string | null;
    deliveryFrom: string | null;
    deliveryTo: string | null;
  }>(
    `select id::text, crop_year as "cropYear", to_char(fixing_deadline, 'YYYY-MM-DD') as "fixingDeadline",
            to_char(delivery_from, 'YYYY-MM-DD') as "deliveryFrom", to_char(delivery_to, 'YYYY-MM-DD') as "deliveryTo"
       from transaction_contracts where id = any($1::bigint[]) order by transaction_contracts.id`,
    [ids],
  );
  const fixingsById = new Map<string, StoredFixing[]>();
  for (const source of sources) fixingsById.set(source.id, await fixingsOf(context.db, source.id));
  const combined = combineContracts(
    sources.map((source, index) => ({
      contractNo: source.contractNo,
      partnerId: source.partnerId,
      side: source.side,
      kind: source.kind,
      futuresMonth: source.futuresMonth,
      basis: source.basis,
      cropYear: terms[index]!.cropYear,
      qualityPremium: source.qualityPremium ?? '0',
      tonnage: source.tonnage,
      fixings: fixingsById.get(source.id)!,
    })),
  );
  if (isProblem(combined)) throw badRequest(combined.message);
  const head = sources[0]!;
  // A fixed-price contract keeps its amount: the unit price is the tonnage-weighted average of theirs.
  const spotPrice = isPricedLater(head.kind)
    ? null
    : sources
        .reduce((sum, s) => sum.plus(new Decimal(s.tonnage).times(s.unitPrice ?? 0)), new Decimal(0))
        .dividedBy(combined.tonnage)
        .toDecimalPlaces(2, Decimal.ROUND_HALF_UP)
        .toFixed(2);
  const sepCombId = await operation(context, 'combine', head, combined.tonnage, context.input.reason);
  const numbers = sources.map((s) => s.contractNo).join('、');
  await supersede(context, sources, sepCombId, `合并：${context.input.reason}`);
  const byId = new Map([...fixingsById.values()].flat().map((f) => [f.id, f]));
  const executing = sources.some((s) => s.status === 'executing');
  const result = await makeContract(
    context,
    executing ? { ...head, status: 'executing' } : head,
    sepCombId,
    {
      tonnage: combined.tonnage,
      fixings: combined.fixings,
      terms: {
        unitPrice: spotPrice,
        fixingDeadline: earliest(terms.map((t) => t.fixingDeadline)),
        deliveryFrom: earliest(terms.map((t) => t.deliveryFrom)),
        deliveryTo:
          terms
            .map((t) => t.deliveryTo)
            .filter(Boolean)
            .sort()
            .at(-1) ?? null,
      },
    },
    byId,
  );
  // The lines (batches, grades) of every source go to the one contract that replaces them.
  await context.db.query(
    `insert into transaction_contract_lines (contract_id, batch_no, grade_spec, conditioned_weight, unit_price, sort)
     select $1, batch_no, grade_spec, conditioned_weight, unit_price, row_number() over (order by contract_id, sort, id)
       from transaction_contract_lines where contract_id = any($2::bigint[])`,
    [result.id, ids],
  );
  for (const [index, source] of sources.entries())
    await part(context, sepCombId, 'source', index, {
      id: source.id,
      tonnage: source.tonnage,
      fixed: source.fixedTonnage,
      average: average(fixingsById.get(source.id)!),
    });
  await part(context, sepCombId, 'result', sources.length, result);
  await history(
    context,
    result.id,
    'combine',
    null,
    executing || new Decimal(result.fixed).greaterThan(0) ? 'executing' : head.status,
    `由合同 ${numbers} 合并而来：${context.input.reason}`,
  );
  const summary = `合并合同 ${numbers} 为 ${describe([result])}`;
  return {
    summary,
    data: {
      sources: numbers,
      tonnage: combined.tonnage,
      fixedTonnage: combined.fixed,
      averageFixedPrice: combined.averageFixedPrice,
      results: describe([result]),
    },
  };
};

export const sepCombStorage: ResourceStorage = {
  table: 'contract_sep_combs',
  clientScope: 'partner_id',
  // Made by the commands only; read with each contract's number.
  lines: {
    load: (db, id) =>
      db.query(
        `select p.contract_id::text as "contractId", c.contract_no as "contractIdName", p.role, p.tonnage::text,
                p.fixed_tonnage::text as "fixedTonnage", p.average_fixed_price::text as "averageFixedPrice"
           from contract_sep_comb_parts p join transaction_contracts c on c.id = p.contract_id
          where p.sep_comb_id = $1 order by p.sort, p.id`,
        [id],
      ),
    save: async () => {
      throw new Error('the parts of a split or combination are written by its command');
    },
  },
  commands: { split: splitCommand, combine: combineCommand } as ResourceStorage['commands'],
};
