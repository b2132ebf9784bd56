// Files attached to a record of a resource declared with `attachments: true`: the calls, the limits and the
// types both sides check (the server again, with the file's first bytes).
import { apiBase, type ResourceDecl } from './types.ts';

export type AttachmentVerb = 'upload' | 'download' | 'delete';

/** `POST <base>/attachments/<verb>`. */
export const attachmentPath = (decl: Pick<ResourceDecl, 'area' | 'resource'>, verb: AttachmentVerb) =>
  `${apiBase(decl)}/attachments/${verb}`;

/** Bytes of one file, decoded. */
export const MAX_ATTACHMENT_BYTES = 10 * 1024 * 1024;

/** The file types accepted, by extension, with the content type the file is served as. */
export const ATTACHMENT_TYPES: Readonly<Record<string, string>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  csv: 'text/csv',
  txt: 'text/plain',
};

/** `.pdf,.jpg,…` for a file input's `accept`. */
export const ATTACHMENT_ACCEPT = Object.keys(ATTACHMENT_TYPES)
  .map((ext) => `.${ext}`)
  .join(',');

/** The extension of a file name, lower case ('' when it has none). */
export const extensionOf = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

export const isAcceptedAttachment = (name: string): boolean => extensionOf(name) in ATTACHMENT_TYPES;

/** A file attached to a record, as the detail answer lists it. */
export interface AttachmentEntry {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  uploadedBy: string;
  uploadedAt: string;
}
