// Warehouse receipts on the server.
import path from 'node:path';
import { receiptsArea } from '../../../src/areas/receipts/index.ts';
import { defineServerArea } from '../../platform/resources/area.ts';
import { receiptsDemo } from './demo.ts';
import { receiptStorage } from './storage.ts';

export const receipts = defineServerArea({
  key: 'receipts',
  declarations: receiptsArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  parts: [receiptStorage],
  demo: receiptsDemo,
});
