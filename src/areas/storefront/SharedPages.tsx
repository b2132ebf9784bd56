// The two pages opened without login (bare routes): a package from its share link, showing its quality and,
// where the house allows, its price, with a login to request it; a batch's quality sheet from its QR code. A
// link the server does not accept shows that it is invalid or expired, and nothing else.
import { Alert, Button, Card, Descriptions, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { formatMoney } from '../../shared/format/index.ts';
import { LINK_PATHS, type SharedBatch, type SharedPackage } from './api.ts';

const linksApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    sharedPackage: build.query<SharedPackage, string>({
      query: (t) => ({ url: LINK_PATHS.sharedPackage, body: { t } }),
      transformResponse: (answer: Envelope<SharedPackage>) => answer.data!,
    }),
    sharedBatch: build.query<SharedBatch, { b: string; s: string }>({
      query: (body) => ({ url: LINK_PATHS.sharedBatch, body }),
      transformResponse: (answer: Envelope<SharedBatch>) => answer.data!,
    }),
  }),
});

const PAGE_STYLE = { maxWidth: 720, margin: '24px auto', padding: '0 12px' } as const;

function Invalid() {
  const { t } = useTranslation('storefront');
  return <Result status="warning" title={t('link.invalid')} />;
}

function Sheet<T extends object>({
  title,
  record,
  fields,
  field,
}: {
  title: string;
  record: T;
  fields: (keyof T)[];
  field: (name: string) => string;
}) {
  return (
    <Descriptions bordered size="small" column={1} title={title}>
      {fields.map((name) => (
        <Descriptions.Item key={String(name)} label={field(String(name))}>
          {record[name] === null || record[name] === undefined ? '—' : String(record[name])}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

export function SharedPackagePage() {
  const { t } = useTranslation('storefront');
  const [params] = useSearchParams();
  const token = params.get('t') ?? '';
  const { data, isLoading, error } = linksApi.useSharedPackageQuery(token, { skip: !token });
  if (!token || error) return <Invalid />;
  if (isLoading || !data) return <Spin style={{ display: 'block', marginTop: 48 }} />;
  const price =
    data.priceKind === 'fixed'
      ? data.unitPrice && t('store.fixedPrice', { price: formatMoney(data.unitPrice) })
      : data.basis && t('store.basisPrice', { month: data.futuresMonth, basis: formatMoney(data.basis) });
  return (
    <div style={PAGE_STYLE}>
      <Card>
        <Sheet
          title={`${data.packageNo} · ${data.name}`}
          record={data}
          field={(name) => t(`storefrontListing.fields.${name}`)}
          fields={[
            'cropYears',
            'warehouseNames',
            'batchCount',
            'baleCount',
            'tonnes',
            'colourShares',
            'micronaireShares',
            'lengthMm',
            'micronaire',
            'strength',
            'uniformity',
            'premium',
            'validUntil',
          ]}
        />
        <Alert
          style={{ marginTop: 12 }}
          type={price ? 'success' : 'info'}
          showIcon
          title={price || t('link.priceOnLogin')}
        />
        <Button
          type="primary"
          style={{ marginTop: 12 }}
          href="#/login?redirect=/platformManagement/commerceIndex"
        >
          {t('link.loginToRequest')}
        </Button>
      </Card>
    </div>
  );
}

export function BatchSheetPage() {
  const { t } = useTranslation('storefront');
  const [params] = useSearchParams();
  const b = params.get('b') ?? '';
  const s = params.get('s') ?? '';
  const { data, isLoading, error } = linksApi.useSharedBatchQuery({ b, s }, { skip: !b || !s });
  if (!b || !s || error) return <Invalid />;
  if (isLoading || !data) return <Spin style={{ display: 'block', marginTop: 48 }} />;
  return (
    <div style={PAGE_STYLE}>
      <Card>
        <Sheet
          title={t('link.batchSheet', { batchNo: data.batchNo })}
          record={data}
          field={(name) => t(`link.batch.${name}`)}
          fields={[
            'cropYear',
            'baleCount',
            'colourGrade',
            'colourShares',
            'lengthMm',
            'lengthGrade',
            'micronaire',
            'micronaireClass',
            'strength',
            'strengthGrade',
            'uniformity',
            'uniformityGrade',
            'trashPercent',
            'moistureRegainPercent',
          ]}
        />
      </Card>
    </div>
  );
}
