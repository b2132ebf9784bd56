// Reports across the areas: the large data screen's figures and the workbench's desk.
import { reportsArea } from '../../../src/areas/reports/index.ts';
import { defineServerArea } from '../../platform/resources/area.ts';
import { deskCalls } from './desk.ts';
import { largeScreenCalls } from './largeScreen.ts';

export const reports = defineServerArea({
  key: 'reports',
  declarations: reportsArea,
  calls: (app, ctx) => {
    largeScreenCalls(app, ctx);
    deskCalls(app, ctx);
  },
  parts: [],
});
