import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  awaitingApprovalStates,
  offeredActions,
  type ResourceDecl,
  type TransitionDecl,
} from '../resource/index.ts';
import { usePermissions } from './hooks.tsx';
import { ResourceList } from './ResourceList.tsx';
import type { ResourceRecord } from './resourceApi.ts';
import { TransitionDialog } from './TransitionDialog.tsx';

interface Pending {
  transition: TransitionDecl<string>;
  records: ResourceRecord[];
}

export interface ApprovalQueueProps {
  decl: ResourceDecl;
  detailPath?: (record: ResourceRecord) => string;
  /** The route's scope: the queue holds only these documents (purchases, sales, the desk's). */
  scope?: Readonly<Record<string, string>>;
}

/** Documents awaiting the user's approval: approve or reject one, or several at once (all or nothing). */
export function ApprovalQueue({ decl, detailPath, scope }: ApprovalQueueProps) {
  const { t } = useTranslation();
  const { permissions } = usePermissions(decl);
  const [selected, setSelected] = useState<ResourceRecord[]>([]);
  const [pending, setPending] = useState<Pending | null>(null);
  const workflow = decl.workflow;
  if (!workflow?.approval) throw new Error(`Resource ${decl.key} declares no approval`);
  const states = awaitingApprovalStates(decl);
  const permitted = (action: string) =>
    workflow.transitions.find((tr) => tr.action === action && permissions.includes(tr.permission));
  const approve = permitted(workflow.approval.approve);
  const reject = permitted(workflow.approval.reject);
  const subjectOf = (records: ResourceRecord[]) =>
    records.length === 1
      ? String(records[0]?.[decl.titleField] ?? '')
      : t('resource.documentCount', { count: records.length });

  // A decision the server accepts on every one of the documents (never on one the user submitted).
  const accepted = (records: ResourceRecord[], action: string) =>
    records.length > 0 &&
    records.every((record) => offeredActions(decl, record, permissions).transitions.includes(action));

  const buttons = (records: ResourceRecord[], bulk: boolean) => (
    <Space size={bulk ? 'small' : 0}>
      {[approve, reject].map((transition) =>
        transition && (bulk || accepted(records, transition.action)) ? (
          <Button
            key={transition.action}
            type={bulk ? 'default' : 'link'}
            size={bulk ? 'middle' : 'small'}
            danger={transition === reject}
            disabled={!accepted(records, transition.action)}
            onClick={() => setPending({ transition, records })}
          >
            {bulk
              ? t('resource.bulkAction', { action: t(`action.${transition.action}`) })
              : t(`action.${transition.action}`)}
          </Button>
        ) : null,
      )}
    </Space>
  );

  return (
    <>
      <ResourceList
        decl={decl}
        detailPath={detailPath}
        fixedFilters={{ [workflow.field]: states }}
        scope={scope}
        // A queue decides on documents made elsewhere: nothing is created, edited or deleted here.
        readOnly
        toolbar={buttons(selected, true)}
        rowActions={(record) => buttons([record], false)}
        rowSelection={{
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_keys, rows) => setSelected(rows),
        }}
      />
      {pending ? (
        <TransitionDialog
          decl={decl}
          transition={pending.transition}
          ids={pending.records.map((r) => r.id)}
          subject={subjectOf(pending.records)}
          onClose={(done) => {
            setPending(null);
            if (done) setSelected([]);
          }}
        />
      ) : null}
    </>
  );
}
