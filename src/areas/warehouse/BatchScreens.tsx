// The warehouse's additions to the batch screens: importing a 公检 bale file (upload → preview → confirm,
// parsed and checked on the server) and a batch's bales on its detail.
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BALE_FILE_COLUMNS } from '../../domain/index.ts';
import { defineInput, fieldLabel, type ResourceDecl } from '../../framework/resource/index.ts';
import { useLabel } from '../../framework/screens/fieldDisplay.tsx';
import { usePermissions } from '../../framework/screens/hooks.tsx';
import { ImportDrawer } from '../../framework/screens/ImportDrawer.tsx';
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

/**
 * What the file asks beside it: where and in which crop year the batches it creates are put (batches it
 * updates keep theirs), so neither is required.
 */
const baleImportInput = defineInput({
  key: 'baleImport',
  title: 'baleImport.title',
  fields: {
    warehouse: {
      type: 'warehouse',
      label: 'warehouse:batch.fields.warehouseId',
      help: 'baleImport.newBatches',
    },
    cropYear: { type: 'text', label: 'field.cropYear' },
  },
});

function BaleImportDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [importBales] = balesApi.useImportBalesMutation();
  return (
    <ImportDrawer<ImportAnswer>
      words="baleImport"
      accept={['.xlsx', '.csv']}
      input={baleImportInput}
      besideFile={
        <Button type="link" icon={<DownloadOutlined />} onClick={() => void downloadBaleTemplate()}>
          {t('baleImport.template')}
        </Button>
      }
      send={async ({ values, ...request }) => ({
        answer: await importBales({
          ...request,
          warehouseId: values.warehouse as string | undefined,
          cropYear: values.cropYear as string | undefined,
        }).unwrap(),
      })}
      summary={(answer, confirmed) =>
        t(confirmed ? 'baleImport.done' : 'baleImport.planned', {
          bales: answer.bales,
          batches: answer.batches.length,
        })
      }
      columnName={(field) => COLUMN_HEADER.get(field as never) ?? field}
      result={(answer) => <PlanTable batches={answer.batches} />}
      onClose={onClose}
    />
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
      {open ? <BaleImportDrawer onClose={() => setOpen(false)} /> : null}
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
