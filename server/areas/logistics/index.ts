// Logistics on the server: stations, routes and movements.
import path from 'node:path';
import { logisticsArea } from '../../../src/areas/logistics/index.ts';
import { defineServerArea } from '../../platform/resources/area.ts';
import { logisticsDemo } from './demo.ts';
import { logisticsStorage } from './storage.ts';

export const logistics = defineServerArea({
  key: 'logistics',
  declarations: logisticsArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  parts: [logisticsStorage],
  demo: logisticsDemo,
});
