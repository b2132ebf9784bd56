// Tonnes delivered within the tolerance beyond the fixed tonnage are priced by the house's rule (issue 21,
// setting toleranceTonnesPrice, versioned), so no delivered tonne is unpriced. A basis sale of 100 t (basis
// 850, tolerance 5 %) fixed whole at 16,000 (P = 16,850) delivers 104 t:
// - averageFixed (the seed): the 4 t at P as well, receivables 104 × 16,850 = 1,752,400.00;
// - settlementDayPrice (from 2026-11-23): the 4 t at the day's settlement + basis, 15,500 + 850 = 16,350:
//   100 × 16,850 + 4 × 16,350 = 1,750,400.00.
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { CLIENT_CREDIT_PATH } from '../../../src/areas/payments/api.ts';
import { futuresPrice } from '../../../src/areas/pricing/index.ts';
import { resourcePath } from '../../../src/framework/resource/index.ts';
import { useTestApp } from '../../test/app.ts';
import { approvedBasisSale, clientWithLimit } from '../../test/contracts.ts';
import { BACKENDS } from '../../test/harness.ts';

describe.each(BACKENDS)('tolerance tonnes on $name', (backend) => {
  const t = useTestApp(backend, { users: ['admin', 'trader', 'risk', 'sales'] });
  let client = '';

  beforeAll(async () => {
    client = await clientWithLimit(t.db, '无锡一棉', '5000000', 'sales');
    const contract = await approvedBasisSale(t, client, '100');
    await t.saved('trader', futuresPrice, {
      tradeDate: '2026-11-23',
      futuresMonth: 'CF2705',
      lastPrice: '15510',
      settlementPrice: '15500',
    });
    const fix = await t.post(
      'admin',
      `${resourcePath(transactionContract, 'detail').replace(/\/detail$/, '')}/fix`,
      { id: contract, tonnage: '100', futuresPrice: '16000' },
    );
    expect(fix.json.code, fix.json.msg).toBe(200);
    // Two batches of 52 t went out on the contract's lines: 104 t, 4 t past the fixed 100 t.
    await t.db.query(
      `insert into batches (batch_no, status, conditioned_weight, crop_year)
       values ('TT1', 'out', 52, '2025/26'), ('TT2', 'out', 52, '2025/26')`,
    );
    await t.db.query(
      `insert into transaction_contract_lines (contract_id, batch_no, conditioned_weight)
       values ($1, 'TT1', 52), ($1, 'TT2', 52)`,
      [contract],
    );
  });

  const receivables = async () => {
    const { json } = await t.post('risk', CLIENT_CREDIT_PATH, { partnerId: client });
    expect(json.code, json.msg).toBe(200);
    return json.data as { receivables: string; commitments: string; unpricedExposure: string };
  };

  it('prices the tolerance tonnes at the average fixed price by default', async () => {
    expect(await receivables()).toMatchObject({
      receivables: '1752400.00',
      commitments: '0.00',
      unpricedExposure: '0.00',
    });
  });

  it("prices them at the day's settlement + basis once the setting says so", async () => {
    await t.db.query(
      `insert into system_settings (setting_key, value, effective_from)
       values ('toleranceTonnesPrice', 'settlementDayPrice', '2026-11-23')`,
    );
    expect((await receivables()).receivables).toBe('1750400.00');
  });
});
