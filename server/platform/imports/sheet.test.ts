// The one sheet reader every import uses: what a caller sees for a CSV in GB18030 (as futures companies
// write), a blank line (kept, so lines are the file's), and a kind of file the import does not take.
import ExcelJS from 'exceljs';
import { readSheet } from './sheet.ts';

describe('readSheet', () => {
  test('a CSV keeps its blank lines as empty rows, so a row is at its line in the file', async () => {
    const csv = Buffer.from('\uFEFFa,b\n\n1,2\n', 'utf8').toString('base64');
    expect(await readSheet('x.csv', csv)).toEqual([['a', 'b'], [], ['1', '2'], []]);
  });

  test('a CSV in GB18030 reads as its characters', async () => {
    // 成交编号,买 and a line break, byte by byte: Node has no GB18030 encoder.
    const bytes = Buffer.from('b3c9bdbbb1e0bac52cc2f20a', 'hex');
    expect(await readSheet('x.csv', bytes.toString('base64'))).toEqual([['成交编号', '买'], []]);
  });

  test('an .xlsx is read from its first sheet', async () => {
    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('s');
    sheet.addRow(['a', 'b']);
    sheet.addRow([]);
    sheet.addRow(['1', '2']);
    const content = Buffer.from(await workbook.xlsx.writeBuffer()).toString('base64');
    expect(await readSheet('x.xlsx', content)).toEqual([['a', 'b'], [], ['1', '2']]);
  });

  test('a kind the import does not take is refused in words', async () => {
    await expect(readSheet('a.txt', 'eA==')).rejects.toThrow('文件格式：只能导入 .xlsx 或 .csv 文件');
    await expect(
      readSheet('a.pdf', 'eA==', { xlsx: '.xlsx', csv: '.csv', txt: '交易所的 .txt' }),
    ).rejects.toThrow('文件格式：只能导入 .xlsx、.csv 或交易所的 .txt 文件');
  });
});
