// The warehouse's additions to the batch screens: importing a 公检 bale file (upload → preview → confirm,
// parsed and checked on the server) and a batch's bales on its detail.
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Drawer, Form, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/baseQuery.ts';
import { BALE_FILE_COLUMNS, type BaleRowProblem } from '../../domain/index.ts';
import { fieldLabel, type ResourceDecl } from '../../framework/resource/index.ts';
import { FieldInput } from '../../framework/screens/FieldInput.tsx';
import { useLabel } from '../../framework/screens/fieldDisplay.tsx';
import { usePermissions } from '../../framework/screens/hooks.tsx';
import { type ResourceRecord, resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { BATCH_BALES_PATH, IMPORT_BALES_PATH } from './baleFile.ts';
import { downloadBaleTemplate } from './baleTemplate.ts';
import { batch } from './batches.ts';

interface PlannedBatch {
  batchNo: string;
  action: 'create' | 'update';
  figures: Record<string, unknown> & { baleCount: number };
}

interface ImportAnswer {
  confirmed: boolean;
  bales: number;
  batches: PlannedBatch[];
}

interface ImportRequest {
  fileName: string;
  content: string;
  confirm: boolean;
  warehouseId?: string;
  cropYear?: string;
}

const balesApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    importBales: build.mutation<ImportAnswer, ImportRequest>({
      query: ({ confirm, warehouseId, cropYear, ...file }) => ({
        url: IMPORT_BALES_PATH,
        body: {
          ...file,
          ...(confirm ? { confirm: 'true' } : {}),
          ...(warehouseId ? { warehouseId } : {}),
          ...(cropYear ? { cropYear } : {}),
        },
        silent: true,
      }),
      transformResponse: (answer: Envelope<ImportAnswer>) => answer.data!,
      invalidatesTags: (_result, _error, { confirm }) =>
        confirm ? [{ type: 'Resource', id: `${batch.area}/${batch.resource}` }] : [],
    }),
    batchBales: build.query<ResourceRecord[], string>({
      query: (id) => ({ url: BATCH_BALES_PATH, body: { id } }),
      transformResponse: (answer: Envelope<ResourceRecord[]>) =>
        (answer.data ?? []).map((bale, index) => ({ ...bale, id: String(index) })),
      providesTags: [{ type: 'Resource', id: `${batch.area}/${batch.resource}` }],
    }),
  }),
});

/** The file's bytes as base64, read in the browser without blocking (FileReader). */
const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

const COLUMN_HEADER = new Map(BALE_FILE_COLUMNS.map((column) => [column.key, column.header]));

function PlanTable({ batches }: { batches: PlannedBatch[] }) {
  const { t } = useTranslation();
  const label = useLabel();
  const figure = (key: string) => ({
    key,
    dataIndex: ['figures', key],
    title: label(key in batch.fields ? fieldLabel(batch, key) : key),
  });
  return (
    <Table<PlannedBatch>
      rowKey="batchNo"
      size="small"
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      dataSource={batches}
      scroll={{ x: true }}
      columns={[
        { key: 'batchNo', dataIndex: 'batchNo', title: label('field.batchNo') },
        {
          key: 'action',
          dataIndex: 'action',
          title: t('baleImport.action'),
          render: (action: string) => <Tag>{t(`baleImport.${action}`)}</Tag>,
        },
        figure('baleCount'),
        figure('conditionedWeight'),
        figure('colourShares'),
        figure('lengthGrade'),
        figure('micronaireGrade'),
        figure('strengthGrade'),
        figure('uniformityGrade'),
        figure('exchangePremium'),
        {
          key: 'deliverable',
          dataIndex: ['figures', 'deliverable'],
          title: label('field.deliverable'),
          render: (yes: boolean) => (yes ? t('resource.yes') : t('resource.no')),
        },
      ]}
    />
  );
}

function ProblemTable({ problems }: { problems: BaleRowProblem[] }) {
  const { t } = useTranslation();
  return (
    <Table<BaleRowProblem & { key: string }>
      size="small"
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      dataSource={problems.map((problem, i) => ({ ...problem, key: String(i) }))}
      columns={[
        { key: 'line', dataIndex: 'line', title: t('baleImport.line'), width: 80 },
        {
          key: 'field',
          dataIndex: 'field',
          title: t('baleImport.column'),
          width: 140,
          render: (field: string | null) => (field ? COLUMN_HEADER.get(field as never) : ''),
        },
        { key: 'message', dataIndex: 'message', title: t('baleImport.problem') },
      ]}
    />
  );
}

function ImportDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const label = useLabel();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [warehouseId, setWarehouseId] = useState<string>();
  const [cropYear, setCropYear] = useState<string>();
  const [answer, setAnswer] = useState<ImportAnswer | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; problems: BaleRowProblem[] } | null>(null);
  const [importBales, { isLoading, originalArgs }] = balesApi.useImportBalesMutation();
  // Only the pressed button spins: a spinner left on the other one would change its name and block it.
  const sending = (confirm: boolean) => isLoading && originalArgs?.confirm === confirm;
  const send = async (confirm: boolean) => {
    if (!file) return;
    setRefusal(null);
    const result = await importBales({
      fileName: file.name,
      content: file.content,
      confirm,
      warehouseId,
      cropYear,
    });
    if ('error' in result) {
      const error = result.error as ApiError;
      const problems = (error.data as { problems?: BaleRowProblem[] } | undefined)?.problems ?? [];
      setAnswer(null);
      setRefusal({ message: error.message, problems });
    } else setAnswer(result.data);
  };
  const chosen = async (picked: File) => {
    setFile({ name: picked.name, content: await readBase64(picked) });
    setAnswer(null);
    setRefusal(null);
    return false;
  };
  return (
    <Drawer open title={t('baleImport.title')} size="large" onClose={onClose} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" title={t('baleImport.hint')} />
        <Form layout="vertical">
          <Form.Item label={t('baleImport.file')}>
            <Space>
              <Upload accept=".xlsx,.csv" maxCount={1} showUploadList={false} beforeUpload={chosen}>
                <Button icon={<UploadOutlined />}>{file ? file.name : t('baleImport.choose')}</Button>
              </Upload>
              <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadBaleTemplate()}>
                {t('baleImport.template')}
              </Button>
            </Space>
          </Form.Item>
          <Form.Item label={label(fieldLabel(batch, 'warehouseId'))} extra={t('baleImport.newBatches')}>
            <FieldInput
              id="baleImportWarehouse"
              field={batch.fields.warehouseId}
              value={warehouseId}
              onChange={(v) => setWarehouseId(v as string)}
            />
          </Form.Item>
          <Form.Item label={label(batch.fields.cropYear.label ?? 'field.cropYear')}>
            <FieldInput
              id="baleImportCropYear"
              field={batch.fields.cropYear}
              value={cropYear}
              onChange={(v) => setCropYear(v as string)}
            />
          </Form.Item>
        </Form>
        <Space>
          <Button disabled={!file || isLoading} loading={sending(false)} onClick={() => void send(false)}>
            {t('baleImport.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!answer || answer.confirmed || sending(false)}
            loading={sending(true)}
            onClick={() => void send(true)}
          >
            {t('baleImport.confirm')}
          </Button>
        </Space>
        {refusal ? <Alert type="error" title={refusal.message} /> : null}
        {refusal && refusal.problems.length > 0 ? <ProblemTable problems={refusal.problems} /> : null}
        {answer ? (
          <Alert
            type={answer.confirmed ? 'success' : 'info'}
            title={t(answer.confirmed ? 'baleImport.done' : 'baleImport.planned', {
              bales: answer.bales,
              batches: answer.batches.length,
            })}
          />
        ) : null}
        {answer ? <PlanTable batches={answer.batches} /> : null}
      </Space>
    </Drawer>
  );
}

/** The import button on the batch list, for holders of the import right. */
export function BaleImportButton({ decl }: { decl: ResourceDecl }) {
  const { t } = useTranslation();
  const { permissions } = usePermissions(decl);
  const [open, setOpen] = useState(false);
  if (!permissions.includes('import')) return null;
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setOpen(true)}>
        {t('baleImport.button')}
      </Button>
      {open ? <ImportDrawer onClose={() => setOpen(false)} /> : null}
    </>
  );
}

const BALE_TABLE_COLUMNS = BALE_FILE_COLUMNS.filter((column) => column.key !== 'batchNo');

/** A batch's bales (from its 公检 file), under its detail. */
export function BatchBales({ record }: { record: ResourceRecord }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { data = [], isLoading } = balesApi.useBatchBalesQuery(record.id);
  if (!isLoading && data.length === 0) return null;
  return (
    <Card size="small" title={t('baleImport.bales', { count: data.length })}>
      <Table<ResourceRecord>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={data}
        scroll={{ x: true }}
        pagination={{ pageSize: 50, hideOnSinglePage: true, showSizeChanger: false }}
        columns={BALE_TABLE_COLUMNS.map((column) => ({
          key: column.key,
          dataIndex: column.key,
          title: label(column.key in batch.fields ? fieldLabel(batch, column.key) : `field.${column.key}`),
          align: column.kind === 'decimal' ? 'right' : undefined,
        }))}
      />
    </Card>
  );
}
