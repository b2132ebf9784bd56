// The costing part of the demo company: the house's own batches are the goods of its purchases, so each has a
// purchase price and the batch cost statement and the stock's mark-to-market read a cost (they were blank
// while no purchase named a batch). The completed spot purchase takes batches up to its tonnage, the
// executing basis purchase up to its fixed tonnes (at the contract's price so far); the rest of each crop
// year's own batches were bought under one completed spot purchase from a ginner, signed in the November of
// that crop year. Batches with freight or fees go first, so the build-up shows them; interest runs from each
// contract's signing; freight and fees come from the logistics and warehouse demo.
import Decimal from 'decimal.js';
import { PROPERTY_STATES, STOCK_STATES } from '../../../src/areas/warehouse/index.ts';
import { addDays, DemoRandom, insertRows, recordHistory } from '../../platform/db/demo.ts';
import type { Queryable } from '../../platform/db/index.ts';
import type { DemoContext } from '../../platform/resources/area.ts';
import { nextContractNo } from '../contracts/index.ts';

interface Batch {
  batchNo: string;
  tonnes: string;
  cropYear: string | null;
  warehouseId: string | null;
}

type Line = {
  contract_id: string;
  batch_no: string;
  conditioned_weight: string;
  sort: number;
};

const GINNERS = ['库尔勒银星棉业有限公司', '阿克苏利华棉业有限公司', '新疆天山棉业有限公司'];

/** Own batches no purchase names yet: in stock first, those with freight or fees first, newest crop first. */
function unbought(tx: Queryable) {
  return tx.query<Batch>(
    `select b.batch_no as "batchNo", b.conditioned_weight::text as tonnes, b.crop_year as "cropYear",
            b.warehouse_id::text as "warehouseId"
       from batches b
      where b.owner_kind = 'own' and b.conditioned_weight is not null and b.status = any($1::text[])
        and not exists (select 1 from transaction_contract_lines l join transaction_contracts c on c.id = l.contract_id
                         where l.batch_no = b.batch_no and c.side = 'purchase')
      order by b.status = any($2::text[]) desc,
               exists (select 1 from warehouse_fees f where f.batch_no = b.batch_no)
                 or exists (select 1 from movements m where m.batch_no = b.batch_no and m.freight is not null) desc,
               b.crop_year desc nulls last, b.batch_no`,
    [[...PROPERTY_STATES], [...STOCK_STATES]],
  );
}

/** The demo's purchases in force with room for more batches, filled in turn. */
async function fillPurchasesInForce(tx: Queryable, batches: Batch[]): Promise<Line[]> {
  const purchases = await tx.query<{ id: string; room: string }>(
    `select c.id::text as id,
            (case when c.kind = 'spot' then c.tonnage else c.fixed_tonnage end
              - coalesce((select sum(l.conditioned_weight) from transaction_contract_lines l where l.contract_id = c.id), 0))::text as room
       from transaction_contracts c
      where c.side = 'purchase' and c.unit_price is not null
        and ((c.kind = 'spot' and c.status = 'completed') or (c.kind = 'basis' and c.status = 'executing'))
      order by c.kind desc, c.id`,
  );
  const lines: Line[] = [];
  for (const purchase of purchases) {
    let room = new Decimal(purchase.room);
    let sort = 0;
    while (batches.length > 0 && room.greaterThanOrEqualTo(batches[0]!.tonnes)) {
      const batch = batches.shift()!;
      lines.push({
        contract_id: purchase.id,
        batch_no: batch.batchNo,
        conditioned_weight: batch.tonnes,
        sort,
      });
      room = room.minus(batch.tonnes);
      sort += 1;
    }
  }
  return lines;
}

/** One completed spot purchase per crop year for the batches left, signed in that crop year's November. */
async function cropYearPurchases(tx: Queryable, batches: readonly Batch[], today: string): Promise<Line[]> {
  const random = new DemoRandom('costing');
  const lines: Line[] = [];
  const years = [...new Set(batches.map((b) => b.cropYear ?? ''))].filter(Boolean).sort();
  for (const [i, cropYear] of years.entries()) {
    const own = batches.filter((b) => b.cropYear === cropYear);
    const wanted = `${cropYear.slice(0, 4)}-11-${String(random.int(5, 25)).padStart(2, '0')}`;
    const signDate = wanted < today ? wanted : addDays(today, -40);
    const tonnage = own.reduce((sum, b) => sum.plus(b.tonnes), new Decimal(0)).toFixed(4);
    // Delivered at the warehouse most of its batches are in (every contract names its delivery warehouse).
    const counts = new Map<string, number>();
    for (const b of own) if (b.warehouseId) counts.set(b.warehouseId, (counts.get(b.warehouseId) ?? 0) + 1);
    const warehouseId = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
    const [contract] = await tx.query<{ id: string; no: string }>(
      `insert into transaction_contracts (contract_no, side, kind, partner_id, sign_date, crop_year, quality_spec,
          tonnage, tolerance_percent, pricing_party, unit_price, tax_rate, delivery_from, delivery_to, payment_terms,
          approval_level, status, warehouse_id)
       values ($1, 'purchase', 'spot', (select id from partners where name = $2), $3, $4, '按批号成交，以公检证书为准',
               $5, 0, null, $6, 9, $3::date + 5, $3::date + 60, '货到仓库入库后 5 个工作日内付清', 'risk', 'completed',
               coalesce($7::bigint, (select min(id) from warehouses)))
       returning id::text as id, contract_no as no`,
      [
        await nextContractNo(tx, 'purchase', signDate),
        GINNERS[i % GINNERS.length],
        signDate,
        cropYear,
        tonnage,
        String(random.int(282, 300) * 50),
        warehouseId,
      ],
    );
    await recordHistory(
      tx,
      { resourceKey: 'transactionContract', table: 'transaction_contracts', keyColumn: 'contract_no' },
      [
        { no: contract!.no, action: 'submit', from: 'draft', to: 'submitted', by: 'trader', day: signDate },
        { no: contract!.no, action: 'approve', from: 'submitted', to: 'approved', by: 'risk', day: signDate },
        {
          no: contract!.no,
          action: 'execute',
          from: 'approved',
          to: 'executing',
          by: 'trader',
          day: addDays(signDate, 2),
        },
        {
          no: contract!.no,
          action: 'complete',
          from: 'executing',
          to: 'completed',
          by: 'trader',
          day: addDays(signDate, 60) < today ? addDays(signDate, 60) : today,
        },
      ],
    );
    lines.push(
      ...own.map((b, sort) => ({
        contract_id: contract!.id,
        batch_no: b.batchNo,
        conditioned_weight: b.tonnes,
        sort,
      })),
    );
  }
  return lines;
}

export async function costingDemo(tx: Queryable, { today }: DemoContext): Promise<void> {
  const batches = await unbought(tx);
  const lines = await fillPurchasesInForce(tx, batches);
  lines.push(...(await cropYearPurchases(tx, batches, today)));
  await insertRows(
    tx,
    'transaction_contract_lines',
    { contract_id: 'bigint', batch_no: 'text', conditioned_weight: 'numeric', sort: 'integer' },
    lines,
  );
}
