// The hedging area's additions to its screens: importing a futures company's statement on the statement
// list (account and file → preview of the reconciliation → confirm, read and checked on the server), the
// close-outs of a trade with the realised P&L of each lot under its detail, and a team's trades of the
// month under its team book's detail.
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Drawer, Form, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/baseQuery.ts';
import type { StatementRowProblem } from '../../domain/index.ts';
import { type FieldDecl, listColumns, type ResourceDecl } from '../../framework/resource/index.ts';
import { FieldInput } from '../../framework/screens/FieldInput.tsx';
import { useTableColumns } from '../../framework/screens/hooks.tsx';
import { ImportButton } from '../../framework/screens/ImportButton.tsx';
import {
  baseOf,
  type ResourceRecord,
  resourceApi,
  useResourceListQuery,
} from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { formatMoney } from '../../shared/format/number.ts';
import { futuresTrade } from './resources.ts';
import {
  CLOSE_OUTS_PATH,
  futuresStatement,
  IMPORT_STATEMENT_PATH,
  type StatementImportAnswer,
  statementBreak,
  type TradeCloseOutsAnswer,
} from './statements.ts';

interface ImportRequest {
  accountId: string;
  fileName: string;
  content: string;
  confirm: boolean;
}

const statementApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    importStatement: build.mutation<StatementImportAnswer, ImportRequest>({
      query: ({ confirm, ...file }) => ({
        url: IMPORT_STATEMENT_PATH,
        body: { ...file, ...(confirm ? { confirm: 'true' } : {}) },
        silent: true,
      }),
      transformResponse: (answer: Envelope<StatementImportAnswer>) => answer.data!,
      invalidatesTags: (_result, _error, { confirm }) =>
        confirm
          ? [
              { type: 'Resource', id: `${futuresStatement.area}/${futuresStatement.resource}` },
              { type: 'Resource', id: `${futuresTrade.area}/${futuresTrade.resource}` },
            ]
          : [],
    }),
    tradeCloseOuts: build.query<TradeCloseOutsAnswer, string>({
      query: (id) => ({ url: CLOSE_OUTS_PATH, body: { id } }),
      transformResponse: (answer: Envelope<TradeCloseOutsAnswer>) => answer.data!,
      providesTags: [{ type: 'Resource', id: `${futuresTrade.area}/${futuresTrade.resource}` }],
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

const accountField: FieldDecl = { type: 'reference', resource: 'futuresAccount' };

function OutcomeTable({ answer }: { answer: StatementImportAnswer }) {
  const columns = useTableColumns(listColumns(statementBreak));
  const rows = answer.outcomes.map((outcome, index) => ({
    ...outcome,
    id: String(index),
    tradedOn: outcome.day,
  }));
  return (
    <Table<ResourceRecord>
      rowKey="id"
      size="small"
      dataSource={rows}
      columns={columns}
      scroll={{ x: 'max-content' }}
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
    />
  );
}

function ProblemTable({ problems }: { problems: StatementRowProblem[] }) {
  const { t } = useTranslation('hedging');
  return (
    <Table<StatementRowProblem & { key: string }>
      size="small"
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      dataSource={problems.map((problem, i) => ({ ...problem, key: String(i) }))}
      columns={[
        { key: 'line', dataIndex: 'line', title: t('statementImport.line'), width: 80 },
        { key: 'message', dataIndex: 'message', title: t('statementImport.problem') },
      ]}
    />
  );
}

function ImportDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('hedging');
  const [accountId, setAccountId] = useState<string>();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [answer, setAnswer] = useState<StatementImportAnswer | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; problems: StatementRowProblem[] } | null>(null);
  const [importStatement, { isLoading, originalArgs }] = statementApi.useImportStatementMutation();
  const sending = (confirm: boolean) => isLoading && originalArgs?.confirm === confirm;
  const send = async (confirm: boolean) => {
    if (!file || !accountId) return;
    setRefusal(null);
    const result = await importStatement({ accountId, fileName: file.name, content: file.content, confirm });
    if ('error' in result) {
      const error = result.error as ApiError;
      const problems = (error.data as { problems?: StatementRowProblem[] } | undefined)?.problems ?? [];
      setAnswer(null);
      setRefusal({ message: error.message, problems });
    } else setAnswer(result.data);
  };
  const reset = () => {
    setAnswer(null);
    setRefusal(null);
  };
  const chosen = async (picked: File) => {
    setFile({ name: picked.name, content: await readBase64(picked) });
    reset();
    return false;
  };
  return (
    <Drawer open title={t('statementImport.title')} size="large" onClose={onClose} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" title={t('statementImport.hint')} />
        <Form layout="vertical">
          <Form.Item label={t('statementImport.account')} required>
            <FieldInput
              id="statementImportAccount"
              field={accountField}
              value={accountId}
              onChange={(value) => {
                setAccountId(value as string);
                reset();
              }}
            />
          </Form.Item>
          <Form.Item label={t('statementImport.file')} required>
            <Upload accept=".xlsx,.csv" maxCount={1} showUploadList={false} beforeUpload={chosen}>
              <Button icon={<UploadOutlined />}>{file ? file.name : t('statementImport.choose')}</Button>
            </Upload>
          </Form.Item>
        </Form>
        <Space>
          <Button
            disabled={!file || !accountId || isLoading}
            loading={sending(false)}
            onClick={() => void send(false)}
          >
            {t('statementImport.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!answer || answer.confirmed || sending(false)}
            loading={sending(true)}
            onClick={() => void send(true)}
          >
            {t('statementImport.confirm')}
          </Button>
        </Space>
        {refusal ? <Alert type="error" title={refusal.message} /> : null}
        {refusal && refusal.problems.length > 0 ? <ProblemTable problems={refusal.problems} /> : null}
        {answer ? (
          <Alert
            type={answer.confirmed ? 'success' : 'info'}
            title={t(answer.confirmed ? 'statementImport.done' : 'statementImport.planned', { ...answer })}
          />
        ) : null}
        {answer ? <OutcomeTable answer={answer} /> : null}
      </Space>
    </Drawer>
  );
}

/** The import button on the statement list, for holders of the import right. */
export function StatementImportButton({ decl }: { decl: ResourceDecl }) {
  const { t } = useTranslation('hedging');
  return (
    <ImportButton
      decl={decl}
      label={t('statementImport.button')}
      drawer={(close) => <ImportDrawer onClose={close} />}
    />
  );
}

/** Under a trade's detail: what it closed or what closed it, with the realised P&L of each lot. */
export function TradeCloseOuts({ record }: { record: ResourceRecord }) {
  const { t } = useTranslation('hedging');
  const { data, isLoading } = statementApi.useTradeCloseOutsQuery(record.id);
  const method = data ? t(`closeOutMethod.${data.method}`) : '';
  return (
    <Card size="small" title={t('closeOuts.title', { method })} loading={isLoading}>
      {data && data.closeOuts.length === 0 ? <Typography.Text>{t('closeOuts.none')}</Typography.Text> : null}
      {data && data.closeOuts.length > 0 ? (
        <Table
          rowKey={(row) => `${row.role}:${row.tradeId}`}
          size="small"
          pagination={false}
          dataSource={data.closeOuts}
          columns={[
            {
              key: 'role',
              dataIndex: 'role',
              title: t('closeOuts.role'),
              render: (role: string) => t(`closeOuts.${role}`),
            },
            { key: 'tradeNo', dataIndex: 'tradeNo', title: t('closeOuts.tradeNo') },
            { key: 'lots', dataIndex: 'lots', title: t('closeOuts.lots'), align: 'right' },
            ...(['openPrice', 'closePrice', 'realisedPnl', 'perLot'] as const).map((key) => ({
              key,
              dataIndex: key,
              title: t(`closeOuts.${key}`),
              align: 'right' as const,
              render: (value: string) => formatMoney(value),
            })),
          ]}
        />
      ) : null}
      {data && data.openLots > 0 ? (
        <Typography.Text type="secondary">{t('closeOuts.openLots', { lots: data.openLots })}</Typography.Text>
      ) : null}
    </Card>
  );
}

/** Under a team book's month: the team's trades of that book and month. */
export function TeamTrades({ record }: { record: ResourceRecord }) {
  const { t } = useTranslation('hedging');
  const { data, isLoading } = useResourceListQuery({
    base: baseOf(futuresTrade),
    query: {
      pageNo: 1,
      size: 200,
      filters: {
        team: String(record.team),
        book: String(record.book),
        futuresMonth: String(record.futuresMonth),
      },
    },
  });
  const columns = useTableColumns(listColumns(futuresTrade));
  return (
    <Card size="small" title={t('teamTrades.title')}>
      <Table<ResourceRecord>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={data?.records ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
      />
    </Card>
  );
}
