// The contracts' part of the demo company: the trading desk's split and combination show on /pur/SepComb,
// each with its closed and new contracts, the closed ones superseded.
import type { FastifyInstance } from 'fastify';
import { contractSepComb, transactionContract } from '../../../src/areas/contracts/index.ts';
import { attachmentPath } from '../../../src/framework/resource/index.ts';
import { type Db, openDatabase } from '../../platform/db/index.ts';
import { migrate } from '../../platform/db/migrate.ts';
import { login, manualClock, startApp, TEST_TENANT } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';
import { SERVER_AREAS } from '../index.ts';

const NOW = new Date('2026-11-23T08:00:00Z');

describe('splits and combinations of the demo company', () => {
  let db: Db;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, records } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );

  beforeAll(async () => {
    db = await openDatabase({});
    expect((await migrate(db, TEST_TENANT, SERVER_AREAS, { demo: true, now: NOW })).demo).toBe(true);
    ({ app } = await startApp(db, manualClock(NOW.getTime())));
    for (const who of ['trader', 'sales']) tokens[who] = (await login(app, who)).token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await db?.close();
  });

  it('lists a split into two contracts and a combination into one, the sources superseded', async () => {
    const operations = await records('trader', contractSepComb);
    expect(operations.map((r) => r.operation).sort()).toEqual(['combine', 'split']);
    for (const operation of operations) {
      const { json } = await call('trader', contractSepComb, 'detail', { id: operation.id });
      const parts = (json.data as { parts: Row[] }).parts;
      const results = parts.filter((p) => p.role === 'result');
      expect(results).toHaveLength(operation.operation === 'split' ? 2 : 1);
      const sources = parts.filter((p) => p.role === 'source').map((p) => p.contractId);
      const states = await db.query<{ status: string }>(
        'select status from transaction_contracts where id = any($1::bigint[])',
        [sources],
      );
      expect(states.every((s) => s.status === 'superseded')).toBe(true);
    }
  });

  it('has a request to move a sale to another salesperson waiting for risk', async () => {
    const requests = await db.query<{ status: string }>('select status from contract_transfers');
    expect(requests).toEqual([{ status: 'submitted' }]);
  });

  it("shows the signed scan and a note among a sale's attachments, downloadable", async () => {
    const [sale] = await db.query<{ id: string }>(
      `select distinct record_id::text as id from record_attachments where resource_key = 'transactionContract'`,
    );
    const { json } = await call('sales', transactionContract, 'detail', { id: sale!.id });
    const files = (json.data as { attachments: Row[] }).attachments;
    expect(files.map((f) => f.name)).toEqual([expect.stringMatching(/签字盖章版\.pdf$/), '交货安排说明.txt']);
    const res = await app.inject({
      method: 'POST',
      url: attachmentPath(transactionContract, 'download'),
      payload: new URLSearchParams({ id: sale!.id, attachmentId: files[0]!.id }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: tokens.sales! },
    });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});
