// What the sales desk adds under a client's detail: the way to its records (客户资料: credit limit and the
// documents the desk holds), a page of their own (/sales/ClientManageData/{id}/{name}).
// Registered in src/app/businessPages.tsx: extendResourceScreens('client', { detailParts: ClientDataLink }).
import { FileTextOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { generatePath } from 'react-router-dom';
import type { ResourceRecord } from '../../framework/screens/resourceApi.ts';
import { routeByKey } from '../../shared/routes/catalogue.ts';

export function ClientDataLink({ record }: { record: ResourceRecord }) {
  const { t } = useTranslation();
  const route = routeByKey('ClientManageData');
  if (!route) return null;
  const path = generatePath(route.path, { id: record.id, name: String(record.name ?? record.id) });
  return (
    <Button icon={<FileTextOutlined />} href={`#${path}`}>
      {t('sales:route.ClientManageData')}
    </Button>
  );
}
