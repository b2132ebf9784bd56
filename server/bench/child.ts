// A tenant API server in its own process for scripts/bench/server.ts, so the load generator does not
// share its event loop. Talks over IPC: 'ready' with its URL, then answers 'stats' and 'stop'.
import { buildApp } from '../app.ts';
import { COMPOSITION } from '../areas/index.ts';
import { openDatabase } from '../platform/db/index.ts';
import { migrate } from '../platform/db/migrate.ts';

const url = process.env.BENCH_DATABASE_URL || undefined;
const schema = process.env.BENCH_SCHEMA;
const tenant = {
  code: 'bench',
  name: '压测棉业',
  disclaimer: { id: 'bench-disclaimer' },
  spotContract: '现货',
  contractTypeFt: '浮动价',
  orderType: '点价',
  contractTypeZt: '暂定价',
};

const db = await openDatabase({ url, schema, poolSize: 10 });
// BENCH_DEMO=1: the demo company, as `npm start` loads it into a fresh database.
await migrate(db, tenant, COMPOSITION, { demo: process.env.BENCH_DEMO === '1' });
const { app, ctx } = await buildApp({ ...COMPOSITION, db, tenant });
const address = await app.listen({ host: '127.0.0.1', port: Number(process.env.BENCH_PORT ?? 0) });

process.on('message', async (command) => {
  if (command === 'stats') process.send?.({ rss: process.memoryUsage().rss, sockets: ctx.hub.size });
  if (command === 'stop') {
    await app.close();
    await db.close();
    process.exit(0);
  }
});
process.send?.({ ready: address });
