// Under a contract's detail: its fixings (each printing its confirmation) and its versions (each printing
// its supplementary agreement), newest first.
import { PrinterOutlined } from '@ant-design/icons';
import { Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { listColumns, type ResourceDecl } from '../../framework/resource/index.ts';
import { useTableColumns, useViewableRecords } from '../../framework/screens/hooks.tsx';
import { printRoutesOf, type ResourceRecord } from '../../framework/screens/index.ts';
import { routeTitleKey } from '../../shared/routes/routeRecords.ts';
import { contractAmendment, contractFixing } from './resources.ts';

function PrintButton({ decl, record }: { decl: ResourceDecl; record: ResourceRecord }) {
  const { t } = useTranslation();
  return printRoutesOf(decl, record).map((route) => (
    <Button
      key={route.key}
      size="small"
      icon={<PrinterOutlined />}
      href={`#${route.path}?id=${encodeURIComponent(record.id)}`}
      target="_blank"
    >
      {t(routeTitleKey(route))}
    </Button>
  ));
}

function ContractRecords({
  decl,
  contractId,
  title,
}: {
  decl: ResourceDecl;
  contractId: string;
  title: string;
}) {
  const { data, isLoading, viewable } = useViewableRecords(decl, {
    pageNo: 1,
    size: 200,
    filters: { contractId },
  });
  const columns = useTableColumns(listColumns(decl).filter((column) => column.key !== 'contractId'));
  const rows = data?.records ?? [];
  if (!viewable || (!isLoading && rows.length === 0)) return null;
  return (
    <Card size="small" title={title}>
      <Table<ResourceRecord>
        size="small"
        rowKey="id"
        loading={isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          ...columns,
          {
            key: 'print',
            render: (_: unknown, row: ResourceRecord) => <PrintButton decl={decl} record={row} />,
          },
        ]}
      />
    </Card>
  );
}

export function ContractParts({ record }: { record: ResourceRecord }) {
  const { t } = useTranslation('contracts');
  return (
    <>
      <ContractRecords decl={contractFixing} contractId={record.id} title={t('detail.fixings')} />
      <ContractRecords decl={contractAmendment} contractId={record.id} title={t('detail.versions')} />
    </>
  );
}
