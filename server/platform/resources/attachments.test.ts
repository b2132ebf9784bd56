// Files attached to a record (issue 11), through HTTP on the contract (declared `attachments: true`):
// upload, list and download byte for byte; refusals that store nothing; a salesperson reaches only their
// own clients' contracts; a delete hides the file and keeps its row and the history.
import type { FastifyInstance } from 'fastify';
import { transactionContract } from '../../../src/areas/contracts/resources.ts';
import { attachmentPath, MAX_ATTACHMENT_BYTES } from '../../../src/framework/resource/index.ts';
import { BACKENDS, login, openTestDb, post, startApp } from '../../test/harness.ts';
import { type Body, type Row, resourceCalls } from '../../test/resourceCalls.ts';

const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from([0, 1, 2, 250, 251, 252, 255]),
  Buffer.from('\n%%EOF'),
]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

describe.each(BACKENDS)('attachments of a record on $name', (backend) => {
  let env: Awaited<ReturnType<typeof openTestDb>>;
  let app: FastifyInstance;
  const tokens: Record<string, string> = {};
  const { call, saved } = resourceCalls(
    () => app,
    (who) => tokens[who]!,
  );
  let own: Row;
  let others: Row;
  const files = async () =>
    (await env.db.query<{ n: number }>('select count(*)::int as n from record_attachments'))[0]!.n;
  const upload = (who: string, id: string, name: string, content: string) =>
    post(app, attachmentPath(transactionContract, 'upload'), { id, name, content }, { token: tokens[who] });
  const download = (who: string, id: string, attachmentId: string) =>
    app.inject({
      method: 'POST',
      url: attachmentPath(transactionContract, 'download'),
      payload: new URLSearchParams({ id, attachmentId }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: tokens[who]! },
    });
  const detail = async (who: string, id: string) => {
    const { json } = await call(who, transactionContract, 'detail', { id });
    expect(json.code, json.msg).toBe(200);
    return (json.data as { attachments: Row[] }).attachments;
  };

  const sale = (partnerId: string): Body => ({
    side: 'sale',
    kind: 'spot',
    partnerId,
    signDate: '2026-11-20',
    tonnage: '100',
    tolerancePercent: '5',
    unitPrice: '16000',
    taxRate: '9',
  });

  beforeAll(async () => {
    env = await openTestDb(backend);
    ({ app } = await startApp(env.db));
    for (const who of ['admin', 'sales', 'finance']) tokens[who] = (await login(app, who)).token;
    const partner = async (name: string) =>
      (
        await env.db.query<{ id: string }>(
          `insert into partners (name, kinds) values ($1, '{client}') returning id::text`,
          [name],
        )
      )[0]!.id;
    const ownClient = await partner('无锡一棉');
    const otherClient = await partner('常州二棉');
    await env.db.query(
      `insert into client_relations (client_id, salesperson_id, from_date)
       select $1, id, '2026-01-01' from users where login_name = 'sales'`,
      [ownClient],
    );
    own = await saved('sales', transactionContract, sale(ownClient));
    others = await saved('admin', transactionContract, sale(otherClient));
  });
  afterAll(async () => {
    await app?.close();
    await env?.drop();
  });

  it('uploads, lists and downloads a file byte for byte, under its UTF-8 name', async () => {
    const { json } = await upload('sales', own.id, '签字合同 扫描件.pdf', PDF.toString('base64'));
    expect(json.code, json.msg).toBe(200);
    const listed = await detail('sales', own.id);
    expect(listed).toMatchObject([{ name: '签字合同 扫描件.pdf', size: PDF.length }]);
    expect(listed[0]!.uploadedBy).not.toBe('');
    expect(listed[0]!.uploadedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const res = await download('sales', own.id, listed[0]!.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('签字合同 扫描件.pdf')}`,
    );
    expect(Buffer.compare(res.rawPayload, PDF)).toBe(0);
    // Whoever views the contract reads its files too.
    const png = await upload('admin', own.id, 'photo.PNG', PNG.toString('base64'));
    expect(png.json.code, png.json.msg).toBe(200);
    const second = (await detail('admin', own.id)).find((f) => f.name === 'photo.PNG')!;
    expect(Buffer.compare((await download('admin', own.id, second.id)).rawPayload, PNG)).toBe(0);
    const history = await call('sales', transactionContract, 'history', { id: own.id });
    expect((history.json.data as Row[]).map((h) => h.action)).toEqual(
      expect.arrayContaining(['uploadAttachment']),
    );
    const [operation] = await env.db.query<{ detail: string }>(
      `select detail::text from operation_records where detail::text like '%uploadAttachment%' order by id limit 1`,
    );
    expect(operation?.detail).toContain('签字合同 扫描件.pdf');
    // The operation record never holds the file's bytes.
    expect(operation?.detail).not.toContain(PDF.toString('base64'));
  });

  it('takes a file of exactly the limit sent as a form, whatever its bytes', async () => {
    // Bytes of 0xFB give base64 of `+` and `/`, which a form body encodes as %2B and %2F.
    const largest = Buffer.alloc(MAX_ATTACHMENT_BYTES, 0xfb);
    const { json } = await upload('sales', own.id, '最大.txt', largest.toString('base64'));
    expect(json.code, json.msg).toBe(200);
    expect(json.data).toMatchObject({ name: '最大.txt', size: MAX_ATTACHMENT_BYTES });
    const res = await download('sales', own.id, (json.data as Row).id);
    expect(Buffer.compare(res.rawPayload, largest)).toBe(0);
    await env.db.query('delete from record_attachments where id = $1', [(json.data as Row).id]);
  });

  it('refuses a bad file with a message and stores nothing', async () => {
    const before = await files();
    const tooBig = Buffer.alloc(MAX_ATTACHMENT_BYTES + 1, 65).toString('base64');
    const refusals: [string, string, RegExp][] = [
      ['big.txt', tooBig, /文件过大/],
      ['tool.exe', Buffer.from('MZ').toString('base64'), /不支持的文件类型 \.exe/],
      ['noextension', Buffer.from('x').toString('base64'), /不支持的文件类型/],
      ['fake.pdf', Buffer.from('MZ not a pdf').toString('base64'), /与扩展名 \.pdf 不符/],
      ['fake.jpg', PNG.toString('base64'), /与扩展名 \.jpg 不符/],
      ['bad.txt', '###not base64###', /base64/],
      ['empty.txt', '====', /base64|为空/],
    ];
    for (const [name, content, message] of refusals) {
      const { json } = await upload('sales', own.id, name, content);
      expect(json.code, name).toBe(400);
      expect(json.msg, name).toMatch(message);
    }
    const unknown = await upload('sales', '999999', 'a.txt', Buffer.from('a').toString('base64'));
    expect(unknown.json).toMatchObject({ code: 400, msg: '记录不存在或已被删除' });
    expect(await files()).toBe(before);
  });

  it("keeps a salesperson off another salesperson's client's contract, and a viewer from changing files", async () => {
    const before = await files();
    const content = Buffer.from('hello').toString('base64');
    const refused = await upload('sales', others.id, 'a.txt', content);
    expect(refused.json).toMatchObject({ code: 400, msg: '记录不存在或已被删除' });
    expect((await upload('admin', others.id, 'a.txt', content)).json.code).toBe(200);
    const [file] = await detail('admin', others.id);
    const read = await download('sales', others.id, file!.id);
    expect(read.json()).toMatchObject({ code: 400, msg: '记录不存在或已被删除' });
    // An attachment is read only through its own record.
    expect((await download('sales', own.id, file!.id)).json()).toMatchObject({ code: 400 });
    const gone = await post(
      app,
      attachmentPath(transactionContract, 'delete'),
      { id: others.id, attachmentId: file!.id },
      { token: tokens.sales },
    );
    expect(gone.json.code).toBe(400);
    // Finance holds no edit right on contracts.
    expect((await upload('finance', own.id, 'a.txt', content)).json.code).toBe(403);
    expect(await files()).toBe(before + 1);
    expect((await env.db.query('select 1 from record_attachments where deleted_at is not null')).length).toBe(
      0,
    );
  });

  it('deletes softly: the file leaves the list and the download, its row and history stay', async () => {
    const [file] = await detail('sales', own.id);
    const { json } = await post(
      app,
      attachmentPath(transactionContract, 'delete'),
      { id: own.id, attachmentId: file!.id },
      { token: tokens.sales },
    );
    expect(json.code, json.msg).toBe(200);
    expect((await detail('sales', own.id)).map((f) => f.id)).not.toContain(file!.id);
    expect((await download('sales', own.id, file!.id)).json()).toMatchObject({
      code: 400,
      msg: '附件不存在或已被删除',
    });
    const [row] = await env.db.query<{ deleted: boolean; by: string }>(
      `select deleted_at is not null as deleted, (select login_name from users where id = deleted_by) as by
         from record_attachments where id = $1`,
      [file!.id],
    );
    expect(row).toEqual({ deleted: true, by: 'sales' });
    const history = await call('sales', transactionContract, 'history', { id: own.id });
    expect((history.json.data as Row[]).map((h) => h.action)).toEqual(
      expect.arrayContaining(['uploadAttachment', 'deleteAttachment']),
    );
    const again = await post(
      app,
      attachmentPath(transactionContract, 'delete'),
      { id: own.id, attachmentId: file!.id },
      { token: tokens.sales },
    );
    expect(again.json).toMatchObject({ code: 400, msg: '附件不存在或已被删除' });
  });
});
