// The card every costing report shows its rows in: its title, the export of every row, one page of rows at a
// time and the totals row the report draws.
import { Button, Card, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export const REPORT_PAGE_SIZE = 15;

export interface ReportCardProps<R> {
  title: ReactNode;
  rowKey: keyof R & string;
  columns: ColumnsType<R>;
  data: { records: R[]; total: number } | undefined;
  loading: boolean;
  page: number;
  onPage: (page: number) => void;
  exporting: boolean;
  onExport: () => void;
  emptyText?: ReactNode;
  /** The totals row, drawn once the page has data. */
  totals?: () => ReactNode;
}

export function ReportCard<R extends object>(props: ReportCardProps<R>) {
  const { t } = useTranslation('costing');
  const { data, columns } = props;
  return (
    <Card
      size="small"
      title={props.title}
      extra={
        <Button disabled={!data || data.total === 0} loading={props.exporting} onClick={props.onExport}>
          {t('export')}
        </Button>
      }
    >
      <Table<R>
        rowKey={props.rowKey}
        size="small"
        loading={props.loading}
        columns={columns}
        dataSource={data?.records ?? []}
        scroll={{ x: columns.length * 120 }}
        locale={props.emptyText === undefined ? undefined : { emptyText: props.emptyText }}
        pagination={{
          current: props.page,
          pageSize: REPORT_PAGE_SIZE,
          total: data?.total ?? 0,
          showSizeChanger: false,
          onChange: props.onPage,
        }}
        summary={() => (data && props.totals ? props.totals() : null)}
      />
    </Card>
  );
}
