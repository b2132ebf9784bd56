// A new import is its reading of rows and what it does with them: the platform reads the file of the
// command's input, refuses the whole file with every bad row, or hands the rows to the import.
import type { CommandContext } from '../resources/storage.ts';
import { fileImport } from './fileImport.ts';

const csv = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const context = (input: Record<string, unknown>) => ({ input, preview: true }) as unknown as CommandContext;

/** An invoice file: number and amount per row, after a heading line. */
const readInvoices = (sheet: unknown[][]) => {
  const rows = sheet.slice(1).flatMap((cells, index) => (cells.length ? [{ line: index + 2, cells }] : []));
  return {
    rows: rows.map(({ cells }) => ({ no: String(cells[0]), amount: String(cells[1]) })),
    problems: rows
      .filter(({ cells }) => !/^\d+\.\d{2}$/.test(String(cells[1])))
      .map(({ line, cells }) => ({ line, field: 'amount', message: `金额“${cells[1]}”不是金额` })),
  };
};

const importInvoices = fileImport(readInvoices, async (ctx, rows) => ({
  summary: `导入发票 ${rows.length} 张`,
  data: { preview: ctx.preview, rows },
}));

describe('fileImport', () => {
  test('hands the rows read from the file to the import', async () => {
    const outcome = await importInvoices(
      context({ fileName: 'invoices.csv', content: csv('发票号,金额\nF1,10.00\n\nF2,2.50\n') }),
    );
    expect(outcome).toEqual({
      summary: '导入发票 2 张',
      data: {
        preview: true,
        rows: [
          { no: 'F1', amount: '10.00' },
          { no: 'F2', amount: '2.50' },
        ],
      },
    });
  });

  test('refuses the whole file with every bad row and its line', async () => {
    const refused = importInvoices(
      context({ fileName: 'invoices.csv', content: csv('发票号,金额\nF1,abc\nF2,2.50\nF3,x\n') }),
    );
    await expect(refused).rejects.toMatchObject({
      code: 400,
      message: '文件中有 2 行数据有误，未导入任何数据：第 2 行 金额“abc”不是金额',
      data: {
        problems: [
          { line: 2, field: 'amount', message: '金额“abc”不是金额' },
          { line: 4, field: 'amount', message: '金额“x”不是金额' },
        ],
      },
    });
  });

  test('refuses a kind of file the import does not take', async () => {
    await expect(importInvoices(context({ fileName: 'a.pdf', content: 'eA==' }))).rejects.toThrow(
      '只能导入 .xlsx 或 .csv 文件',
    );
  });
});
