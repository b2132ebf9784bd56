// The 公检 bale file as both sides use it: the import call's address and the template's rows.
import { baleFileTemplate } from '../../domain/index.ts';
import { apiBase } from '../../framework/resource/types.ts';
import { batch } from './batches.ts';

/** Preview (nothing written) or confirm an import of a bale file onto batches. */
export const IMPORT_BALES_PATH = `${apiBase(batch)}/importBales`;

/** A batch's bales, in file order. */
export const BATCH_BALES_PATH = `${apiBase(batch)}/bales`;

export const BALE_TEMPLATE_FILE_NAME = '公检包数据导入模板.xlsx';

export { baleFileTemplate };
