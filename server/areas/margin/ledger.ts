// The margin accounts on the server: movements entered by finance (deposits, interest, allotments), the
// applications to withdraw, release or move margin (written as movements once someone other than the
// applicant approves), the balances per client and per contract, and the calls. Every movement is checked
// against the balances its ledger gives (src/domain/margin.ts) under the client's lock — a withdrawal also
// against the client's requirement —, then the client's requirement and calls are reassessed in the same
// transaction.

import Decimal from 'decimal.js';
import {
  isProblem,
  type MarginMovement,
  type MarginMovementKind,
  marginBalances,
  marginMovementProblem,
} from '../../../src/domain/index.ts';
import { marginInterest } from '../../../src/domain/marginInterest.ts';
import { clientsOfUser } from '../../platform/access/clients.ts';
import { boundToOwnClients, loadGrants } from '../../platform/access/permissions.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest, forbidden } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import { FieldErrors } from '../../platform/resources/problems.ts';
import type { CommandService, HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { interestTermsOn } from '../settings/index.ts';
import { reassessClients, requirementOf } from './requirement.ts';

const SALESPERSON = '(select r.salesperson_id from client_relations r where r.client_id = t.partner_id)';
const given = (value: unknown) =>
  value === undefined || value === null || value === '' ? null : String(value);

/** Locks the client's row: every movement of one client is written after the one before it. */
async function lockClient(db: Queryable, partnerId: string) {
  const [row] = await db.query('select id from partners where id = $1 for update', [partnerId]);
  if (!row) throw badRequest('客户不存在');
}

/** The client's ledger as the rule reads it (less the movement `leaving`, about to be checked). */
async function ledgerOf(db: Queryable, partnerId: string, leaving?: string) {
  const rows = await db.query<{ kind: MarginMovementKind; amount: string; contractId: string | null }>(
    `select kind, amount::text, contract_id::text as "contractId" from client_margin_movements
      where partner_id = $1 and id is distinct from $2::bigint order by id`,
    [partnerId, leaving ?? null],
  );
  return marginBalances(rows);
}

/**
 * A user bound to their own clients applies for their clients only: refused (403) before the application
 * is checked against the client's figures, which would tell them.
 */
async function assertOwnClient(hook: HookContext, partnerId: string) {
  if (!boundToOwnClients(await loadGrants(hook.db, hook.actor.userId))) return;
  const [mine] = await hook.db.query(`select 1 where $1::bigint in (${clientsOfUser('$2')})`, [
    partnerId,
    hook.actor.userId,
  ]);
  if (!mine) throw forbidden();
}

/** A contract margin may be allotted to: the client's own sale, in force. */
async function checkContract(db: Queryable, partnerId: string, contractId: string, field: string) {
  const [contract] = await db.query<{ partnerId: string; side: string; status: string; contractNo: string }>(
    `select partner_id::text as "partnerId", side, status, contract_no as "contractNo"
       from transaction_contracts where id = $1`,
    [contractId],
  );
  if (!contract) throw badRequest('合同不存在', { fields: { [field]: '合同不存在' } });
  if (contract.partnerId !== partnerId || contract.side !== 'sale') {
    const message = `合同 ${contract.contractNo} 不是该客户的销售合同`;
    throw badRequest(message, { fields: { [field]: message } });
  }
  return contract;
}

/** Refuses (400, nothing written) a movement the balances (and, a withdrawal, the requirement) do not allow. */
function refuseProblem(
  current: ReturnType<typeof marginBalances>,
  movement: MarginMovement,
  requirement = '0',
  field = 'amount',
) {
  const problem = marginMovementProblem(current, movement, requirement);
  if (problem && isProblem(problem))
    throw badRequest(problem.message, { fields: { [field]: problem.message } });
}

const documentNo = (prefix: string, day: string, id: string) =>
  `${prefix}${day.replaceAll('-', '')}${id.padStart(5, '0')}`;

const CLIENT_INTEREST = { rate: 'clientMarginInterestPercent', dayCount: 'clientMarginDayCount' };

/**
 * Interest on clients' margin balances for a period, both days counted (issue 21: the interest movement
 * existed, nothing computed it): each client whose account held money in the period earns the versioned rate
 * under the versioned day count, in pieces cut where its balance (deposits, interest, withdrawals by their
 * day), the rate or the convention changes; the interest is one movement dated the period's last day, naming
 * the period. A period not yet over, or one a client already earned interest for, is refused.
 */
const accrueInterest: CommandService<{ periodFrom: string; periodThrough: string }> = async (context) => {
  const { periodFrom: from, periodThrough: through } = context.input;
  if (through < from) throw new FieldErrors({ periodThrough: `计息截止日 ${through} 早于起始日 ${from}` });
  if (through >= context.today)
    throw new FieldErrors({ periodThrough: `计息截止日 ${through} 须早于今天（${context.today}）` });
  const clients = (
    await context.db.query<{ id: string }>(
      `select p.id::text from partners p
        where exists (select 1 from client_margin_movements m where m.partner_id = p.id and m.occurred_on <= $1::date)
        order by p.id for update`,
      [through],
    )
  ).map((row) => row.id);
  const [overlap] = await context.db.query<{ name: string; from: string; through: string }>(
    `select p.name, to_char(m.interest_from, 'YYYY-MM-DD') as from, to_char(m.interest_through, 'YYYY-MM-DD') as through
       from client_margin_movements m join partners p on p.id = m.partner_id
      where m.interest_from <= $2::date and m.interest_through >= $1::date order by m.id limit 1`,
    [from, through],
  );
  if (overlap)
    throw new FieldErrors({
      periodFrom: `${overlap.name} 已计提 ${overlap.from} 至 ${overlap.through} 的利息，与所选期间重叠`,
    });
  const movements = await context.db.query<{ partnerId: string; valueDate: string; amount: string }>(
    `select partner_id::text as "partnerId", to_char(occurred_on, 'YYYY-MM-DD') as "valueDate",
            (case kind when 'withdraw' then -amount else amount end)::text as amount
       from client_margin_movements
      where kind in ('deposit', 'interest', 'withdraw') and occurred_on <= $1::date order by id`,
    [through],
  );
  const terms = await interestTermsOn(context.db, CLIENT_INTEREST, from, through);
  const accrued: { partnerId: string; interest: string; pieces: number; words: string }[] = [];
  for (const partnerId of clients) {
    const result = marginInterest({
      from,
      through,
      movements: movements.filter((m) => m.partnerId === partnerId),
      terms,
    });
    if (isProblem(result)) throw new FieldErrors({ periodFrom: result.message });
    if (new Decimal(result.interest).lessThanOrEqualTo(0)) continue;
    const words = result.pieces
      .map(
        (p) => `${p.from}～${p.through} ${p.days} 天 × ${p.balance} 元 × ${p.ratePercent}% (${p.dayCount})`,
      )
      .join('；');
    accrued.push({ partnerId, interest: result.interest, pieces: result.pieces.length, words });
  }
  for (const row of accrued) {
    const [written] = await context.db.query<{ id: string }>(
      `insert into client_margin_movements (partner_id, kind, amount, occurred_on, interest_from, interest_through,
          remark, created_by, created_at)
       values ($1, 'interest', $2, $3, $4, $3, $5, $6, $7) returning id::text`,
      [
        row.partnerId,
        row.interest,
        through,
        from,
        `利息 ${from} 至 ${through}：${row.words}`.slice(0, 200),
        context.actor.userId,
        context.now,
      ],
    );
    await context.db.query('update client_margin_movements set movement_no = $2 where id = $1', [
      written!.id,
      documentNo('BZJ', context.today, written!.id),
    ]);
  }
  await reassessClients(
    context,
    accrued.map((row) => row.partnerId),
  );
  const total = accrued.reduce((sum, row) => sum.plus(row.interest), new Decimal(0)).toFixed(2);
  const days = Math.round((Date.parse(through) - Date.parse(from)) / 86_400_000) + 1;
  return {
    summary: `计提客户保证金利息 ${from} 至 ${through}：${accrued.length} 户，共 ${total} 元`,
    data: { clients: accrued.length, days, interest: total },
  };
};

export const movementStorage: ResourceStorage = {
  table: 'client_margin_movements',
  clientScope: 'partner_id',
  columns: { salespersonId: { read: SALESPERSON } },
  stamps: (hook, creating) => (creating ? { created_by: hook.actor.userId, created_at: hook.now } : {}),
  lockFirst: async (db, id, record) => {
    if (id && record) throw badRequest('保证金流水不能修改，请另记一笔冲正的流水');
    const partnerId = given(record?.partnerId);
    if (partnerId && /^\d{1,18}$/.test(partnerId)) await lockClient(db, partnerId);
  },
  saveExtra: async (hook, id, record) => {
    const partnerId = String(record.partnerId);
    const kind = String(record.kind) as MarginMovementKind;
    const contractId = given(record.contractId);
    if (kind === 'allot') await checkContract(hook.db, partnerId, contractId!, 'contractId');
    else if (contractId) {
      const message = '只有划拨到合同的流水指明合同';
      throw badRequest(message, { fields: { contractId: message } });
    }
    refuseProblem(await ledgerOf(hook.db, partnerId, id), {
      kind,
      amount: String(record.amount),
      contractId,
    });
    await hook.db.query('update client_margin_movements set movement_no = $2 where id = $1', [
      id,
      documentNo('BZJ', hook.today, id),
    ]);
    await reassessClients(hook, [partnerId]);
  },
  commands: { accrueInterest } as ResourceStorage['commands'],
};

async function writeMovement(
  hook: HookContext,
  movement: { partnerId: string; kind: MarginMovementKind; contractId: string | null; amount: string },
  applicationId: string,
  remark: string,
) {
  const [row] = await hook.db.query<{ id: string }>(
    `insert into client_margin_movements (partner_id, kind, contract_id, amount, occurred_on, application_id, remark,
        created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9) returning id::text`,
    [
      movement.partnerId,
      movement.kind,
      movement.contractId,
      movement.amount,
      hook.today,
      applicationId,
      remark,
      hook.actor.userId,
      hook.now,
    ],
  );
  await hook.db.query('update client_margin_movements set movement_no = $2 where id = $1', [
    row!.id,
    documentNo('BZJ', hook.today, row!.id),
  ]);
}

interface Application {
  partnerId: string;
  kind: 'withdraw' | 'release' | 'move';
  fromContractId: string | null;
  toContractId: string | null;
  amount: string;
  reason: string;
  requestedBy: string | null;
  applicationNo: string;
}

/** The movements an application makes: a withdrawal, a release, or a release and an allotment. */
const movementsOf = (application: Application): MarginMovement[] =>
  application.kind === 'withdraw'
    ? [{ kind: 'withdraw', amount: application.amount }]
    : [
        { kind: 'release', amount: application.amount, contractId: application.fromContractId },
        ...(application.kind === 'move'
          ? [{ kind: 'allot' as const, amount: application.amount, contractId: application.toContractId }]
          : []),
      ];

/**
 * Checks an application against the client's balances now, each of its movements in turn; a withdrawal also
 * against the client's requirement today, so the balance never falls below it (issue 21).
 */
async function checkApplication(db: Queryable, application: Application, day: string) {
  if (application.kind !== 'withdraw')
    await checkContract(db, application.partnerId, application.fromContractId!, 'fromContractId');
  if (application.kind === 'move')
    await checkContract(db, application.partnerId, application.toContractId!, 'toContractId');
  const movements = movementsOf(application);
  const rows = await db.query<{ kind: MarginMovementKind; amount: string; contractId: string | null }>(
    `select kind, amount::text, contract_id::text as "contractId" from client_margin_movements where partner_id = $1 order by id`,
    [application.partnerId],
  );
  const requirement =
    application.kind === 'withdraw' ? await requirementOf(db, application.partnerId, day) : '0';
  for (const [index, movement] of movements.entries())
    refuseProblem(marginBalances([...rows, ...movements.slice(0, index)]), movement, requirement);
  return movements;
}

const applicationOf = async (db: Queryable, id: string) =>
  (
    await db.query<Application>(
      `select partner_id::text as "partnerId", kind, from_contract_id::text as "fromContractId",
              to_contract_id::text as "toContractId", amount::text, reason, requested_by::text as "requestedBy",
              coalesce(application_no, id::text) as "applicationNo"
         from client_margin_applications where id = $1`,
      [id],
    )
  )[0]!;

export const applicationStorage: ResourceStorage = {
  table: 'client_margin_applications',
  clientScope: 'partner_id',
  submittedBy: 't.requested_by',
  stamps: (hook, creating) => (creating ? { requested_by: hook.actor.userId, requested_at: hook.now } : {}),
  // The client before the application, on a save and on a decision alike: one client's applications
  // approved at once wait for each other at the client's row instead of deadlocking (each held its own
  // application and waited for the client's row the other approval wanted after it).
  lockFirst: async (db, id, record) => {
    if (id && record) throw badRequest('保证金申请提交后不能修改，请驳回后重新申请');
    const partnerId = record
      ? given(record.partnerId)
      : id && /^\d{1,18}$/.test(id)
        ? ((
            await db.query<{ partnerId: string }>(
              'select partner_id::text as "partnerId" from client_margin_applications where id = $1',
              [id],
            )
          )[0]?.partnerId ?? null)
        : null;
    if (partnerId && /^\d{1,18}$/.test(partnerId)) await lockClient(db, partnerId);
  },
  saveExtra: async (hook, id, record) => {
    // Another client's account is not the salesperson's to be told about (its balance, its requirement).
    await assertOwnClient(hook, String(record.partnerId));
    // A withdrawal names no contract, a release only the one it leaves.
    if (record.kind === 'withdraw')
      await hook.db.query(
        'update client_margin_applications set from_contract_id = null, to_contract_id = null where id = $1',
        [id],
      );
    if (record.kind === 'release')
      await hook.db.query('update client_margin_applications set to_contract_id = null where id = $1', [id]);
    // Refused now already if the balances do not allow it; checked again when approved.
    await checkApplication(hook.db, await applicationOf(hook.db, id), hook.today);
    await hook.db.query('update client_margin_applications set application_no = $2 where id = $1', [
      id,
      documentNo('BZSQ', hook.today, id),
    ]);
    // The applicant hears of the approval or rejection (the engine tells whoever submitted).
    await recordStep(hook, 'clientMarginApplication', id, { action: 'submit', from: null, to: 'submitted' });
  },
  afterTransition: async (hook, id, action) => {
    const application = await applicationOf(hook.db, id);
    await hook.db.query(
      'update client_margin_applications set decided_by = $2, decided_at = $3 where id = $1',
      [id, hook.actor.userId, hook.now],
    );
    if (action !== 'approve') return {};
    await lockClient(hook.db, application.partnerId);
    const movements = await checkApplication(hook.db, application, hook.today);
    for (const movement of movements)
      await writeMovement(
        hook,
        {
          partnerId: application.partnerId,
          kind: movement.kind,
          contractId: movement.contractId ?? null,
          amount: movement.amount,
        },
        id,
        `${application.applicationNo}：${application.reason}`,
      );
    await reassessClients(hook, [application.partnerId]);
    return {};
  },
};

/** The balances per client (a view over the ledger and the requirement), with the contracts' allotments. */
export const balanceStorage: ResourceStorage = {
  table: 'client_margin_balances',
  clientScope: 'partner_id',
  lines: {
    load: (db, id) =>
      db.query(
        `select c.id::text, c.id::text as "contractId", c.contract_no as "contractIdName", c.futures_month as "futuresMonth",
                trim_scale(c.tonnage)::text as tonnage, trim_scale(c.fixed_tonnage)::text as "fixedTonnage",
                c.average_fixed_price::numeric(20, 2)::text as "averageFixedPrice",
                coalesce(sum(case m.kind when 'allot' then m.amount when 'release' then -m.amount end), 0)::numeric(20, 2)::text
                  as allotted
           from transaction_contracts c
           left join client_margin_movements m on m.contract_id = c.id
          where c.partner_id = $1 and c.side = 'sale'
            and (m.id is not null or (c.kind in ('basis', 'deferred') and c.status in ('approved', 'executing')))
          group by c.id order by c.id`,
        [id],
      ),
    save: async () => {
      throw badRequest('保证金余额由流水计算，不能直接修改');
    },
  },
};

export const callStorage: ResourceStorage = { table: 'margin_calls', clientScope: 'partner_id' };
