// The storefront (commerceIndex) as a client's staff use it: the house's published packages searched by every
// quality indicator with ranges and sorted by premium or price, each with its quality sheet; a package held in
// the cart at its snapshot price until the hold ends, and requested (a confirmation first). Only a platform
// user gets the page's data: the server answers anyone else that the storefront is for clients.
import {
  Alert,
  App,
  Button,
  Card,
  Col,
  Collapse,
  Descriptions,
  Drawer,
  Empty,
  Form,
  Input,
  InputNumber,
  List,
  Popconfirm,
  Row,
  Select,
  Space,
  Table,
  Tag,
  Typography,
} from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessageOf, resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { formatMoney } from '../../shared/format/index.ts';
import {
  type CartLine,
  type HelpArticle,
  type Listing,
  type ListingPage,
  type PurchaseRequest,
  RANGE_FILTERS,
  STOREFRONT_PATHS,
  STOREFRONT_SORTS,
} from './api.ts';

const TAGS = [{ type: 'Resource' as const, id: 'platformManagement/storefront' }];

const storefrontApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    storefrontSearch: build.query<ListingPage, Record<string, string>>({
      query: (body) => ({ url: STOREFRONT_PATHS.search, body }),
      transformResponse: (answer: Envelope<ListingPage>) => answer.data!,
      providesTags: TAGS,
    }),
    storefrontCart: build.query<CartLine[], void>({
      query: () => ({ url: STOREFRONT_PATHS.cart, body: {} }),
      transformResponse: (answer: Envelope<CartLine[]>) => answer.data!,
      providesTags: TAGS,
    }),
    storefrontRequests: build.query<PurchaseRequest[], void>({
      query: () => ({ url: STOREFRONT_PATHS.requests, body: {} }),
      transformResponse: (answer: Envelope<PurchaseRequest[]>) => answer.data!,
      providesTags: TAGS,
    }),
    storefrontHelp: build.query<HelpArticle[], void>({
      query: () => ({ url: STOREFRONT_PATHS.help, body: {} }),
      transformResponse: (answer: Envelope<HelpArticle[]>) => answer.data!,
      providesTags: TAGS,
    }),
    storefrontAct: build.mutation<unknown, { path: string; packageId: string }>({
      query: ({ path, packageId }) => ({ url: path, body: { packageId } }),
      invalidatesTags: TAGS,
    }),
  }),
});

// The markdown renderer loads with the first article opened, in the chunk the message centre's shares.
const HelpText = lazy(() => import(/* webpackChunkName: "markdown" */ './HelpText.tsx'));

/** The house's published help, in its order: each article opened in place. */
function HelpCentre() {
  const { t } = useTranslation('storefront');
  const help = storefrontApi.useStorefrontHelpQuery();
  const articles = help.data ?? [];
  return (
    <Card size="small" title={t('store.help')} loading={help.isLoading}>
      {articles.length === 0 ? (
        <Empty description={t('store.helpEmpty')} />
      ) : (
        <Collapse
          size="small"
          items={articles.map((article) => ({
            key: article.id,
            label: article.title,
            children: (
              <Suspense>
                <HelpText text={article.body} />
              </Suspense>
            ),
          }))}
        />
      )}
    </Card>
  );
}

const RANGE_STEP: Record<(typeof RANGE_FILTERS)[number], number> = {
  lengthMm: 0.1,
  micronaire: 0.1,
  strength: 0.1,
  uniformity: 0.1,
  premium: 10,
  tonnes: 1,
  price: 10,
};

type Filters = Record<string, string | number | undefined>;

/** The search form's values as the call's body: blank ranges left out. */
const bodyOf = (values: Filters): Record<string, string> =>
  Object.fromEntries(
    Object.entries(values).flatMap(([key, value]) =>
      value === undefined || value === null || value === '' ? [] : [[key, String(value)]],
    ),
  );

function SearchForm({ onSearch }: { onSearch: (values: Filters) => void }) {
  const { t } = useTranslation('storefront');
  const [form] = Form.useForm<Filters>();
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={onSearch}
      initialValues={{ sort: 'premium', order: 'desc' }}
    >
      <Row gutter={12}>
        {RANGE_FILTERS.map((name) => (
          <Col key={name} xs={24} sm={12} lg={6}>
            <Form.Item label={t(`store.range.${name}`)} style={{ marginBottom: 8 }}>
              <Space.Compact block>
                <Form.Item name={`${name}.from`} noStyle>
                  <InputNumber
                    aria-label={`${t(`store.range.${name}`)} ${t('store.from')}`}
                    placeholder={t('store.from')}
                    step={RANGE_STEP[name]}
                    style={{ width: '50%' }}
                  />
                </Form.Item>
                <Form.Item name={`${name}.to`} noStyle>
                  <InputNumber
                    aria-label={`${t(`store.range.${name}`)} ${t('store.to')}`}
                    placeholder={t('store.to')}
                    step={RANGE_STEP[name]}
                    style={{ width: '50%' }}
                  />
                </Form.Item>
              </Space.Compact>
            </Form.Item>
          </Col>
        ))}
        <Col xs={12} sm={6} lg={3}>
          <Form.Item
            name="mainColour"
            label={t('storefrontListing.fields.mainColour')}
            style={{ marginBottom: 8 }}
          >
            <Input allowClear maxLength={8} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Item
            name="micronaireClass"
            label={t('storefrontListing.fields.micronaireClass')}
            style={{ marginBottom: 8 }}
          >
            <Select
              allowClear
              options={['A', 'B1', 'B2', 'C1', 'C2'].map((value) => ({ value, label: value }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Item
            name="warehouse"
            label={t('storefrontListing.fields.warehouseNames')}
            style={{ marginBottom: 8 }}
          >
            <Input allowClear maxLength={32} />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Item name="sort" label={t('store.sort')} style={{ marginBottom: 8 }}>
            <Select
              options={STOREFRONT_SORTS.map((value) => ({ value, label: t(`store.sortBy.${value}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} sm={6} lg={3}>
          <Form.Item name="order" label={t('store.order')} style={{ marginBottom: 8 }}>
            <Select
              options={[
                { value: 'desc', label: t('store.desc') },
                { value: 'asc', label: t('store.asc') },
              ]}
            />
          </Form.Item>
        </Col>
      </Row>
      <Space>
        <Button type="primary" htmlType="submit">
          {t('store.search')}
        </Button>
        <Button
          onClick={() => {
            form.resetFields();
            onSearch(form.getFieldsValue());
          }}
        >
          {t('store.reset')}
        </Button>
      </Space>
    </Form>
  );
}

/** A price as the listing gives it: fixed, or the month and basis with the latest F + B. */
function PriceText({
  listing,
}: {
  listing: Pick<Listing, 'priceKind' | 'unitPrice' | 'futuresMonth' | 'basis'> & {
    indicativePrice?: string | null;
  };
}) {
  const { t } = useTranslation('storefront');
  if (listing.priceKind === 'fixed')
    return <>{t('store.fixedPrice', { price: formatMoney(listing.unitPrice) })}</>;
  return (
    <>
      {t('store.basisPrice', { month: listing.futuresMonth, basis: formatMoney(listing.basis) })}
      {listing.indicativePrice ? (
        <Typography.Text type="secondary"> ≈ {formatMoney(listing.indicativePrice)}</Typography.Text>
      ) : null}
    </>
  );
}

/** The quality sheet of one package. */
function PackageSheet({ listing }: { listing: Listing }) {
  const { t } = useTranslation('storefront');
  const field = (name: keyof Listing) => t(`storefrontListing.fields.${name}`);
  const items: (keyof Listing)[] = [
    'packageNo',
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
  ];
  return (
    <Descriptions size="small" bordered column={1} aria-label={listing.name}>
      <Descriptions.Item label={t('store.price')}>
        <PriceText listing={listing} />
      </Descriptions.Item>
      {items.map((name) => (
        <Descriptions.Item key={name} label={field(name)}>
          {String(listing[name] ?? '—')}
        </Descriptions.Item>
      ))}
    </Descriptions>
  );
}

function CartAndRequests() {
  const { t } = useTranslation('storefront');
  const cart = storefrontApi.useStorefrontCartQuery();
  const requests = storefrontApi.useStorefrontRequestsQuery();
  const [act] = storefrontApi.useStorefrontActMutation();
  const { message } = App.useApp();
  const request = async (packageId: string) => {
    try {
      await act({ path: STOREFRONT_PATHS.request, packageId }).unwrap();
      message.success(t('store.requested'));
    } catch (error) {
      message.error(errorMessageOf(error) ?? t('store.failed'));
    }
  };
  return (
    <Row gutter={12}>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('store.cart')} loading={cart.isLoading}>
          <List
            dataSource={cart.data ?? []}
            locale={{ emptyText: <Empty description={t('store.cartEmpty')} /> }}
            renderItem={(line) => (
              <List.Item
                actions={[
                  <Popconfirm
                    key="request"
                    title={t('store.confirmRequest', { name: line.name })}
                    onConfirm={() => request(line.packageId)}
                  >
                    <Button type="link" disabled={line.status !== 'published'}>
                      {t('store.request')}
                    </Button>
                  </Popconfirm>,
                  <Button
                    key="remove"
                    type="link"
                    onClick={() => act({ path: STOREFRONT_PATHS.removeFromCart, packageId: line.packageId })}
                  >
                    {t('store.remove')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={`${line.packageNo} · ${line.name}`}
                  description={
                    <>
                      <PriceText listing={line} /> · {line.tonnes} t
                      {line.holdUntil ? (
                        <Tag color="blue" style={{ marginLeft: 8 }}>
                          {t('store.heldUntil', { time: line.holdUntil })}
                        </Tag>
                      ) : null}
                    </>
                  }
                />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      <Col xs={24} lg={12}>
        <Card size="small" title={t('store.requests')} loading={requests.isLoading}>
          <List
            dataSource={requests.data ?? []}
            locale={{ emptyText: <Empty description={t('store.requestsEmpty')} /> }}
            renderItem={(row) => (
              <List.Item>
                <List.Item.Meta
                  title={`${row.requestNo} · ${row.packageNo} ${row.name}`}
                  description={
                    <>
                      {t('store.requestLine', {
                        tonnes: row.tonnes,
                        amount: formatMoney(row.amount),
                        time: row.createdAt,
                      })}
                      {row.reason ? (
                        <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
                          {t('store.reason', { reason: row.reason })}
                        </Typography.Paragraph>
                      ) : null}
                    </>
                  }
                />
                <Tag>{t(`state.${row.status}`, { defaultValue: row.status })}</Tag>
              </List.Item>
            )}
          />
        </Card>
      </Col>
    </Row>
  );
}

export default function StorefrontPage() {
  const { t } = useTranslation('storefront');
  const [filters, setFilters] = useState<Record<string, string>>({ sort: 'premium', order: 'desc' });
  const [page, setPage] = useState(1);
  const [sheet, setSheet] = useState<Listing | null>(null);
  const search = storefrontApi.useStorefrontSearchQuery({ ...filters, page_no: String(page), size: '15' });
  const [act] = storefrontApi.useStorefrontActMutation();
  const { message } = App.useApp();
  const hold = async (packageId: string) => {
    try {
      await act({ path: STOREFRONT_PATHS.addToCart, packageId }).unwrap();
      message.success(t('store.held'));
    } catch (error) {
      message.error(errorMessageOf(error) ?? t('store.failed'));
    }
  };
  if (search.error && !search.data)
    return <Alert type="warning" showIcon title={errorMessageOf(search.error) ?? t('store.failed')} />;
  const preview = search.data?.preview === true;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size={12}>
      {preview ? <Alert type="info" showIcon title={t('store.preview')} /> : null}
      <Card size="small" title={t('store.title')}>
        <SearchForm
          onSearch={(values) => {
            setPage(1);
            setFilters(bodyOf(values));
          }}
        />
      </Card>
      <Table<Listing>
        rowKey="id"
        size="small"
        loading={search.isFetching}
        dataSource={search.data?.records ?? []}
        scroll={{ x: 900 }}
        locale={{ emptyText: <Empty description={t('store.noResults')} /> }}
        pagination={{
          current: page,
          pageSize: 15,
          total: search.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={[
          {
            title: t('storefrontListing.fields.name'),
            dataIndex: 'name',
            fixed: 'left',
            render: (name: string, row) => (
              <Button type="link" onClick={() => setSheet(row)}>
                {name}
              </Button>
            ),
          },
          { title: t('store.price'), key: 'price', render: (_, row) => <PriceText listing={row} /> },
          { title: t('storefrontListing.fields.tonnes'), dataIndex: 'tonnes', align: 'right' },
          { title: t('storefrontListing.fields.mainColour'), dataIndex: 'mainColour' },
          { title: t('storefrontListing.fields.lengthMm'), dataIndex: 'lengthMm', align: 'right' },
          {
            title: t('storefrontListing.fields.micronaire'),
            key: 'mic',
            render: (_, row) => `${row.micronaire ?? '—'} (${row.micronaireClass ?? '—'})`,
          },
          { title: t('storefrontListing.fields.strength'), dataIndex: 'strength', align: 'right' },
          { title: t('storefrontListing.fields.uniformity'), dataIndex: 'uniformity', align: 'right' },
          {
            title: t('storefrontListing.fields.premium'),
            dataIndex: 'premium',
            align: 'right',
            render: (value: string | null) => formatMoney(value),
          },
          { title: t('storefrontListing.fields.warehouseNames'), dataIndex: 'warehouseNames' },
          {
            title: t('store.actions'),
            key: 'actions',
            fixed: 'right',
            render: (_, row) =>
              preview ? null : row.heldByOther ? (
                <Tag>{t('store.heldByOther')}</Tag>
              ) : row.heldByMe ? (
                <Tag color="blue">{t('store.heldUntil', { time: row.heldByMe })}</Tag>
              ) : (
                <Button size="small" onClick={() => hold(row.id)}>
                  {t('store.hold')}
                </Button>
              ),
          },
        ]}
      />
      {search.data && !preview ? (
        <>
          <CartAndRequests />
          <HelpCentre />
        </>
      ) : null}
      <Drawer
        open={sheet !== null}
        onClose={() => setSheet(null)}
        title={sheet?.name}
        width="min(560px, 100vw)"
      >
        {sheet ? <PackageSheet listing={sheet} /> : null}
      </Drawer>
    </Space>
  );
}
