// The hand-off to the tax platform (domain-money.md §2.5–2.6): invoices to issue and red-letter forms written in
// the layout of the 数电 bulk-issue template (批量开具, from knowledge: sheet 1 the invoices' basic information,
// sheet 2 their lines, tied by the 发票流水号; a third sheet the red forms), and the numbers and dates the
// platform gives back read from its result file. A serial number is the application's number and the invoice's
// place in its split (KP2026112500001-1), or the red form's number (HZ…): the return is matched by it.
//
// Worked example: an application KP2026112500001 of P2601 (40.112 t, 621,736.00 incl. at 9 %) split into one
// invoice gives a basic row [KP2026112500001-1, 数电专票, 否 (amounts excl. VAT), buyer…] and a
// line row [KP2026112500001-1, *棉花*皮棉, 1010107010000000000, P2601, 吨, 40.112, 14220.18348624, 570400.00, 0.09,
// 51336.00]; the platform's answer [KP2026112500001-1, 26112500000000000001, 2026-11-25] issues it.
import { type Problem, problem } from './problem.ts';

export const TAX_BASIC_HEADER = [
  '发票流水号',
  '发票类型',
  '特定业务类型',
  '是否含税',
  '购买方名称',
  '购买方纳税人识别号',
  '购买方地址',
  '购买方电话',
  '购买方开户银行',
  '购买方银行账号',
  '备注',
] as const;

export const TAX_LINE_HEADER = [
  '发票流水号',
  '项目名称',
  '商品和服务税收分类编码',
  '规格型号',
  '单位',
  '数量',
  '单价',
  '金额',
  '税率',
  '税额',
] as const;

export const TAX_RED_HEADER = [
  '红字确认单流水号',
  '蓝字发票号码',
  '红冲原因',
  '录入方',
  '蓝字发票行号',
  '数量',
  '金额',
  '税额',
] as const;

/** The item of lint on a fapiao (§2.3) and its tax classification code (农产品-棉花). */
export const LINT_ITEM = { name: '*棉花*皮棉', taxCode: '1010107010000000000', unit: '吨' } as const;

export interface TaxInvoiceLine {
  batchNo: string | null;
  quantity: string | null;
  unitPriceExcl: string | null;
  amountExcl: string;
  tax: string;
  vatPercent: string;
}

export interface TaxInvoice {
  serialNo: string;
  kind: '01' | '02';
  buyer: { name: string; taxNo: string; address: string; phone: string; bank: string; account: string };
  remark: string;
  lines: readonly TaxInvoiceLine[];
}

const KIND_NAMES = { '01': '数电专票（增值税专用发票）', '02': '数电普票（普通发票）' } as const;
const rate = (percent: string) => (Number(percent) / 100).toString();

/** The two sheets of the bulk-issue template: a basic row per invoice, a line row per invoice line. */
export function taxPlatformSheets(invoices: readonly TaxInvoice[]): {
  basics: string[][];
  lines: string[][];
} {
  return {
    basics: [
      [...TAX_BASIC_HEADER],
      ...invoices.map((invoice) => [
        invoice.serialNo,
        KIND_NAMES[invoice.kind],
        '',
        '否',
        invoice.buyer.name,
        invoice.buyer.taxNo,
        invoice.buyer.address,
        invoice.buyer.phone,
        invoice.buyer.bank,
        invoice.buyer.account,
        invoice.remark,
      ]),
    ],
    lines: [
      [...TAX_LINE_HEADER],
      ...invoices.flatMap((invoice) =>
        invoice.lines.map((line) => [
          invoice.serialNo,
          LINT_ITEM.name,
          LINT_ITEM.taxCode,
          line.batchNo ?? '',
          line.quantity === null ? '' : LINT_ITEM.unit,
          line.quantity ?? '',
          line.unitPriceExcl ?? '',
          line.amountExcl,
          rate(line.vatPercent),
          line.tax,
        ]),
      ),
    ],
  };
}

export interface IssuedNumber {
  line: number;
  serialNo: string;
  invoiceNo: string;
  issueDate: string;
}

export interface ReadNumbers {
  rows: IssuedNumber[];
  problems: { line: number; field?: string | null; message: string }[];
}

const cell = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value ?? '').trim();

/**
 * The platform's result: a header row naming 发票流水号, 发票号码 and 开票日期 (in any order, other columns left
 * alone), then a row per issued invoice; every bad row with its line.
 */
export function readIssuedNumbers(sheet: readonly (readonly unknown[])[]): ReadNumbers {
  const headerAt = sheet.findIndex((row) => row.some((value) => cell(value) === '发票流水号'));
  if (headerAt < 0)
    return { rows: [], problems: [{ line: 0, message: '找不到表头：文件中没有“发票流水号”列' }] };
  const header = sheet[headerAt]!.map(cell);
  const at = (name: string) => header.indexOf(name);
  const missing = ['发票号码', '开票日期'].filter((name) => at(name) < 0);
  if (missing.length)
    return { rows: [], problems: [{ line: headerAt + 1, message: `缺少“${missing.join('”“')}”列` }] };
  const rows: IssuedNumber[] = [];
  const problems: ReadNumbers['problems'] = [];
  for (const [index, row] of sheet.entries()) {
    if (index <= headerAt || row.every((value) => cell(value) === '')) continue;
    const line = index + 1;
    const serialNo = cell(row[at('发票流水号')]);
    const invoiceNo = cell(row[at('发票号码')]);
    const issueDate = cell(row[at('开票日期')]).replaceAll('/', '-').slice(0, 10);
    const wrong: Problem | null = !serialNo
      ? problem('tax.serial', '发票流水号为空')
      : !/^[0-9]{20}$/.test(invoiceNo)
        ? problem('tax.number', `发票号码“${invoiceNo}”应为 20 位数字`)
        : !/^\d{4}-\d{2}-\d{2}$/.test(issueDate)
          ? problem('tax.date', `开票日期“${issueDate}”应为 年-月-日`)
          : null;
    if (wrong) problems.push({ line, message: wrong.message });
    else rows.push({ line, serialNo, invoiceNo, issueDate });
  }
  return { rows, problems };
}
