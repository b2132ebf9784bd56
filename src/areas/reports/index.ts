// Reports across the areas: the large data screen's figures (api.ts). Its screens are the shell's
// /largeDataScreen page; the report routes of the other areas stay theirs.
import { defineArea } from '../../framework/resource/area.ts';

export { LARGE_SCREEN_PATH, type LargeScreenAnswer } from './api.ts';

export const reportsArea = defineArea('reports');
