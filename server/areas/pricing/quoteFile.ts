// The rows of a price file as the import reads them: an .xlsx through ExcelJS (its first sheet), a .csv or
// the exchange's .txt through papaparse (columns split by a comma, a tab or |), in UTF-8 or in
// the GB18030 the exchange's own files are written in; without a file name, the text pasted from a sheet.

import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { badRequest } from '../../platform/http/envelope.ts';

/** Bytes as text: UTF-8 (with or without its mark), else GB18030 (GBK), as Chinese exchanges write. */
function textOf(bytes: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('gb18030').decode(bytes);
  }
}

/**
 * The column separator: | in the exchange's .txt, a tab in a table pasted from a spreadsheet, else a comma.
 * Not papaparse's guess: the thousands separators of the prices (14,850.00) would pass for commas.
 */
function delimiterOf(text: string): string {
  const lines = text.split(/\r?\n/, 20);
  if (lines.some((line) => line.split('|').length > 3)) return '|';
  return lines.some((line) => line.includes('\t')) ? '\t' : ',';
}

const rowsOfText = (text: string): unknown[][] =>
  Papa.parse<string[]>(text, { skipEmptyLines: false, delimiter: delimiterOf(text) }).data.map((row) =>
    row.length === 1 && row[0] === '' ? [] : row,
  );

/**
 * The sheet of a file: `content` is the file's bytes in base64 when `fileName` is given, else pasted text.
 * Line n of the file is row n − 1, so a problem's line is the one the user sees in the file.
 */
export async function priceSheet(fileName: string | undefined, content: string): Promise<unknown[][]> {
  if (!fileName) return rowsOfText(content);
  const bytes = Buffer.from(content, 'base64');
  if (/\.(csv|txt)$/i.test(fileName)) return rowsOfText(textOf(bytes));
  if (!/\.xlsx$/i.test(fileName)) throw badRequest('文件格式：只能导入 .xlsx、.csv 或交易所的 .txt 文件');
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw badRequest('文件：无法读取，请确认是 Excel（.xlsx）文件');
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, number) => {
    rows[number - 1] = Array.from({ length: row.cellCount }, (_, i) => row.getCell(i + 1).text);
  });
  return Array.from(rows, (row) => row ?? []);
}
