import { ClearOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Popconfirm,
  Segmented,
  Space,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import type { LogEntry, LogType } from './logEntry.ts';
import { logCleared, logSlice } from './logSlice.ts';

type TypeFilter = LogType | 'all';

const selectEntries = (state: { [logSlice.reducerPath]?: { entries: LogEntry[] } }) =>
  state[logSlice.reducerPath]?.entries ?? [];

const userText = (entry: LogEntry) =>
  entry.meta.user ? `${entry.meta.user.relName} (${entry.meta.user.loginName})` : '';

/** Offers the shown entries as a JSON file; nothing leaves the browser. */
function exportEntries(entries: LogEntry[]) {
  const blob = new Blob([JSON.stringify(entries, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `log-${Date.now()}.json`;
  link.click();
  URL.revokeObjectURL(url);
}

function useColumns(): TableColumnsType<LogEntry> {
  const { t } = useTranslation();
  return useMemo(
    () => [
      { title: t('log.time'), dataIndex: 'time', width: 170 },
      {
        title: t('log.type'),
        dataIndex: 'type',
        width: 90,
        render: (type: LogType) => (
          <Tag color={type === 'danger' ? 'error' : 'blue'}>{t(`log.types.${type}`)}</Tag>
        ),
      },
      { title: t('log.message'), dataIndex: 'message', ellipsis: true },
      { title: t('log.user'), key: 'user', width: 160, render: (_, entry) => userText(entry) },
      { title: t('log.url'), key: 'url', ellipsis: true, render: (_, entry) => entry.meta.url },
    ],
    [t],
  );
}

function ExtrasView({ entry }: { entry: LogEntry }) {
  return (
    <Typography.Paragraph style={{ margin: 0 }}>
      <pre style={{ margin: 0, whiteSpace: 'pre-wrap' }}>
        {JSON.stringify({ uuid: entry.meta.uuid, ...entry.meta.extras }, null, 2)}
      </pre>
    </Typography.Paragraph>
  );
}

/** The log page: this session's entries newest first, filtered by type, cleared or exported. */
export default function LogPage() {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const entries = useSelector(selectEntries);
  const [filter, setFilter] = useState<TypeFilter>('all');
  const columns = useColumns();
  const shown = useMemo(
    () => entries.filter((entry) => filter === 'all' || entry.type === filter).toReversed(),
    [entries, filter],
  );
  const filterOptions = (['all', 'info', 'danger'] as const).map((value) => ({
    value,
    label: t(`log.types.${value}`),
  }));

  return (
    <Card
      title={t('log.title')}
      extra={
        <Space>
          <Segmented<TypeFilter> options={filterOptions} value={filter} onChange={setFilter} />
          <Button
            icon={<DownloadOutlined />}
            disabled={shown.length === 0}
            onClick={() => exportEntries(shown)}
          >
            {t('log.export')}
          </Button>
          <Popconfirm title={t('log.clearConfirm')} onConfirm={() => dispatch(logCleared())}>
            <Button danger icon={<ClearOutlined />} disabled={entries.length === 0}>
              {t('log.clear')}
            </Button>
          </Popconfirm>
        </Space>
      }
    >
      <Table<LogEntry>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={shown}
        expandable={{ expandedRowRender: (entry) => <ExtrasView entry={entry} /> }}
        locale={{ emptyText: t('log.empty') }}
        pagination={{ pageSize: 15, showSizeChanger: false }}
      />
    </Card>
  );
}
