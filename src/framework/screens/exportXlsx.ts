// Spreadsheet export: a real .xlsx built with exceljs, which is loaded only when someone exports.

import type { FieldType } from '../resource/index.ts';

export interface ExportColumn {
  header: string;
  type: FieldType;
  /** The cell's text; numeric types are written as numbers from it. */
  text: (row: Readonly<Record<string, unknown>>) => string;
  /** The raw value, used for numeric cells. */
  raw: (row: Readonly<Record<string, unknown>>) => unknown;
}

const NUMBER_FORMATS: Partial<Record<FieldType, (weightDigit: number) => string>> = {
  money: () => '#,##0.00',
  weight: (digits) => (digits > 0 ? `#,##0.${'0'.repeat(digits)}` : '#,##0'),
  number: () => 'General',
  integer: () => '0',
  percent: () => 'General',
};

function cellValue(column: ExportColumn, row: Readonly<Record<string, unknown>>): string | number | null {
  const raw = column.raw(row);
  if (raw === null || raw === undefined || raw === '') return null;
  // A spreadsheet keeps numbers as doubles anyway; the exact decimal text is converted only here.
  if (NUMBER_FORMATS[column.type] && !Number.isNaN(Number(raw))) return Number(raw);
  return column.text(row);
}

/** The workbook bytes: one sheet, a bold header row, numbers formatted by type. */
export async function buildXlsx(
  sheetName: string,
  columns: readonly ExportColumn[],
  rows: readonly Readonly<Record<string, unknown>>[],
  weightDigit: number,
): Promise<ArrayBuffer> {
  const exceljs = await import('exceljs');
  const Workbook = exceljs.Workbook ?? (exceljs as unknown as { default: typeof exceljs }).default.Workbook;
  const workbook = new Workbook();
  // Sheet names are limited to 31 characters and some punctuation.
  const sheet = workbook.addWorksheet(sheetName.replace(/[\\/?*[\]:]/g, ' ').slice(0, 31));
  sheet.columns = columns.map((column) => ({
    header: column.header,
    width: Math.max(12, column.header.length * 2 + 4),
    style: { numFmt: NUMBER_FORMATS[column.type]?.(weightDigit) },
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(columns.map((column) => cellValue(column, row)));
  const bytes = await workbook.xlsx.writeBuffer();
  return bytes as ArrayBuffer;
}

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** Hands the bytes to the browser as a download. */
export function saveFile(bytes: ArrayBuffer, fileName: string, type = XLSX_TYPE) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
