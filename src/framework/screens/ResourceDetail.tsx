import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Descriptions, Empty, Space, Spin, Table, Tag, Timeline } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { routeTitleKey } from '../../shared/routes/routeRecords.ts';
import {
  detailSections,
  historyActionLabel,
  listColumns,
  offeredActions,
  type ResourceDecl,
  stateOf,
  type TransitionDecl,
} from '../resource/index.ts';
import { Attachments } from './Attachments.tsx';
import { CommandButtons } from './CommandButtons.tsx';
import { extensionsOf } from './extensions.ts';
import { FieldText, useLabel } from './fieldDisplay.tsx';
import { usePermissions, useTableColumns } from './hooks.tsx';
import { printRoutesOf } from './PrintPage.tsx';
import {
  baseOf,
  type ResourceRecord,
  useResourceDetailQuery,
  useResourceHistoryQuery,
} from './resourceApi.ts';
import { TransitionDialog } from './TransitionDialog.tsx';

function LineTable({ decl, record }: { decl: ResourceDecl; record: ResourceRecord }) {
  const label = useLabel();
  const lines = decl.lines!;
  const columns = useTableColumns(listColumns(lines.declaration));
  const lineRows = (record[lines.key] as Partial<ResourceRecord>[] | undefined) ?? [];
  const rows = lineRows.map((row, index) => ({ ...row, id: row.id ?? String(index) }));
  return (
    <Card size="small" title={label(lines.title)}>
      <Table<ResourceRecord>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
      />
    </Card>
  );
}

function History({ decl, id }: { decl: ResourceDecl; id: string }) {
  const { t } = useTranslation();
  const label = useLabel();
  const { data = [], isLoading } = useResourceHistoryQuery({ base: baseOf(decl), id });
  const stateLabel = (state: string) => {
    const key = decl.workflow?.states[state];
    return key ? label(key) : state;
  };
  if (isLoading) return <Spin />;
  if (data.length === 0) return <Empty description={t('resource.noHistory')} />;
  return (
    <Timeline
      items={data.map((entry) => ({
        key: entry.id,
        content: (
          <div>
            <div>
              <strong>{label(historyActionLabel(decl, entry.action))}</strong> → {stateLabel(entry.toState)}
            </div>
            <div>
              {entry.userName} · {entry.time}
            </div>
            {entry.comment ? <div>{t('resource.commentSaid', { comment: entry.comment })}</div> : null}
          </div>
        ),
      }))}
    />
  );
}

export interface ResourceDetailProps {
  decl: ResourceDecl;
  id: string;
}

/** A document: its sections, line items, state with history and the transitions the user may take. */
export function ResourceDetail({ decl, id }: ResourceDetailProps) {
  const { t } = useTranslation();
  const label = useLabel();
  const { permissions } = usePermissions(decl);
  const { data: record, isLoading } = useResourceDetailQuery({ base: baseOf(decl), id });
  const [pending, setPending] = useState<TransitionDecl<string> | null>(null);
  if (isLoading) return <Spin />;
  if (!record) return <Empty description={t('resource.notFound')} />;
  const state = stateOf(decl, record);
  // Only what the server accepts on this record (its answer says), never a button it then refuses.
  const offered = offeredActions(decl, record, permissions).transitions;
  const transitions = (decl.workflow?.transitions ?? []).filter(
    (transition, index, all) =>
      offered.includes(transition.action) &&
      state !== undefined &&
      transition.from.includes(state) &&
      all.findIndex((t) => t.action === transition.action && t.from.includes(state)) === index,
  );
  const stateKey = state ? decl.workflow?.states[state] : undefined;
  const title = String(record[decl.titleField] ?? '');
  const { detailParts: Parts, linesView: LinesView } = extensionsOf(decl);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Card
        title={`${label(decl.title)} ${title}`}
        extra={
          <Space>
            {stateKey ? <Tag color="blue">{label(stateKey)}</Tag> : null}
            {printRoutesOf(decl, record).map((route) => (
              <Button
                key={route.key}
                icon={<PrinterOutlined />}
                href={`#${route.path}?id=${encodeURIComponent(record.id)}`}
                target="_blank"
              >
                {t(routeTitleKey(route))}
              </Button>
            ))}
            <CommandButtons decl={decl} permissions={permissions} record={record} state={state} />
            {transitions.map((transition) => (
              <Button
                key={transition.action}
                danger={transition.danger}
                onClick={() => setPending(transition)}
              >
                {t(`action.${transition.action}`)}
              </Button>
            ))}
          </Space>
        }
      >
        {detailSections(decl).map((section) => (
          <Descriptions
            key={label(section.title)}
            title={label(section.title)}
            column={{ xs: 1, md: 2, xl: 3 }}
            items={section.items.map((item) => ({
              key: item.key,
              label: label(item.label),
              children: <FieldText shown={item} record={record} />,
            }))}
          />
        ))}
      </Card>
      {decl.lines && LinesView ? <LinesView decl={decl} record={record} /> : null}
      {decl.lines && !LinesView ? <LineTable decl={decl} record={record} /> : null}
      {Parts ? <Parts decl={decl} record={record} /> : null}
      {decl.attachments ? <Attachments decl={decl} record={record} permissions={permissions} /> : null}
      {decl.workflow ? (
        <Card size="small" title={t('resource.history')}>
          <History decl={decl} id={id} />
        </Card>
      ) : null}
      {pending ? (
        <TransitionDialog
          decl={decl}
          transition={pending}
          ids={[record.id]}
          subject={title}
          onClose={() => setPending(null)}
        />
      ) : null}
    </Space>
  );
}
