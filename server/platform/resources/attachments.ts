// Files attached to the records of a resource declared with `attachments: true` (docs/resources.md):
// upload (the resource's edit right), download (its view right) and delete (edit; soft, the row is kept),
// each on a record the user's right reaches. Upload and delete run in one transaction with an operation
// record and a document-history entry; a refused file answers 400 and nothing is stored.

import type { FastifyInstance } from 'fastify';
import {
  ATTACHMENT_TYPES,
  type AttachmentEntry,
  attachmentPath,
  extensionOf,
  MAX_ATTACHMENT_BYTES,
  type ResourceDecl,
  stateOf,
} from '../../../src/framework/resource/index.ts';
import { reachOf } from '../access/permissions.ts';
import type { Queryable } from '../db/index.ts';
import { type CallContext, defineCall, inTransaction, signedIn } from '../http/calls.ts';
import { badRequest, forbidden, ok } from '../http/envelope.ts';
import { recordStep } from './history.ts';
import type { Row } from './query.ts';
import { hookOf, idsOf, operationSummary, reachedRecord, type Served } from './serving.ts';
import { wireExpression } from './storage.ts';

type Form = Record<string, string | string[] | undefined>;

const RECORD_ID = { type: 'string', title: '记录', pattern: '^[0-9]{1,18}$' };
const ATTACHMENT_ID = { type: 'string', title: '附件', pattern: '^[0-9]{1,18}$' };

/**
 * What base64 of the largest file takes in a form body, and room for the rest of the form: a form encodes
 * each `+` and `/` of base64 as three characters (`%2B`), so up to three times the base64 (a file of 0xFF
 * bytes). The decoded size is checked after.
 */
const UPLOAD_BODY_LIMIT = Math.ceil((MAX_ATTACHMENT_BYTES * 4) / 3) * 3 + 64 * 1024;

/** First bytes the types that have them must start with (a renamed executable is not a PDF). */
const MAGIC: Readonly<Record<string, readonly number[]>> = {
  pdf: [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  png: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
  jpg: [0xff, 0xd8, 0xff],
  jpeg: [0xff, 0xd8, 0xff],
};

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The file name as stored: no folders, no control characters, at most 200 characters. */
function cleanName(raw: string): string {
  const name = raw
    .split(/[\\/]/)
    .pop()!
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim();
  if (name === '' || name === '.' || name === '..') throw badRequest('文件名不能为空');
  if (name.length > 200) throw badRequest('文件名过长（不超过 200 个字符）');
  return name;
}

/** The file's bytes, checked: the limits and types of attachments.ts, refused in words. */
export function checkedFile(rawName: string, content: string): { name: string; mime: string; bytes: Buffer } {
  const name = cleanName(rawName);
  const extension = extensionOf(name);
  const mime = ATTACHMENT_TYPES[extension];
  if (!mime)
    throw badRequest(
      `不支持的文件类型${extension ? ` .${extension}` : ''}，仅支持 ${Object.keys(ATTACHMENT_TYPES).join('、')}`,
    );
  const text = content.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text))
    throw badRequest('文件内容不是有效的 base64 编码，请重新上传');
  if ((text.length / 4) * 3 - (text.match(/=+$/)?.[0].length ?? 0) > MAX_ATTACHMENT_BYTES)
    throw badRequest(`文件过大：单个附件不能超过 ${MAX_ATTACHMENT_BYTES / 1024 / 1024} MB`);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw badRequest('文件为空，请选择有内容的文件');
  const magic = MAGIC[extension];
  if (magic && !magic.every((byte, i) => bytes[i] === byte))
    throw badRequest(`文件内容与扩展名 .${extension} 不符，请确认文件未损坏或被改名`);
  return { name, mime, bytes };
}

/** The files of a record that are not deleted, oldest first (the detail answer's `attachments`). */
export async function attachmentsOf(
  db: Queryable,
  decl: ResourceDecl,
  recordId: string,
  timeZone: string,
  /** Only this one. */
  attachmentId?: string,
): Promise<AttachmentEntry[]> {
  return db.query<AttachmentEntry>(
    `select a.id::text, a.file_name as name, a.size_bytes as size, coalesce(u.rel_name, '') as "uploadedBy",
            ${wireExpression({ label: '', type: 'datetime' }, 'a.uploaded_at', timeZone)} as "uploadedAt"
       from record_attachments a left join users u on u.id = a.uploaded_by
      where a.resource_key = $1 and a.record_id = $2 and a.deleted_at is null
        and ($3::bigint is null or a.id = $3)
      order by a.id`,
    [decl.key, recordId, attachmentId ?? null],
  );
}

/** The record the user's `code` reaches (403 without the code; else as if it did not exist). */
async function reached(call: CallContext<Form>, db: Queryable, served: Served, code: string | undefined) {
  const { decl } = served;
  const grants = await call.grants();
  if (!code) throw forbidden();
  const [id] = idsOf(call.body);
  const record = await reachedRecord(db, served, id!, reachOf(grants, decl.key, code, signedIn(call).userId));
  return { id: id!, record };
}

/** A document-history entry and the operation record of a change to a record's files. */
async function recordChange(
  tx: CallContext<Form>,
  served: Served,
  id: string,
  record: Row,
  action: 'uploadAttachment' | 'deleteAttachment',
  fileName: string,
  input: Record<string, unknown>,
) {
  const { ctx, decl } = served;
  const hook = hookOf(ctx, tx, tx.db);
  const state = stateOf(decl, record) ?? null;
  const verb = action === 'uploadAttachment' ? '上传附件' : '删除附件';
  await recordStep(hook, decl.key, id, { action, from: state, to: state, comment: `${verb} ${fileName}` });
  tx.record.detail = {
    resource: decl.key,
    operation: action,
    recordId: id,
    summary: `${operationSummary(ctx, decl, verb.slice(0, 2), [record])} 的附件 ${fileName}`,
    input,
  };
}

function uploadCall(app: FastifyInstance, served: Served) {
  const { ctx, decl } = served;
  const path = attachmentPath(decl, 'upload');
  defineCall<Form>(app, ctx, {
    path,
    access: { module: decl.key, permission: decl.permissions.edit ?? 'edit' },
    bodyLimit: UPLOAD_BODY_LIMIT,
    body: {
      type: 'object',
      required: ['id', 'name', 'content'],
      properties: {
        id: RECORD_ID,
        name: { type: 'string', title: '文件名', minLength: 1, maxLength: 400 },
        content: { type: 'string', title: '文件', minLength: 1 },
      },
    },
    handle: async (call) => {
      const file = checkedFile(String(call.body.name), String(call.body.content));
      return inTransaction(ctx, call, path, async (tx) => {
        const { id, record } = await reached(tx, tx.db, served, decl.permissions.edit);
        const [row] = await tx.db.query<{ id: string }>(
          `insert into record_attachments
             (resource_key, record_id, file_name, mime_type, size_bytes, content, uploaded_by, uploaded_at)
           values ($1, $2, $3, $4, $5, $6, $7, $8) returning id::text`,
          [
            decl.key,
            id,
            file.name,
            file.mime,
            file.bytes.length,
            file.bytes,
            signedIn(call).userId,
            call.now,
          ],
        );
        await recordChange(tx, served, id, record, 'uploadAttachment', file.name, {
          id,
          name: file.name,
          size: file.bytes.length,
          attachmentId: row!.id,
        });
        const [added] = await attachmentsOf(tx.db, decl, id, ctx.timeZone, row!.id);
        return ok(added, '上传成功');
      });
    },
  });
}

/** `attachment; filename*=UTF-8''…` with an ASCII fallback for old clients. */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

function downloadCall(app: FastifyInstance, served: Served) {
  const { ctx, decl } = served;
  const view = decl.permissions.view ?? 'view';
  defineCall<Form>(app, ctx, {
    path: attachmentPath(decl, 'download'),
    access: { module: decl.key, permission: view },
    body: {
      type: 'object',
      required: ['id', 'attachmentId'],
      properties: { id: RECORD_ID, attachmentId: ATTACHMENT_ID },
    },
    handle: async (call) => {
      const { id } = await reached(call, call.db, served, view);
      const [file] = await call.db.query<{ name: string; mime: string; content: Uint8Array }>(
        `select file_name as name, mime_type as mime, content from record_attachments
          where id = $1 and resource_key = $2 and record_id = $3 and deleted_at is null`,
        [call.body.attachmentId, decl.key, id],
      );
      if (!file) throw badRequest('附件不存在或已被删除');
      call.reply
        .header('content-type', file.mime)
        .header('content-disposition', contentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'no-store');
      return Buffer.from(file.content);
    },
  });
}

function deleteCall(app: FastifyInstance, served: Served) {
  const { ctx, decl } = served;
  const path = attachmentPath(decl, 'delete');
  defineCall<Form>(app, ctx, {
    path,
    access: { module: decl.key, permission: decl.permissions.edit ?? 'edit' },
    body: {
      type: 'object',
      required: ['id', 'attachmentId'],
      properties: { id: RECORD_ID, attachmentId: ATTACHMENT_ID },
    },
    handle: async (call) =>
      inTransaction(ctx, call, path, async (tx) => {
        const { id, record } = await reached(tx, tx.db, served, decl.permissions.edit);
        const [file] = await tx.db.query<{ name: string }>(
          `update record_attachments set deleted_at = $4, deleted_by = $5
            where id = $1 and resource_key = $2 and record_id = $3 and deleted_at is null
            returning file_name as name`,
          [call.body.attachmentId, decl.key, id, call.now, signedIn(call).userId],
        );
        if (!file) throw badRequest('附件不存在或已被删除');
        await recordChange(tx, served, id, record, 'deleteAttachment', file.name, call.body);
        return ok(null, '删除成功');
      }),
  });
}

/** The three calls of a resource's files. */
export function serveAttachments(app: FastifyInstance, served: Served) {
  uploadCall(app, served);
  downloadCall(app, served);
  deleteCall(app, served);
}
