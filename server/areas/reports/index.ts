// Reports across the areas: the large data screen's figures.
import { reportsArea } from '../../../src/areas/reports/index.ts';
import { defineServerArea } from '../../platform/resources/area.ts';
import { largeScreenCalls } from './largeScreen.ts';

export const reports = defineServerArea({
  key: 'reports',
  declarations: reportsArea,
  calls: largeScreenCalls,
  parts: [],
});
