// The hand-off to the tax platform (domain-money.md §2.5–2.6): the approved invoice applications (split by
// invoiceMaxAmount as issuing will split them) and the confirmed red-letter forms written as the 数电 bulk-issue
// spreadsheet (src/domain/taxPlatform.ts, ExcelJS); the platform's result file read back by the one import flow
// (server/platform/imports) and each invoice issued with the number and date it gave, by the same service as
// entering them by hand: no invoice is issued without a number, a wrong count or a number taken refuses the
// whole file.
import ExcelJS from 'exceljs';
import {
  isProblem,
  readIssuedNumbers,
  splitInvoices,
  TAX_RED_HEADER,
  type TaxInvoice,
  taxPlatformSheets,
} from '../../../src/domain/index.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { badRequest } from '../../platform/http/envelope.ts';
import { type FileProblem, fileImport, refusedFile } from '../../platform/imports/fileImport.ts';
import type { CommandContext, CommandService } from '../../platform/resources/storage.ts';
import { settingOn } from '../../platform/settings.ts';
import { issue } from './invoicing.ts';
import { redFormCommands } from './redInvoices.ts';

const REASONS: Record<string, string> = {
  '01': '开票有误',
  '02': '销货退回',
  '03': '服务中止',
  '04': '销售折让',
};

/** The approved applications as the platform's invoices, each split as issuing will split it. */
async function invoicesToIssue(db: Queryable, day: string): Promise<TaxInvoice[]> {
  const max = await settingOn(db, 'invoiceMaxAmount', day);
  const applications = await db.query<{
    id: string;
    no: string;
    kind: '01' | '02';
    buyer: string;
    taxNo: string | null;
    address: string | null;
    phone: string | null;
    contractNo: string;
  }>(
    `select a.id::text, a.application_no as no, a.invoice_kind as kind, p.name as buyer, p.credit_code as "taxNo",
            p.address, p.contact_phone as phone, c.contract_no as "contractNo"
       from invoice_applications a join partners p on p.id = a.partner_id
       join settlements s on s.id = a.settlement_id join transaction_contracts c on c.id = s.contract_id
      where a.status = 'approved' order by a.id`,
  );
  const invoices: TaxInvoice[] = [];
  for (const application of applications) {
    const lines = await db.query<{
      id: string;
      batchNo: string | null;
      quantity: string | null;
      amount: string;
      taxRate: string;
    }>(
      `select id::text, batch_no as "batchNo", quantity::text, amount::text, tax_rate::text as "taxRate"
         from invoice_application_lines where application_id = $1 order by sort, id`,
      [application.id],
    );
    const split = splitInvoices(
      lines.map((l) => ({ key: l.id, quantity: l.quantity, amount: l.amount, vatPercent: l.taxRate })),
      max === '' ? null : max,
    );
    if (isProblem(split)) throw badRequest(`${application.no}：${split.message}`);
    for (const [index, invoice] of split.entries()) {
      const batches = invoice.map((piece) => lines.find((l) => l.id === piece.key.split('#')[0])!.batchNo);
      invoices.push({
        serialNo: `${application.no}-${index + 1}`,
        kind: application.kind,
        buyer: {
          name: application.buyer,
          taxNo: application.taxNo ?? '',
          address: application.address ?? '',
          phone: application.phone ?? '',
          bank: '',
          account: '',
        },
        remark: `合同 ${application.contractNo} 批号 ${[...new Set(batches.filter(Boolean))].join('、')}`,
        lines: invoice.map((piece, at) => ({
          batchNo: batches[at] ?? null,
          quantity: piece.quantity,
          unitPriceExcl: piece.unitPriceExcl,
          amountExcl: piece.amountExcl,
          tax: piece.tax,
          vatPercent: piece.vatPercent,
        })),
      });
    }
  }
  return invoices;
}

/** The confirmed red forms, a row per red line. */
const redRows = (db: Queryable) =>
  db.query<{ row: string[] }>(
    `select array[f.form_no, f.blue_invoice_no, f.reason, case f.entered_by when 'seller' then '销方' else '购方' end,
                  r.blue_line_no::text, r.quantity::text, r.amount_excl::text, r.vat::text] as row
       from red_forms f join red_form_lines r on r.form_id = f.id
      where f.status = 'confirmed' order by f.id, r.line_no`,
  );

/** The workbook of the invoices to issue and the red forms to issue, its three sheets. */
export async function taxPlatformWorkbook(db: Queryable, day: string) {
  const invoices = await invoicesToIssue(db, day);
  const { basics, lines } = taxPlatformSheets(invoices);
  const reds = (await redRows(db)).map(({ row }) =>
    row.map((value, at) => (at === 2 ? `${value} ${REASONS[value]}` : value)),
  );
  const book = new ExcelJS.Workbook();
  for (const [name, rows] of [
    ['1-发票基本信息', basics],
    ['2-发票明细信息', lines],
    ['3-红字确认单信息', [[...TAX_RED_HEADER], ...reds]],
  ] as const) {
    const sheet = book.addWorksheet(name);
    for (const row of rows) sheet.addRow(row);
    sheet.getRow(1).font = { bold: true };
  }
  return { book, invoices: invoices.length, reds: new Set(reds.map((row) => row[0])).size };
}

/** The bulk-issue file, as base64, with how many invoices and red forms it holds. */
export const taxExport: CommandService = async ({ db, today }) => {
  const { book, invoices, reds } = await taxPlatformWorkbook(db, today);
  if (invoices === 0 && reds === 0)
    throw badRequest('没有待开具的发票（已审批的开票申请）或已确认的红字确认单');
  const content = Buffer.from(await book.xlsx.writeBuffer()).toString('base64');
  return {
    summary: `导出数电批量开具文件：发票 ${invoices} 张，红字确认单 ${reds} 张`,
    data: { fileName: `数电批量开具-${today}.xlsx`, content, invoices, reds },
  };
};

const history = (
  db: Queryable,
  resource: string,
  id: string,
  action: string,
  from: string,
  context: CommandContext,
) =>
  db.query(
    `insert into document_history (resource_key, record_id, action, from_state, to_state, user_id, comment, at)
     values ($1, $2, $3, $4, 'issued', $5, '税务平台返回文件导入', $6)`,
    [resource, id, action, from, context.actor.userId, context.now],
  );

/** The platform's numbers and dates: each application's invoices issued, each red form's red invoice. */
async function issueReturned(context: CommandContext, rows: ReturnType<typeof readIssuedNumbers>['rows']) {
  const { db } = context;
  if (rows.length === 0) throw badRequest('文件中没有开具结果');
  const problems: FileProblem[] = [];
  const applications = new Map<string, typeof rows>();
  let reds = 0;
  for (const row of rows) {
    if (row.serialNo.startsWith('HZ')) {
      const [form] = await db.query<{ id: string; status: string }>(
        'select id::text, status from red_forms where form_no = $1 for update',
        [row.serialNo],
      );
      if (form?.status !== 'confirmed') {
        problems.push({ line: row.line, message: `红字确认单 ${row.serialNo} 不存在或不是已确认状态` });
        continue;
      }
      try {
        await redFormCommands.issueRed({
          ...context,
          record: { id: form.id },
          input: { redInvoiceNo: row.invoiceNo, redIssueDate: row.issueDate },
        });
      } catch (error) {
        problems.push({ line: row.line, message: (error as Error).message });
        continue;
      }
      await db.query("update red_forms set status = 'issued' where id = $1", [form.id]);
      await history(db, 'redForm', form.id, 'issueRed', 'confirmed', context);
      reds++;
      continue;
    }
    const at = row.serialNo.lastIndexOf('-');
    const no = at > 0 ? row.serialNo.slice(0, at) : row.serialNo;
    applications.set(no, [...(applications.get(no) ?? []), row]);
  }
  let invoices = 0;
  for (const [no, returned] of applications) {
    const [application] = await db.query<{ id: string; status: string }>(
      'select id::text, status from invoice_applications where application_no = $1',
      [no],
    );
    if (application?.status !== 'approved') {
      problems.push({ line: returned[0]!.line, message: `开票申请 ${no} 不存在或不是已审批待开票状态` });
      continue;
    }
    const ordered = [...returned].sort(
      (a, b) => Number(a.serialNo.split('-').at(-1)) - Number(b.serialNo.split('-').at(-1)),
    );
    try {
      await issue({
        ...context,
        record: { id: application.id },
        input: { invoiceNos: ordered.map((r) => r.invoiceNo).join(','), issueDate: ordered[0]!.issueDate },
      });
    } catch (error) {
      problems.push({ line: returned[0]!.line, message: `开票申请 ${no}：${(error as Error).message}` });
      continue;
    }
    await db.query("update invoice_applications set status = 'issued' where id = $1", [application.id]);
    await history(db, 'invoiceApplication', application.id, 'issue', 'approved', context);
    invoices += ordered.length;
  }
  if (problems.length) throw refusedFile(problems.sort((a, b) => a.line - b.line));
  return {
    summary: `导入税务平台开具结果：发票 ${invoices} 张，红字发票 ${reds} 张`,
    data: { invoices, reds },
  };
}

export const taxImport = fileImport((sheet) => readIssuedNumbers(sheet as unknown[][]), issueReturned);
