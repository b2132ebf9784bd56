// The screens of the reports area: the large data screen (spec 2.2, a bare page opened from the header's
// dialog with ?fiscalYear=). The report routes of the other areas stay theirs.
import { type BusinessRoute, page } from '../../shared/routes/routeRecords.ts';

export const routes: readonly BusinessRoute[] = [page('largeDataScreen', '/largeDataScreen')];
