import { Card, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { defineInput, listColumns, type ResourceDecl } from '../../framework/resource/index.ts';
import { useTableColumns, useViewableRecords } from '../../framework/screens/hooks.tsx';
import { ImportButton } from '../../framework/screens/ImportButton.tsx';
import { ImportDrawer } from '../../framework/screens/ImportDrawer.tsx';
import { type ResourceRecord, resourceApi } from '../../framework/screens/resourceApi.ts';
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

/** The account whose trades the statement is reconciled with. */
const statementImportInput = defineInput({
  key: 'statementImport',
  title: 'hedging:statementImport.title',
  fields: {
    account: {
      type: 'reference',
      resource: 'futuresAccount',
      label: 'hedging:statementImport.account',
      rules: [{ kind: 'required' }],
    },
  },
});

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

function StatementImportDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('hedging');
  const [importStatement] = statementApi.useImportStatementMutation();
  return (
    <ImportDrawer<StatementImportAnswer>
      words="hedging:statementImport"
      accept={['.xlsx', '.csv']}
      input={statementImportInput}
      send={async ({ values, ...request }) => ({
        answer: await importStatement({ ...request, accountId: String(values.account) }).unwrap(),
      })}
      summary={(answer, confirmed) =>
        t(confirmed ? 'statementImport.done' : 'statementImport.planned', { ...answer })
      }
      result={(answer) => <OutcomeTable answer={answer} />}
      onClose={onClose}
    />
  );
}

/** The import button on the statement list, for holders of the import right. */
export function StatementImportButton({ decl }: { decl: ResourceDecl }) {
  const { t } = useTranslation('hedging');
  return (
    <ImportButton
      decl={decl}
      label={t('statementImport.button')}
      drawer={(close) => <StatementImportDrawer onClose={close} />}
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
  const { data, isLoading, viewable } = useViewableRecords(futuresTrade, {
    pageNo: 1,
    size: 200,
    filters: {
      team: String(record.team),
      book: String(record.book),
      futuresMonth: String(record.futuresMonth),
    },
  });
  const columns = useTableColumns(listColumns(futuresTrade));
  if (!viewable) return null;
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
