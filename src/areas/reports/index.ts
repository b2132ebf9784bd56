// Reports across the areas: the large data screen (LargeScreen.tsx, its figures' call in api.ts) and the
// workbench's desk (Desk.tsx), shown on the home page; the report routes of the other areas stay theirs.
// It declares no resource.
import { defineArea } from '../../framework/resource/area.ts';
import { area } from './area.ts';

export { LARGE_SCREEN_PATH, type LargeScreenAnswer } from './api.ts';

export const reportsArea = defineArea(area);
