// The price file as the import reads it (server/platform/imports/sheet.ts): an .xlsx, a .csv, the exchange's
// own .txt (GB18030, columns split by |), or without a file name the text pasted from a sheet.

import { readSheet } from '../../platform/imports/sheet.ts';

const PRICE_FILES = { xlsx: '.xlsx', csv: '.csv', txt: '交易所的 .txt' };

/** The rows of a price file: `content` is its bytes in base64 when `fileName` is given, else pasted text. */
export const priceSheet = (fileName: string | undefined, content: string): Promise<unknown[][]> =>
  readSheet(fileName, content, PRICE_FILES);
