// Approvals and rejections tell the submitter through the message centre, under the document's type.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/index.ts';
import { partner } from '../../../src/areas/partners/index.ts';
import { warehouse } from '../../../src/areas/warehouse/index.ts';
import { type MessageDetail, PATHS } from '../../../src/shared/api/contract.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Row, resourceCalls } from '../../test/resourceCalls.ts';

describe.each(BACKENDS)('approval notices on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { saved, records, transition } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  const messagesOf = async (who: string, messageType: string) => {
    const { json } = await post(app, PATHS.messageDetail, { messageType }, { token: tokens[who] });
    return (json.data as { records: MessageDetail[] }).records.map((m) => m.message);
  };

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    for (const who of ['admin', 'risk']) tokens[who] = (await login(app, who)).token;
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('tells the submitter of a contract that it was approved or rejected, under 合同相关', async () => {
    const [counterparty] = await records('admin', partner);
    const contract = (contractNo: string) =>
      saved('admin', transactionContract, {
        contractNo,
        side: 'purchase',
        kind: 'spot',
        partnerId: counterparty!.id,
        signDate: '2026-11-20',
        tonnage: '40',
        unitPrice: '15800',
        taxRate: '9',
      });
    const approved: Row = await contract('HT-1');
    const rejected: Row = await contract('HT-2');
    for (const { id } of [approved, rejected])
      expect((await transition('admin', transactionContract, id, 'submit')).json.code).toBe(200);
    expect(await messagesOf('admin', '1000004')).toEqual([]);

    // Four eyes: risk decides on what the administrator submitted.
    expect((await transition('risk', transactionContract, approved.id, 'approve')).json.code).toBe(200);
    const reject = await transition('risk', transactionContract, rejected.id, 'reject', '基差过高');
    expect(reject.json.code).toBe(200);

    const notices = await messagesOf('admin', '1000004');
    expect(notices).toEqual([
      expect.stringMatching(/\*\*HT-2\*\* 已驳回：基差过高$/),
      expect.stringMatching(/\*\*HT-1\*\* 已审批通过$/),
    ]);
    expect(await messagesOf('admin', '1000007')).toEqual([]);
  });

  it('sends nothing for a change of state that is not a decision on approval', async () => {
    const place = await saved('admin', warehouse, { code: 'N01', name: '通知库', kind: 'own' });
    expect((await transition('admin', warehouse, place.id, 'disable')).json.code).toBe(200);
    expect(await messagesOf('admin', '1000007')).toEqual([]);
  });
});
