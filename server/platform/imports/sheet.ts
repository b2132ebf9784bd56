// The one reader of the files an import takes: an .xlsx through ExcelJS (its first sheet), a .csv (or the
// exchange's .txt) through papaparse with columns split by a comma, a tab or |, in UTF-8 or in the GB18030
// Chinese exchanges and futures companies write; without a file name, the text pasted from a spreadsheet.
// Line n of the file is row n − 1 (a blank line is an empty row), so a problem's line is the one the user
// sees in the file. Each import says which kinds it takes; any other file is refused in words.

import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { badRequest } from '../http/envelope.ts';

export type SheetKind = 'xlsx' | 'csv' | 'txt';

/** The kinds of file an import takes, each as the refusal names it. */
export type SheetKinds = Partial<Record<SheetKind, string>>;

/** A spreadsheet or a CSV file. */
export const SPREADSHEETS: SheetKinds = { xlsx: '.xlsx', csv: '.csv' };

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

/** 只能导入 .xlsx 或 .csv 文件 */
function formatRefusal(kinds: SheetKinds): string {
  const names = Object.values(kinds);
  const last = names.at(-1) ?? '';
  const init = names.slice(0, -1).join('、');
  return `文件格式：只能导入 ${init}${init ? ` 或${last.startsWith('.') ? ' ' : ''}` : ''}${last} 文件`;
}

async function rowsOfWorkbook(bytes: Buffer): Promise<unknown[][]> {
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

/**
 * The rows of a file: `content` is the file's bytes in base64 when `fileName` is given, else pasted text.
 * A kind the import does not take (`kinds`) is refused (400), as is an .xlsx that cannot be read.
 */
export async function readSheet(
  fileName: string | undefined,
  content: string,
  kinds: SheetKinds = SPREADSHEETS,
): Promise<unknown[][]> {
  if (!fileName) return rowsOfText(content);
  const kind = /\.(xlsx|csv|txt)$/i.exec(fileName)?.[1]?.toLowerCase() as SheetKind | undefined;
  if (!kind || !kinds[kind]) throw badRequest(formatRefusal(kinds));
  const bytes = Buffer.from(content, 'base64');
  return kind === 'xlsx' ? rowsOfWorkbook(bytes) : rowsOfText(textOf(bytes));
}
