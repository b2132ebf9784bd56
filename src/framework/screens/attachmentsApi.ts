// The calls of a record's files (src/framework/resource/attachments.ts): upload as base64 in the form
// body, download as a Blob through the request layer (the session travels as every call's does, never
// in a URL) handed to the browser as a download, and delete.
import type { Envelope } from '../../shared/api/contract.ts';
import { type AttachmentEntry, attachmentPath, type ResourceDecl } from '../resource/index.ts';
import { saveFile } from './exportXlsx.ts';
import { resourceApi } from './resourceApi.ts';

type Base = Pick<ResourceDecl, 'area' | 'resource'>;
const tagOf = (base: Base) => ({ type: 'Resource' as const, id: `${base.area}/${base.resource}` });

/** The file's bytes as base64, read in the browser without blocking (FileReader). */
export const readBase64 = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

export const attachmentsApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    uploadAttachment: build.mutation<
      AttachmentEntry,
      { base: Base; id: string; name: string; content: string }
    >({
      query: ({ base, id, name, content }) => ({
        url: attachmentPath(base, 'upload'),
        body: { id, name, content },
      }),
      transformResponse: (answer: Envelope<AttachmentEntry>) => answer.data!,
      // The detail lists the files, the history says who uploaded them.
      invalidatesTags: (_result, error, { base }) => (error ? [] : [tagOf(base)]),
    }),
    deleteAttachment: build.mutation<null, { base: Base; id: string; attachmentId: string }>({
      query: ({ base, id, attachmentId }) => ({
        url: attachmentPath(base, 'delete'),
        body: { id, attachmentId },
      }),
      transformResponse: () => null,
      invalidatesTags: (_result, error, { base }) => (error ? [] : [tagOf(base)]),
    }),
    /** Fetches the file and saves it; the Blob never enters the store. */
    downloadAttachment: build.mutation<null, { base: Base; id: string; attachmentId: string; name: string }>({
      queryFn: async ({ base, id, attachmentId, name }, _api, _extra, baseQuery) => {
        const answer = await baseQuery({
          url: attachmentPath(base, 'download'),
          body: { id, attachmentId },
          file: true,
        });
        if (answer.error) return { error: answer.error };
        // The fetch implementation's own Blob (not necessarily the page's): read as bytes.
        const file = answer.data as Blob;
        saveFile(await file.arrayBuffer(), name, file.type || 'application/octet-stream');
        return { data: null };
      },
    }),
  }),
});

export const { useUploadAttachmentMutation, useDeleteAttachmentMutation, useDownloadAttachmentMutation } =
  attachmentsApi;
