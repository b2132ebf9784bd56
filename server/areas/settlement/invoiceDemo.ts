// The invoices of the demo company, on its confirmed sale settlement, made by the area's own services (so the
// figures are the rules'): five issued invoice applications of 5 t of its first batch, each issued under its
// own number; the rest in an application awaiting finance's check. Red-letter forms on the
// issued invoices, one in each state of SM-4: a red reversal issued (an allowance on a confirmed blue, 04),
// one awaiting the mill's confirmation (02, its 72 h clock running), one awaiting approval, one voided when its
// clock ran out (07) and a draft.
import Decimal from 'decimal.js';
import { recordHistory } from '../../platform/db/demo.ts';
import type { CommandContext, HookContext } from '../../platform/resources/storage.ts';
import { applicationLines, issue } from './invoicing.ts';
import { receivedInvoiceLines } from './receivedInvoices.ts';
import { redFormCommands, redFormLines } from './redInvoices.ts';

const APPLICATIONS = {
  resourceKey: 'invoiceApplication',
  table: 'invoice_applications',
  keyColumn: 'application_no',
};
const FORMS = { resourceKey: 'redForm', table: 'red_forms', keyColumn: 'form_no' };
const HOUR = 3_600_000;

const context = (hook: HookContext, id: string, input: Record<string, unknown>): CommandContext => ({
  ...hook,
  record: { id },
  input,
  preview: false,
  notify: async () => {},
});

async function application(
  hook: HookContext,
  settlementId: string,
  lines: { batchNo: string; quantity: string }[] | null,
) {
  const [row] = await hook.db.query<{ id: string }>(
    `insert into invoice_applications (settlement_id, invoice_kind, apply_date, remark, created_by, created_at)
     values ($1, '01', $2, '演示数据', $3, $4) returning id::text`,
    [settlementId, hook.today, hook.actor.userId, hook.now],
  );
  await applicationLines.save(hook, row!.id, lines ?? [], {});
  return row!.id;
}

/** The confirmed sale's invoices (by `sales`, checked and issued by `finance`) and the red forms on them. */
export async function invoiceDemo(sales: HookContext, finance: HookContext, settlementId: string) {
  const [first] = await sales.db.query<{ batchNo: string }>(
    `select batch_no as "batchNo" from settlement_lines where settlement_id = $1 and line_kind = 'goods'
      order by sort, id limit 1`,
    [settlementId],
  );
  if (!first) return;
  const day = sales.today.replaceAll('-', '');
  const blues: string[] = [];
  for (let index = 0; index < 5; index++) {
    const id = await application(sales, settlementId, [{ batchNo: first.batchNo, quantity: '5' }]);
    await sales.db.query("update invoice_applications set status = 'approved' where id = $1", [id]);
    const invoiceNo = `${day}${String(880001 + index).padStart(12, '0')}`;
    await issue(context(finance, id, { invoiceNos: invoiceNo, issueDate: sales.today }));
    const [{ no }] = (await sales.db.query<{ no: string }>(
      "update invoice_applications set status = 'issued' where id = $1 returning application_no as no",
      [id],
    )) as [{ no: string }];
    await recordHistory(sales.db, APPLICATIONS, [
      { no, day: sales.today, action: 'submit', from: 'draft', to: 'submitted', by: 'sales' },
      { no, day: sales.today, action: 'approve', from: 'submitted', to: 'approved', by: 'finance' },
      { no, day: sales.today, action: 'issue', from: 'approved', to: 'issued', by: 'finance' },
    ]);
    blues.push(invoiceNo);
  }
  const rest = await application(sales, settlementId, null);
  const [{ no }] = (await sales.db.query<{ no: string }>(
    "update invoice_applications set status = 'submitted' where id = $1 returning application_no as no",
    [rest],
  )) as [{ no: string }];
  await recordHistory(sales.db, APPLICATIONS, [
    { no, day: sales.today, action: 'submit', from: 'draft', to: 'submitted', by: 'sales' },
  ]);
  const states = ['issued', 'pending', 'submitted', 'void', 'draft'] as const;
  for (const [index, blue] of blues.slice(0, states.length).entries())
    await redForm(finance, blue, states[index]!);
}

/** A red 04 allowance of 300 CNY/t on the blue's only line, taken to `state`. */
async function redForm(finance: HookContext, blue: string, state: string) {
  const { db, today } = finance;
  const [line] = await db.query<{ amount: string }>(
    `select round(b.quantity * 300, 2)::text as amount from issued_invoice_lines b
       join issued_invoices i on i.id = b.invoice_id where i.invoice_no = $1 order by b.line_no limit 1`,
    [blue],
  );
  // The voided form was sent three days before: its clock ran out.
  const sentAt = state === 'void' ? new Date(finance.now.getTime() - 73 * HOUR) : finance.now;
  const hook = { ...finance, now: sentAt };
  const [row] = await db.query<{ id: string }>(
    `insert into red_forms (entered_by, blue_invoice_no, reason, blue_confirmed_use, form_date, remark, created_by,
            created_at)
     values ('seller', $1, '04', true, $2, '质量复检降级，按 300 元/吨折让（演示数据）', $3, $4) returning id::text`,
    [blue, today, finance.actor.userId, sentAt],
  );
  const id = row!.id;
  await redFormLines.save(hook, id, [{ blueLineNo: 1, amount: line!.amount }], {});
  const [{ no }] = (await db.query<{ no: string }>('select form_no as no from red_forms where id = $1', [
    id,
  ])) as [{ no: string }];
  const steps: { action: string; from: string; to: string; by: string }[] = [];
  const step = async (action: string, from: string, to: string, by: string, run?: () => Promise<unknown>) => {
    await run?.();
    await db.query('update red_forms set status = $2 where id = $1', [id, to]);
    steps.push({ action, from, to, by });
  };
  if (state !== 'draft') await step('submit', 'draft', 'submitted', 'finance');
  if (['pending', 'void', 'issued'].includes(state)) {
    await step('approve', 'submitted', 'approved', 'finance2');
    await step('send', 'approved', 'pending', 'finance', () => redFormCommands.send(context(hook, id, {})));
  }
  if (state === 'void')
    await step('expire', 'pending', 'void', 'finance', () =>
      redFormCommands.expire(context(finance, id, {})),
    );
  if (state === 'issued') {
    await step('confirm', 'pending', 'confirmed', 'finance', () =>
      redFormCommands.confirm(context(finance, id, {})),
    );
    await step('issueRed', 'confirmed', 'issued', 'finance', () =>
      redFormCommands.issueRed(
        context(finance, id, {
          redInvoiceNo: `${today.replaceAll('-', '')}${String(990001).padStart(12, '0')}`,
          redIssueDate: today,
        }),
      ),
    );
  }
  await recordHistory(
    db,
    FORMS,
    steps.map((s) => ({ no, day: today, ...s })),
  );
}

/**
 * A supplier's invoice as it arrives before its purchase is settled: registered by the desk for the first
 * priced batch of a purchase, at the contract's price (lint 9 % VAT); finance verifies it on the platform and
 * matches it once the settlement is confirmed.
 */
export async function receivedInvoiceDemo(hook: HookContext): Promise<void> {
  const [line] = await hook.db.query<{
    contractId: string;
    batchNo: string;
    quantity: string;
    amount: string;
  }>(
    `select l.contract_id::text as "contractId", l.batch_no as "batchNo",
            round(l.conditioned_weight, 3)::text as quantity,
            round(round(l.conditioned_weight, 3) * coalesce(l.unit_price, c.average_fixed_price, c.unit_price), 2)::text
              as amount
       from transaction_contract_lines l join transaction_contracts c on c.id = l.contract_id
      where c.side = 'purchase' and l.conditioned_weight > 0
        and coalesce(l.unit_price, c.average_fixed_price, c.unit_price) > 0
      order by c.sign_date, c.id, l.sort, l.id limit 1`,
  );
  if (!line) return;
  const [row] = await hook.db.query<{ id: string }>(
    `insert into received_invoices (invoice_no, invoice_kind, contract_id, issue_date, seller_tax_no, remark,
                                    created_by, created_at)
     values ('26652000000012345678', '01', $1, $2, '91652801MA7XXXXXX1', '演示数据', $3, $4) returning id::text`,
    [line.contractId, hook.today, hook.actor.userId, hook.now],
  );
  const amount = new Decimal(line.amount);
  const vat = amount.minus(amount.dividedBy('1.09').toDecimalPlaces(2)).toFixed(2);
  await receivedInvoiceLines.save(
    hook,
    row!.id,
    [{ batchNo: line.batchNo, quantity: line.quantity, amount: line.amount, vat }],
    {},
  );
  await recordHistory(hook.db, RECEIVED, [
    {
      no: '26652000000012345678',
      day: hook.today,
      action: 'create',
      from: null,
      to: 'registered',
      by: hook.actor.loginName,
    },
  ]);
}

const RECEIVED = { resourceKey: 'receivedInvoice', table: 'received_invoices', keyColumn: 'invoice_no' };
