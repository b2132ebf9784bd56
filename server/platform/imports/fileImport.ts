// An import as a declared command (CommandDecl.file): the service of `POST <base>/<command>` that reads the
// file of its input (`fileName`, `content` in base64) with the one sheet reader, has the area read its rows
// (every bad row with its line), and runs the area's import in the command's transaction, previewed and
// rolled back on `preview=true` as any command. A new import is its reading of rows and what it does with
// them: `commands: { importInvoices: fileImport(readInvoiceRows, bookInvoices) }`.

import { BusinessError } from '../http/envelope.ts';
import type { CommandContext, CommandOutcome, CommandService } from '../resources/storage.ts';
import { readSheet, type SheetKinds, SPREADSHEETS } from './sheet.ts';

/** A bad row of a file: its line, the column to blame when there is one, and what is wrong, in words. */
export interface FileProblem {
  line: number;
  field?: string | null;
  message: string;
}

/** The rows an import reads from a sheet, and its bad rows (any refuses the whole file). */
export interface ReadRows<R> {
  rows: R[];
  problems: readonly FileProblem[];
}

/** A refused file: 400 naming how many lines are bad and the first, with every bad row as `data.problems`. */
export function refusedFile(problems: readonly FileProblem[]): BusinessError {
  const first = problems[0]!;
  const lines = new Set(problems.map((problem) => problem.line)).size;
  const message =
    first.line > 0
      ? `文件中有 ${lines} 行数据有误，未导入任何数据：第 ${first.line} 行 ${first.message}`
      : `文件中有 ${lines} 行数据有误，未导入任何数据：${first.message}`;
  return new BusinessError(400, message, { problems });
}

export function fileImport<R>(
  read: (sheet: unknown[][], context: CommandContext) => ReadRows<R> | Promise<ReadRows<R>>,
  run: (context: CommandContext, rows: R[]) => Promise<CommandOutcome>,
  kinds: SheetKinds = SPREADSHEETS,
): CommandService {
  return async (context) => {
    const { fileName, content } = context.input;
    const sheet = await readSheet(fileName ? String(fileName) : undefined, String(content ?? ''), kinds);
    const { rows, problems } = await read(sheet, context);
    if (problems.length > 0) throw refusedFile(problems);
    return run(context, rows);
  };
}
