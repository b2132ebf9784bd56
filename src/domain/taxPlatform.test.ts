// The 数电 bulk-issue template's sheets and the platform's result file (§2.5), with the P2601 line of §2.10 (a).
import { readIssuedNumbers, TAX_BASIC_HEADER, TAX_LINE_HEADER, taxPlatformSheets } from './taxPlatform.ts';

const invoice = {
  serialNo: 'KP2026112500001-1',
  kind: '01' as const,
  buyer: {
    name: '无锡一棉',
    taxNo: '91320200MA1XXXXXX1',
    address: '无锡市',
    phone: '0510-0000000',
    bank: '工行无锡分行',
    account: '1103000000000000000',
  },
  remark: '合同 XS202605-001 批号 P2601',
  lines: [
    {
      batchNo: 'P2601',
      quantity: '40.112',
      unitPriceExcl: '14220.18348624',
      amountExcl: '570400.00',
      tax: '51336.00',
      vatPercent: '9',
    },
  ],
};

test('writes an invoice as a basic row and its lines as line rows, tied by the serial number, amounts excl.', () => {
  const { basics, lines } = taxPlatformSheets([invoice]);
  expect(basics[0]).toEqual([...TAX_BASIC_HEADER]);
  expect(basics[1]!.slice(0, 6)).toEqual([
    'KP2026112500001-1',
    '数电专票（增值税专用发票）',
    '',
    '否',
    '无锡一棉',
    '91320200MA1XXXXXX1',
  ]);
  expect(lines[0]).toEqual([...TAX_LINE_HEADER]);
  expect(lines[1]).toEqual([
    'KP2026112500001-1',
    '*棉花*皮棉',
    '1010107010000000000',
    'P2601',
    '吨',
    '40.112',
    '14220.18348624',
    '570400.00',
    '0.09',
    '51336.00',
  ]);
});

test('reads the numbers and dates the platform returns, every bad row with its line', () => {
  const read = readIssuedNumbers([
    ['批量开具结果'],
    ['序号', '发票流水号', '发票号码', '开票日期', '状态'],
    ['1', 'KP2026112500001-1', '26112500000000000001', '2026/11/25', '成功'],
    ['2', 'HZ2026112500003', '26112500000000000002', new Date('2026-11-26T00:00:00Z'), '成功'],
    ['3', 'KP2026112500001-2', '2611250000', '2026-11-25', '成功'],
    [],
  ]);
  expect(read.rows).toEqual([
    { line: 3, serialNo: 'KP2026112500001-1', invoiceNo: '26112500000000000001', issueDate: '2026-11-25' },
    { line: 4, serialNo: 'HZ2026112500003', invoiceNo: '26112500000000000002', issueDate: '2026-11-26' },
  ]);
  expect(read.problems).toEqual([{ line: 5, message: '发票号码“2611250000”应为 20 位数字' }]);
  expect(readIssuedNumbers([['a', 'b']]).problems[0]!.message).toContain('发票流水号');
});
