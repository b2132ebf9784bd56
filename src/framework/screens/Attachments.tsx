// The files of a record (declared `attachments: true`): listed on its detail with who uploaded them and
// when, downloaded through the API, uploaded and deleted by whoever may edit the record.
import { DeleteOutlined, PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { App, Button, Card, Empty, Popconfirm, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ATTACHMENT_ACCEPT,
  type AttachmentEntry,
  isAcceptedAttachment,
  MAX_ATTACHMENT_BYTES,
  type ResourceDecl,
} from '../resource/index.ts';
import {
  readBase64,
  useDeleteAttachmentMutation,
  useDownloadAttachmentMutation,
  useUploadAttachmentMutation,
} from './attachmentsApi.ts';
import { baseOf, type ResourceRecord, useResourceDetailQuery } from './resourceApi.ts';

/** 12.3 KB, 4.5 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export interface AttachmentsProps {
  decl: ResourceDecl;
  record: ResourceRecord;
  /** The user's permission codes on the resource. */
  permissions: readonly string[];
}

export function Attachments({ decl, record, permissions }: AttachmentsProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const base = baseOf(decl);
  const files = (record.attachments as AttachmentEntry[] | undefined) ?? [];
  const mayEdit = Boolean(decl.permissions.edit && permissions.includes(decl.permissions.edit));
  const [upload, { isLoading: uploading }] = useUploadAttachmentMutation();
  const [remove] = useDeleteAttachmentMutation();
  const [download] = useDownloadAttachmentMutation();
  const [busy, setBusy] = useState<string | null>(null);
  // The list refetches with the record after an upload or a delete.
  const { isFetching } = useResourceDetailQuery({ base, id: record.id });

  const send = async (file: File) => {
    if (!isAcceptedAttachment(file.name)) {
      message.error(t('resource.attachmentType', { types: ATTACHMENT_ACCEPT.replaceAll(',', ' ') }));
      return false;
    }
    if (file.size > MAX_ATTACHMENT_BYTES) {
      message.error(t('resource.attachmentTooLarge', { mb: MAX_ATTACHMENT_BYTES / 1024 / 1024 }));
      return false;
    }
    // A refusal is shown by the request layer (the server's words).
    await upload({ base, id: record.id, name: file.name, content: await readBase64(file) }).unwrap();
    message.success(t('resource.attachmentUploaded', { name: file.name }));
    return true;
  };

  const open = async (file: AttachmentEntry) => {
    setBusy(file.id);
    try {
      await download({ base, id: record.id, attachmentId: file.id, name: file.name }).unwrap();
    } catch {
      // the request layer said why
    } finally {
      setBusy(null);
    }
  };

  const drop = async (file: AttachmentEntry) => {
    try {
      await remove({ base, id: record.id, attachmentId: file.id }).unwrap();
      message.success(t('resource.attachmentDeleted', { name: file.name }));
    } catch {
      // the request layer said why
    }
  };

  return (
    <Card
      size="small"
      title={t('resource.attachments')}
      extra={
        mayEdit ? (
          <Upload
            accept={ATTACHMENT_ACCEPT}
            showUploadList={false}
            multiple
            customRequest={({ file, onSuccess, onError }) => {
              send(file as File).then(
                (done) => (done ? onSuccess?.(null) : onError?.(new Error('refused'))),
                (error: unknown) => onError?.(error instanceof Error ? error : new Error(String(error))),
              );
            }}
          >
            <Button icon={<UploadOutlined />} loading={uploading}>
              {t('resource.uploadAttachment')}
            </Button>
          </Upload>
        ) : null
      }
    >
      {files.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('resource.noAttachments')} />
      ) : (
        <Table<AttachmentEntry>
          rowKey="id"
          size="small"
          loading={isFetching || uploading}
          pagination={false}
          dataSource={files}
          columns={[
            {
              key: 'name',
              title: t('resource.attachmentName'),
              render: (_, file) => (
                <Button
                  type="link"
                  size="small"
                  icon={<PaperClipOutlined />}
                  loading={busy === file.id}
                  onClick={() => void open(file)}
                  title={t('resource.downloadAttachment')}
                >
                  {file.name}
                </Button>
              ),
            },
            { key: 'size', title: t('resource.attachmentSize'), render: (_, file) => fileSize(file.size) },
            { key: 'uploadedBy', dataIndex: 'uploadedBy', title: t('resource.attachmentUploadedBy') },
            { key: 'uploadedAt', dataIndex: 'uploadedAt', title: t('resource.attachmentUploadedAt') },
            ...(mayEdit
              ? [
                  {
                    key: 'actions',
                    title: '',
                    render: (_: unknown, file: AttachmentEntry) => (
                      <Space>
                        <Popconfirm
                          title={t('resource.attachmentDeleteConfirm', { name: file.name })}
                          onConfirm={() => drop(file)}
                        >
                          <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                            {t('resource.deleteAttachment')}
                          </Button>
                        </Popconfirm>
                      </Space>
                    ),
                  },
                ]
              : []),
          ]}
        />
      )}
    </Card>
  );
}
