// The one import drawer: a file chosen (and the values the import asks beside it: an account, a day), sent
// for a preview that writes nothing, then confirmed as it was previewed. A refused file shows the server's
// message and every bad row with its line; the preview shows what the import would do, as the import's own
// words and result table say. The server reads and checks the file: this drawer never parses it. A value
// asked beside the file is entered in the input field `<input key><Field>` (statementImportAccount).
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Descriptions, Drawer, Form, Space, Table, Upload } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../api/baseQuery.ts';
import {
  detailSections,
  fieldLabel,
  formFields,
  type InputDecl,
  isRequired,
  listColumns,
} from '../resource/index.ts';
import { readBase64 } from './attachmentsApi.ts';
import { FieldInput } from './FieldInput.tsx';
import { FieldText, useLabel } from './fieldDisplay.tsx';
import { useTableColumns } from './hooks.tsx';
import type { ResourceRecord } from './resourceApi.ts';

/** A bad row of a refused file: its line in the file, the column when one is to blame, and what is wrong. */
export interface ImportProblem {
  line: number;
  field?: string | null;
  message: string;
}

/** What the server answered: the import's result, and its message (a confirmed import's summary). */
export interface ImportAnswer<A> {
  answer: A;
  message?: string;
}

export interface ImportRequest {
  fileName: string;
  /** The file's bytes in base64. */
  content: string;
  /** The values asked beside the file (the input's form fields), as entered. */
  values: Readonly<Record<string, unknown>>;
  /** False: a preview, nothing written. */
  confirm: boolean;
}

export interface ImportDrawerProps<A> {
  /**
   * The i18n prefix of the import's words (`hedging:statementImport`): `.title`, `.hint`, `.file`,
   * `.choose`, `.preview`, `.confirm`, `.line`, `.problem`, and `.column` when problems name one.
   * Default: the common words of a declared import (`command.import`), titled by `title`.
   */
  words?: string;
  /** The drawer's title, when the words have none (a declared import is titled as its button). */
  title?: string;
  /** The file kinds taken, for the chooser (`.xlsx`, `.csv`). */
  accept: readonly string[];
  /** The values asked beside the file: the input's form fields besides `fileName` and `content`. */
  input?: InputDecl;
  /** Beside the file chooser (a template to download). */
  besideFile?: ReactNode;
  /** Sends the file for a preview or for good; rejects with the server's refusal (ApiError). */
  send: (request: ImportRequest) => Promise<ImportAnswer<A>>;
  /** The line above the result: what the preview would do, or what the import did. */
  summary: (answer: A, confirmed: boolean, message?: string) => string;
  /** Rows a preview found bad (the import may not be confirmed while there are any). */
  problemsOf?: (answer: A) => readonly ImportProblem[];
  /** The column a problem names, in words. */
  columnName?: (field: string) => string;
  /** What the import would do (or did), row by row. */
  result: (answer: A) => ReactNode;
  onClose: () => void;
}

/** The fields of the input the file is sent with. */
const FILE_FIELDS = new Set(['fileName', 'content']);

function ProblemTable(props: {
  problems: readonly ImportProblem[];
  words: string;
  columnName?: (field: string) => string;
}) {
  const { t } = useTranslation();
  const { columnName, words } = props;
  return (
    <Table<ImportProblem & { key: string }>
      size="small"
      pagination={{ pageSize: 20, hideOnSinglePage: true }}
      dataSource={props.problems.map((problem, i) => ({ ...problem, key: String(i) }))}
      columns={[
        { key: 'line', dataIndex: 'line', title: t(`${words}.line`), width: 80 },
        ...(columnName
          ? [
              {
                key: 'field',
                dataIndex: 'field',
                title: t(`${words}.column`),
                width: 140,
                render: (field: string | null) => (field ? columnName(field) : ''),
              },
            ]
          : []),
        { key: 'message', dataIndex: 'message', title: t(`${words}.problem`) },
      ]}
    />
  );
}

export function ImportDrawer<A>(props: ImportDrawerProps<A>) {
  const { words = 'command.import', input } = props;
  const { t } = useTranslation();
  const label = useLabel();
  const [file, setFile] = useState<{ name: string; content: string } | null>(null);
  const [values, setValues] = useState<Record<string, unknown>>({});
  const [answer, setAnswer] = useState<(ImportAnswer<A> & { confirmed: boolean }) | null>(null);
  const [refusal, setRefusal] = useState<{ message: string; problems: ImportProblem[] } | null>(null);
  // Only the pressed button spins: a spinner left on the other one would change its name and block it.
  const [sending, setSending] = useState<'preview' | 'confirm' | null>(null);
  const asked = input ? formFields(input).filter(({ key }) => !FILE_FIELDS.has(key)) : [];
  const missing = asked.some(({ key, field }) => isRequired(field) && !values[key]);
  const reset = () => {
    setAnswer(null);
    setRefusal(null);
  };
  const send = async (confirm: boolean) => {
    if (!file) return;
    setRefusal(null);
    setSending(confirm ? 'confirm' : 'preview');
    try {
      const sent = await props.send({ fileName: file.name, content: file.content, values, confirm });
      setAnswer({ ...sent, confirmed: confirm });
    } catch (error) {
      const refused = error as ApiError;
      setAnswer(null);
      setRefusal({
        message: refused.message,
        problems: (refused.data as { problems?: ImportProblem[] } | undefined)?.problems ?? [],
      });
    } finally {
      setSending(null);
    }
  };
  const chosen = async (picked: File) => {
    setFile({ name: picked.name, content: await readBase64(picked) });
    reset();
    return false;
  };
  const problems = answer ? (props.problemsOf?.(answer.answer) ?? []) : [];
  const previewed = answer && !answer.confirmed ? answer : null;
  return (
    <Drawer
      open
      title={props.title ?? t(`${words}.title`)}
      size="large"
      onClose={props.onClose}
      destroyOnHidden
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" title={t(`${words}.hint`)} />
        <Form layout="vertical">
          {asked.map(({ key, field, required }) => (
            <Form.Item
              key={key}
              label={label(fieldLabel(input!, key))}
              required={required}
              extra={field.help ? t(field.help) : undefined}
            >
              <FieldInput
                id={`${input!.key}${key[0]!.toUpperCase()}${key.slice(1)}`}
                field={field}
                value={values[key]}
                onChange={(value) => {
                  setValues({ ...values, [key]: value ?? undefined });
                  reset();
                }}
              />
            </Form.Item>
          ))}
          <Form.Item label={t(`${words}.file`)} required>
            <Space>
              <Upload
                accept={props.accept.join(',')}
                maxCount={1}
                showUploadList={false}
                beforeUpload={chosen}
              >
                <Button icon={<UploadOutlined />}>{file ? file.name : t(`${words}.choose`)}</Button>
              </Upload>
              {props.besideFile}
            </Space>
          </Form.Item>
        </Form>
        <Space>
          <Button
            disabled={!file || missing || sending !== null}
            loading={sending === 'preview'}
            onClick={() => void send(false)}
          >
            {t(`${words}.preview`)}
          </Button>
          <Button
            type="primary"
            disabled={!previewed || problems.length > 0 || sending === 'preview'}
            loading={sending === 'confirm'}
            onClick={() => void send(true)}
          >
            {t(`${words}.confirm`)}
          </Button>
        </Space>
        {refusal ? <Alert type="error" title={refusal.message} /> : null}
        {refusal && refusal.problems.length > 0 ? (
          <ProblemTable problems={refusal.problems} words={words} columnName={props.columnName} />
        ) : null}
        {answer ? (
          <Alert
            type={problems.length > 0 ? 'error' : answer.confirmed ? 'success' : 'info'}
            title={props.summary(answer.answer, answer.confirmed, answer.message)}
          />
        ) : null}
        {problems.length > 0 ? (
          <ProblemTable problems={problems} words={words} columnName={props.columnName} />
        ) : null}
        {answer ? props.result(answer.answer) : null}
      </Space>
    </Drawer>
  );
}

/**
 * A declared import's result as its preview declaration says: its figures (the counts), and its line
 * items (`preview.lines`: what it does row by row) as a table.
 */
export function DeclaredImportResult({ decl, result }: { decl: InputDecl; result: ResourceRecord }) {
  const label = useLabel();
  const [section] = detailSections(decl);
  const lines = decl.lines;
  const columns = useTableColumns(lines ? listColumns(lines.declaration) : []);
  const rows = lines ? ((result[lines.key] as ResourceRecord[] | undefined) ?? []) : [];
  return (
    <>
      <Descriptions
        bordered
        size="small"
        column={1}
        items={(section?.items ?? []).map((item) => ({
          key: item.key,
          label: label(item.label),
          children: <FieldText shown={item} record={result} />,
        }))}
      />
      {lines ? (
        <Table<ResourceRecord>
          rowKey={(row) => String(row.line ?? row.id)}
          size="small"
          dataSource={rows}
          columns={columns}
          scroll={{ x: 'max-content' }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
        />
      ) : null}
    </>
  );
}
