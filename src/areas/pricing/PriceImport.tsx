import { Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { fieldLabel, type ResourceDecl } from '../../framework/resource/index.ts';
import { useLabel } from '../../framework/screens/fieldDisplay.tsx';
import { ImportButton } from '../../framework/screens/ImportButton.tsx';
import { ImportDrawer, type ImportProblem } from '../../framework/screens/ImportDrawer.tsx';
import { useResourceCommandMutation } from '../../framework/screens/resourceApi.ts';
import { futuresPrice, futuresPriceFile, PRICE_FILES } from './resources.ts';

interface PlannedRow {
  line: number;
  month: string;
  tradeDate: string;
  action: 'create' | 'replace' | 'unchanged';
  lastPrice: string;
  settlementPrice: string | null;
  openPrice: string | null;
  highPrice: string | null;
  lowPrice: string | null;
  closePrice: string | null;
  volume: number | null;
  openInterest: number | null;
  effects: string;
}

interface ImportResult {
  imported: number;
  added: number;
  replaced: number;
  unchanged: number;
  skipped: number;
  problems: ImportProblem[];
  rows: PlannedRow[];
}

const ACTION_COLOURS = { create: 'green', replace: 'orange', unchanged: 'default' } as const;

function PlanTable({ rows }: { rows: PlannedRow[] }) {
  const { t } = useTranslation('pricing');
  const label = useLabel();
  const price = (key: keyof PlannedRow) => ({
    key,
    dataIndex: key,
    align: 'right' as const,
    title: label(fieldLabel(futuresPrice, key)),
  });
  return (
    <Table<PlannedRow>
      rowKey="line"
      size="small"
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      dataSource={rows}
      scroll={{ x: true }}
      columns={[
        { key: 'line', dataIndex: 'line', title: t('priceImport.line'), width: 70 },
        { key: 'tradeDate', dataIndex: 'tradeDate', title: label(fieldLabel(futuresPrice, 'tradeDate')) },
        { key: 'month', dataIndex: 'month', title: label('field.futuresMonth') },
        {
          key: 'action',
          dataIndex: 'action',
          title: t('priceImport.action'),
          render: (action: PlannedRow['action']) => (
            <Tag color={ACTION_COLOURS[action]}>{t(`priceImport.${action}`)}</Tag>
          ),
        },
        price('openPrice'),
        price('highPrice'),
        price('lowPrice'),
        price('closePrice'),
        price('settlementPrice'),
        price('lastPrice'),
        price('volume'),
        price('openInterest'),
        { key: 'effects', dataIndex: 'effects', title: t('priceImport.effects') },
      ]}
    />
  );
}

function PriceImportDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('pricing');
  const [run] = useResourceCommandMutation();
  return (
    <ImportDrawer<ImportResult>
      words="pricing:priceImport"
      accept={PRICE_FILES}
      input={futuresPriceFile}
      send={async ({ values, confirm, ...file }) => {
        const { result, message } = await run({
          decl: futuresPrice,
          name: 'importPrices',
          values: { ...file, ...(values.tradeDate ? { tradeDate: values.tradeDate } : {}) },
          preview: !confirm,
        }).unwrap();
        return { answer: result as ImportResult, ...(message ? { message } : {}) };
      }}
      problemsOf={(result) => result.problems}
      summary={(result, confirmed, message) =>
        confirmed
          ? (message ?? '')
          : t(result.problems.length > 0 ? 'priceImport.badRows' : 'priceImport.planned', {
              added: result.added,
              replaced: result.replaced,
              unchanged: result.unchanged,
              skipped: result.skipped,
              bad: new Set(result.problems.map((p) => p.line)).size,
            })
      }
      result={(result) => <PlanTable rows={result.rows} />}
      onClose={onClose}
    />
  );
}

/** The import button on the futures price list, for holders of the import right. */
export function PriceImportButton({ decl }: { decl: ResourceDecl }) {
  const { t } = useTranslation('pricing');
  return (
    <ImportButton
      decl={decl}
      label={t('futuresPrice.commands.importPrices')}
      drawer={(close) => <PriceImportDrawer onClose={close} />}
    />
  );
}
