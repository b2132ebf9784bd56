// The futures price list's import: the exchange's daily quote file (or a plain table of day, month, last and
// settlement price) chosen, previewed row by row (created, replaced, unchanged, and every bad row with its
// line), then confirmed in one go. The server reads and checks the file: the preview is the import itself,
// rolled back (the importPrices command of futuresPrice).
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Drawer, Form, Space, Table, Tag, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/baseQuery.ts';
import { fieldLabel, type ResourceDecl } from '../../framework/resource/index.ts';
import { FieldInput } from '../../framework/screens/FieldInput.tsx';
import { useLabel } from '../../framework/screens/fieldDisplay.tsx';
import { ImportButton } from '../../framework/screens/ImportButton.tsx';
import { useResourceCommandMutation } from '../../framework/screens/resourceApi.ts';
import { futuresPrice, futuresPriceFile } from './resources.ts';

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

interface RowProblem {
  line: number;
  message: string;
}

interface ImportAnswer {
  imported: number;
  added: number;
  replaced: number;
  unchanged: number;
  skipped: number;
  problems: RowProblem[];
  rows: PlannedRow[];
}

const ACTION_COLOURS = { create: 'green', replace: 'orange', unchanged: 'default' } as const;

/** The file's bytes as base64, read in the browser without blocking (FileReader). */
const readBase64 = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

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

function ProblemTable({ problems }: { problems: RowProblem[] }) {
  const { t } = useTranslation('pricing');
  return (
    <Table<RowProblem & { key: string }>
      size="small"
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      dataSource={problems.map((problem, i) => ({ ...problem, key: String(i) }))}
      columns={[
        { key: 'line', dataIndex: 'line', title: t('priceImport.line'), width: 80 },
        { key: 'message', dataIndex: 'message', title: t('priceImport.problem') },
      ]}
    />
  );
}

function ImportDrawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('pricing');
  const label = useLabel();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [tradeDate, setTradeDate] = useState<string>();
  const [answer, setAnswer] = useState<{ confirmed: boolean; result: ImportAnswer; message?: string } | null>(
    null,
  );
  const [refusal, setRefusal] = useState<{ message: string; problems: RowProblem[] } | null>(null);
  const [run, { isLoading, originalArgs }] = useResourceCommandMutation();
  // Only the pressed button spins: a spinner left on the other one would change its name and block it.
  const sending = (confirm: boolean) => isLoading && Boolean(originalArgs?.preview) !== confirm;
  const send = async (confirm: boolean) => {
    if (!file) return;
    setRefusal(null);
    const result = await run({
      decl: futuresPrice,
      name: 'importPrices',
      values: { fileName: file.name, content: file.content, ...(tradeDate ? { tradeDate } : {}) },
      preview: !confirm,
    });
    if ('error' in result) {
      const error = result.error as ApiError;
      const problems = (error.data as { problems?: RowProblem[] } | undefined)?.problems ?? [];
      setAnswer(null);
      setRefusal({ message: error.message, problems });
    } else
      setAnswer({
        confirmed: confirm,
        result: result.data.result as ImportAnswer,
        ...(result.data.message ? { message: result.data.message } : {}),
      });
  };
  const chosen = async (picked: File) => {
    setFile({ name: picked.name, content: await readBase64(picked) });
    setAnswer(null);
    setRefusal(null);
    return false;
  };
  const previewed = answer && !answer.confirmed ? answer.result : null;
  const bad = previewed ? previewed.problems.length > 0 : false;
  return (
    <Drawer open title={t('priceImport.title')} size="large" onClose={onClose} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" title={t('priceImport.hint')} />
        <Form layout="vertical">
          <Form.Item label={t('priceImport.file')}>
            <Upload accept=".xlsx,.csv,.txt" maxCount={1} showUploadList={false} beforeUpload={chosen}>
              <Button icon={<UploadOutlined />}>{file ? file.name : t('priceImport.choose')}</Button>
            </Upload>
          </Form.Item>
          <Form.Item
            label={label(fieldLabel(futuresPriceFile, 'tradeDate'))}
            extra={t('priceImport.tradeDateHint')}
          >
            <FieldInput
              id="priceImportTradeDate"
              field={futuresPriceFile.fields.tradeDate}
              value={tradeDate}
              onChange={(value) => {
                setTradeDate((value as string | null) ?? undefined);
                setAnswer(null);
              }}
            />
          </Form.Item>
        </Form>
        <Space>
          <Button disabled={!file || isLoading} loading={sending(false)} onClick={() => void send(false)}>
            {t('priceImport.preview')}
          </Button>
          <Button
            type="primary"
            disabled={!previewed || bad || sending(false)}
            loading={sending(true)}
            onClick={() => void send(true)}
          >
            {t('priceImport.confirm')}
          </Button>
        </Space>
        {refusal ? <Alert type="error" title={refusal.message} /> : null}
        {refusal && refusal.problems.length > 0 ? <ProblemTable problems={refusal.problems} /> : null}
        {answer ? (
          <Alert
            type={bad ? 'error' : answer.confirmed ? 'success' : 'info'}
            title={
              answer.confirmed
                ? answer.message
                : t(bad ? 'priceImport.badRows' : 'priceImport.planned', {
                    added: answer.result.added,
                    replaced: answer.result.replaced,
                    unchanged: answer.result.unchanged,
                    skipped: answer.result.skipped,
                    bad: new Set(answer.result.problems.map((p) => p.line)).size,
                  })
            }
          />
        ) : null}
        {answer && answer.result.problems.length > 0 ? (
          <ProblemTable problems={answer.result.problems} />
        ) : null}
        {answer ? <PlanTable rows={answer.result.rows} /> : null}
      </Space>
    </Drawer>
  );
}

/** The import button on the futures price list, for holders of the import right. */
export function PriceImportButton({ decl }: { decl: ResourceDecl }) {
  const { t } = useTranslation('pricing');
  return (
    <ImportButton
      decl={decl}
      label={t('futuresPrice.commands.importPrices')}
      drawer={(close) => <ImportDrawer onClose={close} />}
    />
  );
}
