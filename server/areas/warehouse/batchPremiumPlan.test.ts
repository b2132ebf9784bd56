// The batch premium list (QmFuturesDiscountAll) reads each part of a batch's premium once: on PostgreSQL the
// view of migration 008 computed the bale averages and the premium table's version again in every sum (six
// scans of a batch's bales, about 30 subqueries a batch, a plan costly enough to switch on JIT: 2.6–3.0 s a
// list call on the demo). Asserted on the plans the list's two statements get, as the database plans them:
// the count reads the batches alone, and a page reads a batch's bales once.
import type { Db } from '../../platform/db/index.ts';
import { BACKENDS, openTestDb } from '../../test/harness.ts';

interface PlanNode {
  'Relation Name'?: string;
  Plans?: PlanNode[];
}

const relations = (node: PlanNode): string[] => [
  ...(node['Relation Name'] ? [node['Relation Name']] : []),
  ...(node.Plans ?? []).flatMap(relations),
];

describe.each(BACKENDS)('the batch premium list on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let db: Db;
  const planOf = async (sql: string) => {
    const [row] = await db.query<{ 'QUERY PLAN': unknown }>(`explain (format json) ${sql}`);
    const plan = row!['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
    return relations(parsed[0]!.Plan).sort();
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    db = env.db;
  });
  afterAll(async () => {
    await env?.drop();
  });

  it('counts the batches without pricing them', async () => {
    expect(
      await planOf(`select count(*)::int as total from batch_premiums t where t.crop_year = '2025/26'`),
    ).toEqual(['batches']);
  });

  it("prices a page reading each batch's bales once, and the premium table once a part", async () => {
    const read = await planOf(
      `select * from batch_premiums t order by t.batch_no asc nulls last, t.id limit 15 offset 0`,
    );
    expect(read.filter((name) => name === 'bales')).toEqual(['bales']);
    expect(read.filter((name) => name === 'warehouse_premiums')).toEqual(['warehouse_premiums']);
    // The version of the table (1), the bales' colour and ginning (2), the batch's own colour and ginning
    // (2), length, micronaire, strength and uniformity (4).
    expect(read.filter((name) => name === 'quality_premiums')).toHaveLength(9);
  });
});
