// The sales desk on the server: clients, their documents and salespeople, reservations and bookings. It
// keeps the client relation that bounds what a salesperson bound to their own clients (permission
// `ownClients`) reaches on every resource with a `clientScope`, its own and other areas' (contracts).
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { salesArea } from '../../../src/areas/sales/index.ts';
import { OWN_CLIENTS } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { RoleGrants } from '../../platform/resources/area.ts';
import { defineServerArea } from '../../platform/resources/area.ts';
import { formatDateTime } from '../../platform/time.ts';
import { salesDemo } from './demo.ts';
import { releaseExpiredReservations, salesStorage } from './storage.ts';

export { type ClientReservationRequest, reserveForClient } from './storage.ts';

const SALES_MIGRATION = '016_sales_desk.sql';

const WORK = ['view', 'create', 'edit', 'delete', 'export'];

/** The desk's screens for the demo roles; the salesperson is bound to their own clients. */
const GRANTS: RoleGrants = {
  sales: [
    { scope: 'ClientManage', permissions: ['view', 'create', 'edit', 'export'] },
    { scope: 'clientData', permissions: ['view', 'edit', 'export'] },
    { scope: 'ClientRelation', permissions: ['view', OWN_CLIENTS] },
    { scope: 'ClientReserved', permissions: WORK },
    { scope: 'ClientBook', permissions: [...WORK, 'submit'] },
  ],
  trader: [
    { scope: 'ClientManage', permissions: ['view', 'create', 'edit', 'export'] },
    { scope: 'clientData', permissions: ['view', 'edit', 'export'] },
    { scope: 'ClientRelation', permissions: WORK },
    { scope: 'ClientReserved', permissions: WORK },
    { scope: 'ClientBook', permissions: [...WORK, 'submit'] },
    { scope: 'OrderDocCheck', permissions: ['view', 'approve'] },
  ],
};

/** Reservations past their date go back to stock when the server starts and every hour after. */
function releaseOnSchedule(app: FastifyInstance, ctx: ServerContext) {
  const run = () =>
    ctx.db
      .transaction(async (db) => {
        const now = ctx.clock();
        await releaseExpiredReservations({
          db,
          // Nobody did it: the batch and reservation histories record no user.
          actor: { userId: null as unknown as string, loginName: 'system' },
          now,
          today: formatDateTime(now, ctx.timeZone).slice(0, 10),
          channel: ctx.db.channel,
        });
      })
      .catch((error: unknown) => app.log.error(error));
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await run();
    timer = setInterval(run, 60 * 60 * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}

export const sales = defineServerArea({
  key: 'sales',
  declarations: salesArea,
  migrationsDir: path.join(import.meta.dirname, 'migrations'),
  parts: [{ migration: SALES_MIGRATION, storage: salesStorage, grants: GRANTS }],
  clientRelation: { table: 'client_relations', client: 'client_id', user: 'salesperson_id' },
  calls: releaseOnSchedule,
  demo: salesDemo,
  // The code an administrator ticks on any screen of a role to bind its users to their own clients.
  seed: async (tx, { pending }) => {
    if (!pending.includes(SALES_MIGRATION)) return;
    await tx.query(
      `insert into dictionary_entries (code, value, label, sort)
       select 'permissionCode', $1, '仅本人客户', coalesce(max(sort), 0) + 1 from dictionary_entries
        where code = 'permissionCode'
       on conflict do nothing`,
      [OWN_CLIENTS],
    );
  },
});
