// The 公检 bale file template as an .xlsx download (header row and one example row, cells as text so a
// batch number or "227.0" stays as written).
import { baleFileTemplate } from '../../domain/index.ts';
import { buildXlsx, saveFile } from '../../framework/screens/exportXlsx.ts';
import { BALE_TEMPLATE_FILE_NAME } from './baleFile.ts';

export async function downloadBaleTemplate(): Promise<void> {
  const [header, example] = baleFileTemplate() as [string[], string[]];
  const columns = header.map((title, i) => ({
    header: title,
    type: 'text' as const,
    text: (row: Readonly<Record<string, unknown>>) => String(row[i] ?? ''),
    raw: (row: Readonly<Record<string, unknown>>) => row[i],
  }));
  const bytes = await buildXlsx('包数据', columns, [{ ...example }], 0);
  saveFile(bytes, BALE_TEMPLATE_FILE_NAME);
}
