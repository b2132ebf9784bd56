// Bale import figures: a 公检 bale file of 10,000 bales (54 batches) sent to the import call, previewed
// (read, checked, figures computed, nothing written) and confirmed (written in one transaction), on PGlite
// and, when DATABASE_URL is set, on PostgreSQL. In process, through Fastify's inject (no socket).

import { baleFileCsv, sampleBales } from '../../server/areas/warehouse/baleSamples.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../server/test/harness.ts';
import { IMPORT_BALES_PATH } from '../../src/areas/warehouse/baleFile.ts';
import type { BenchSection } from './types.ts';

const BALES = 10_000;

async function timeImport(backend: (typeof BACKENDS)[number]) {
  const env = await openTestDb(backend);
  const { app } = await startApp(env.db);
  try {
    const token = (await login(app, 'warehouse')).token;
    const [{ id }] = (await env.db.query<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('BENCH', '压测仓库', 'delivery') returning id::text`,
    )) as [{ id: string }];
    const content = Buffer.from(baleFileCsv(sampleBales(BALES)), 'utf8').toString('base64');
    const body = { fileName: 'bench.csv', content, warehouseId: id, cropYear: '2025/26' };
    const timed = async (confirm: boolean) => {
      const start = performance.now();
      const { json } = await post(app, IMPORT_BALES_PATH, confirm ? { ...body, confirm: 'true' } : body, {
        token,
      });
      if (json.code !== 200) throw new Error(`import refused: ${json.msg}`);
      return ((performance.now() - start) / 1000).toFixed(2);
    };
    return [
      backend.name,
      BALES,
      `${(content.length / 1024 / 1024).toFixed(2)} MiB`,
      await timed(false),
      await timed(true),
    ];
  } finally {
    await app.close();
    await env.drop();
  }
}

export default async function run(): Promise<BenchSection> {
  const rows = [];
  for (const backend of BACKENDS) rows.push(await timeImport(backend));
  return {
    title: 'Bale file import (10,000 bales, 54 batches, CSV)',
    columns: ['database', 'bales', 'body (base64)', 'preview s', 'confirm s'],
    rows,
    notes: [
      'Target: seconds for 10,000 bales. Preview reads and checks the file and computes every batch; confirm does the same and writes the batches and bales in one transaction. PostgreSQL only when DATABASE_URL is set.',
    ],
  };
}
