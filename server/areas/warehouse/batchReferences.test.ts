// Documents point at their batch by id and the database keeps a named batch (migration 010).
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { batch } from '../../../src/areas/warehouse/batches.ts';
import { BASE_GRADE_CERTIFICATE } from '../../../src/areas/warehouse/examples.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { openDatabase } from '../../platform/db/index.ts';
import { listMigrations, migrate } from '../../platform/db/migrate.ts';
import { BACKENDS, login, openTestDb, post, startApp, TEST_TENANT } from '../../test/harness.ts';
import { resourceCalls } from '../../test/resourceCalls.ts';
import { COMPOSITION, SERVER_AREAS } from '../index.ts';

const MIGRATION = '010_document_batch_ids.sql';

const DOCUMENT_TABLES = [
  'warehouse_receipts',
  'movements',
  'warehouse_fees',
  'outbound_appointments',
  'transaction_contract_lines',
];

describe('the batch references migration on a database in use', () => {
  it('points every document at its batch by id, keeping numbers no batch held, and then keeps them', async () => {
    const db = await openDatabase({});
    try {
      await db.exec(
        'create table schema_migrations (name text primary key, applied_at timestamptz not null default now())',
      );
      for (const [name, file] of listMigrations(SERVER_AREAS)) {
        if (name >= MIGRATION) break;
        await db.exec(fs.readFileSync(file, 'utf8'));
        await db.query('insert into schema_migrations (name) values ($1)', [name]);
      }
      await db.exec(`
        insert into partners (name, kinds) values ('老客户', '{customer}');
        insert into warehouses (code, name, kind) values ('OLD', '老库', 'delivery');
        insert into batches (batch_no, warehouse_id, status, conditioned_weight)
          select 'B-OLD', id, 'stock', 40 from warehouses;
        insert into warehouse_receipts (receipt_no, batch_no, warehouse_id, conditioned_weight, valid_until, status)
          select 'WR-OLD', 'B-OLD', id, 40, '2027-03-31'::date, 'registered' from warehouses
          union all select 'WR-LOST', 'B-NEVER-KEPT', id, 39, '2026-03-31', 'cancelled' from warehouses;
        insert into movements (movement_no, mode, batch_no, from_warehouse_id, conditioned_weight)
          select 'MV-OLD', 'road', 'B-OLD', id, 40 from warehouses;
        insert into warehouse_fees (fee_no, kind, warehouse_id, batch_no, period_from, basis, rate, tax_rate)
          select 'FEE-OLD', 'storage', id, 'B-OLD', '2026-11-01', 'lumpSum', 100, 6 from warehouses;
        insert into outbound_appointments (appointment_no, batch_no, warehouse_id, partner_id, planned_date,
            vehicle_no, driver_name, driver_phone, conditioned_weight)
          select 'OA-OLD', 'B-OLD', w.id, p.id, '2026-12-01', '新A12345', '张三', '13900000000', 40
            from warehouses w, partners p;
        insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, tonnage, tax_rate)
          select 'HT-OLD', 'purchase', 'spot', id, '2026-11-01', 40, 9 from partners;
        insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight)
          select id, 'B-OLD', 40 from transaction_contracts;`);

      expect((await migrate(db, TEST_TENANT, COMPOSITION)).applied).toContain(MIGRATION);

      for (const table of DOCUMENT_TABLES)
        expect(
          await db.query(
            `select d.batch_no from ${table} d left join batches b on b.id = d.batch_id
              where b.batch_no is distinct from d.batch_no`,
          ),
          table,
        ).toEqual([]);
      expect(
        await db.query(`select status from batches where batch_no = 'B-NEVER-KEPT'`),
        'a number only a receipt named becomes a batch',
      ).toEqual([{ status: 'stock' }]);

      await expect(db.query(`delete from batches where batch_no = 'B-OLD'`)).rejects.toMatchObject({
        code: expect.stringMatching(/^(23503|23001)$/),
      });
      await expect(
        db.query(`update batches set batch_no = 'B-NEW' where batch_no = 'B-OLD'`),
      ).rejects.toMatchObject({ code: expect.stringMatching(/^(23503|23001)$/) });
      expect(await db.query(`select count(*)::int as n from batches where batch_no = 'B-OLD'`)).toEqual([
        { n: 1 },
      ]);
      const [written] = await db.query<{ same: boolean }>(
        `insert into movements (movement_no, mode, batch_no, from_warehouse_id, conditioned_weight)
           select 'MV-NEW', 'rail', 'B-OLD', id, 40 from warehouses
         returning batch_id = (select id from batches where batch_no = 'B-OLD') as same`,
      );
      expect(written, 'a new document gets its batch id from the number').toEqual({ same: true });
    } finally {
      await db.close();
    }
  });
});

describe.each(BACKENDS)('a batch that documents name, on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  let keeper: string;
  const { saved } = resourceCalls(() => app);

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    keeper = (await login(app, 'warehouse')).token;
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('is not deleted: the refusal names the receipt and the fee, and nothing changed', async () => {
    const [warehouse] = await env.db.query<{ id: string }>(
      `insert into warehouses (code, name, kind) values ('REF', '引用库', 'delivery') returning id::text`,
    );
    const named = await saved(keeper, batch, {
      ...BASE_GRADE_CERTIFICATE,
      batchNo: 'REF-1',
      warehouseId: warehouse!.id,
    });
    await env.db.query(
      `insert into warehouse_receipts (receipt_no, batch_no, status) values ('WR-REF', 'REF-1', 'preDeclared')`,
    );
    await env.db.query(
      `insert into warehouse_fees (fee_no, kind, warehouse_id, batch_no, period_from, basis, rate, tax_rate)
         values ('FEE-REF', 'sundry', $1, 'REF-1', '2026-11-01', 'lumpSum', 50, 6)`,
      [warehouse!.id],
    );
    const { json } = await post(app, resourcePath(batch, 'delete'), { id: named.id }, { token: keeper });
    expect(json).toMatchObject({ code: 400, msg: '批号 REF-1 已被仓单、仓储费用单引用，不能删除' });
    expect(await env.db.query(`select status from batches where batch_no = 'REF-1'`)).toEqual([
      { status: 'stock' },
    ]);
    expect(
      await env.db.query(
        `select (select count(*)::int from warehouse_receipts where batch_id = $1) as receipts,
                (select count(*)::int from warehouse_fees where batch_id = $1) as fees`,
        [named.id],
      ),
    ).toEqual([{ receipts: 1, fees: 1 }]);
  });
});
