// Moving a contract to another salesperson (/pur/TransferCheck/list): whoever may amend a contract in force
// asks (one open request per contract), risk approves — never the one who asked — and the contract's
// salesperson changes then, its history saying from whom to whom; a rejection leaves the contract as it was.

import { badRequest } from '../../platform/http/envelope.ts';
import { recordStep } from '../../platform/resources/history.ts';
import type { CommandService, HookContext, ResourceStorage } from '../../platform/resources/storage.ts';
import { contractRow } from './contracts.ts';

const userName = async (hook: Pick<HookContext, 'db'>, id: string | null) => {
  if (!id) return '—';
  const [row] = await hook.db.query<{ name: string }>(
    'select coalesce(rel_name, login_name) as name from users where id = $1',
    [id],
  );
  return row?.name ?? id;
};

export const requestTransferCommand: CommandService<{ toSalespersonId: string; reason: string }> = async (
  context,
) => {
  const contract = await contractRow(context.db, String(context.record!.id), true);
  const [current] = await context.db.query<{ salespersonId: string | null }>(
    'select salesperson_id::text as "salespersonId" from transaction_contracts where id = $1',
    [contract.id],
  );
  const to = String(context.input.toSalespersonId);
  if (current?.salespersonId === to) throw badRequest(`合同 ${contract.contractNo} 已由该业务员负责`);
  const [open] = await context.db.query(
    `select 1 from contract_transfers where contract_id = $1 and status = 'submitted'`,
    [contract.id],
  );
  if (open) throw badRequest(`合同 ${contract.contractNo} 已有待审批的转移申请`);
  await context.db.query(
    `insert into contract_transfers (contract_id, partner_id, from_salesperson_id, to_salesperson_id, reason, status,
        requested_by, requested_at)
     values ($1, $2, $3, $4, $5, 'submitted', $6, $7)`,
    [
      contract.id,
      contract.partnerId,
      current?.salespersonId ?? null,
      to,
      context.input.reason,
      context.actor.userId,
      context.now,
    ],
  );
  const summary = `申请将合同 ${contract.contractNo} 由 ${await userName(context, current?.salespersonId ?? null)} 转给 ${await userName(context, to)}：${context.input.reason}`;
  return { summary };
};

export const transferStorage: ResourceStorage = {
  table: 'contract_transfers',
  clientScope: 'partner_id',
  submittedBy: 't.requested_by',
  afterTransition: async (hook, id, action) => {
    const [request] = await hook.db.query<{
      contractId: string;
      from: string | null;
      to: string;
      requestedBy: string | null;
      reason: string;
    }>(
      `select contract_id::text as "contractId", from_salesperson_id::text as from, to_salesperson_id::text as to,
              requested_by::text as "requestedBy", reason
         from contract_transfers where id = $1`,
      [id],
    );
    const [said] = await hook.db.query<{ comment: string | null }>(
      `select comment from document_history where resource_key = 'contractTransfer' and record_id = $1
        order by id desc limit 1`,
      [id],
    );
    await hook.db.query(
      'update contract_transfers set decided_by = $2, decided_at = $3, comment = $4 where id = $1',
      [id, hook.actor.userId, hook.now, said?.comment ?? null],
    );
    if (action !== 'approve') return {};
    const contract = await contractRow(hook.db, request!.contractId, true);
    if (!['approved', 'executing'].includes(contract.status))
      throw badRequest(`合同 ${contract.contractNo} 已不在执行中，不能转移`);
    await hook.db.query('update transaction_contracts set salesperson_id = $2 where id = $1', [
      contract.id,
      request!.to,
    ]);
    await recordStep(hook, 'transactionContract', contract.id, {
      action: 'transfer',
      from: contract.status,
      to: contract.status,
      comment: `业务员由 ${await userName(hook, request!.from)} 转给 ${await userName(hook, request!.to)}：${request!.reason}`,
    });
    return {};
  },
};
