// A client's credit where a sale, a reservation or a release of goods is decided: the limit, what its
// receivables, priced tonnes not yet delivered, unpriced exposure, reserved goods and margin shortfall take
// from it, and the headroom left — refreshed when
// a contract, payment, margin movement or the client changes anywhere.
import { Alert, Card, Descriptions, Typography } from 'antd';
import Decimal from 'decimal.js';
import { useTranslation } from 'react-i18next';
import { useUserPrivilegesQuery } from '../../api/lookupsApi.ts';
import { resourceApi } from '../../framework/screens/resourceApi.ts';
import type { Envelope } from '../../shared/api/contract.ts';
import { formatMoney } from '../../shared/format/index.ts';
import { CLIENT_CREDIT_PATH, type ClientCreditAnswer, CREDIT_READ_ON } from './api.ts';

/** What changes a client's credit: the screens whose changes refetch it. */
const CREDIT_TOPICS = [
  'pri/TransactionContract',
  'sales/ClientPaymentApply',
  'capital/ClientMargin',
  'capital/ClientMarginBalance',
  'pri/Partner',
  'pri/MtfmBatchData',
  'sales/ClientReserved',
];

const creditApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    clientCredit: build.query<ClientCreditAnswer, string>({
      query: (partnerId) => ({ url: CLIENT_CREDIT_PATH, body: { partnerId } }),
      transformResponse: (answer: Envelope<ClientCreditAnswer>) => answer.data!,
      providesTags: CREDIT_TOPICS.map((id) => ({ type: 'Resource' as const, id })),
    }),
  }),
});

const decimalOf = (value: string | null | undefined) => {
  try {
    return value ? new Decimal(value) : null;
  } catch {
    return null;
  }
};

export interface CreditHeadroomProps {
  partnerId: string | null | undefined;
  /** The amount being decided (a contract's value), compared with the headroom. */
  amount?: string | null;
}

const views = (codes: readonly string[] | undefined) => codes?.includes('view') === true;
const [CLIENT, CONTRACT, RESERVATION, PAYMENT] = CREDIT_READ_ON;

/** Whether the user reads clients' credit: they view one of the resources it is read on (the server's rule). */
function useReadsCredit(): boolean {
  const client = useUserPrivilegesQuery({ moduleCode: CLIENT }).data;
  const contract = useUserPrivilegesQuery({ moduleCode: CONTRACT }).data;
  const reservation = useUserPrivilegesQuery({ moduleCode: RESERVATION }).data;
  const payment = useUserPrivilegesQuery({ moduleCode: PAYMENT }).data;
  return [client, contract, reservation, payment].some(views);
}

export function CreditHeadroom({ partnerId, amount }: CreditHeadroomProps) {
  const { t } = useTranslation('payments');
  const yuan = (value: string) => t('credit.yuan', { value: formatMoney(value) });
  const id = partnerId ? String(partnerId) : '';
  // Asked only by a user who reads credit: the warehouse booking a release sees none, and no refusal.
  const reads = useReadsCredit();
  const { data, isFetching, error } = creditApi.useClientCreditQuery(id, {
    skip: !reads || !/^\d+$/.test(id),
  });
  if (!reads) return null;
  if (!id) return <Typography.Text type="secondary">{t('credit.pick')}</Typography.Text>;
  // A user who may not read this client's credit sees nothing rather than an error in a form.
  if (error || !data) return null;
  const headroom = data.headroom;
  const over = headroom !== null && new Decimal(headroom).isNegative();
  const asked = decimalOf(amount);
  const short = headroom !== null && !over && asked?.greaterThan(headroom) === true;
  return (
    <Card size="small" title={`${t('credit.title')} · ${data.partnerName}`} loading={isFetching && !data}>
      {data.creditLimit === null ? (
        <Alert type="info" showIcon title={t('credit.noLimit')} />
      ) : (
        <>
          <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }} aria-label={t('credit.title')}>
            <Descriptions.Item label={t('credit.creditLimit')}>{yuan(data.creditLimit)}</Descriptions.Item>
            <Descriptions.Item label={t('credit.receivables')}>{yuan(data.receivables)}</Descriptions.Item>
            <Descriptions.Item label={t('credit.commitments')}>{yuan(data.commitments)}</Descriptions.Item>
            <Descriptions.Item label={t('credit.unpricedExposure')}>
              {yuan(data.unpricedExposure)}
            </Descriptions.Item>
            <Descriptions.Item label={t('credit.reservations')}>{yuan(data.reservations)}</Descriptions.Item>
            <Descriptions.Item label={t('credit.marginShortfall')}>
              {yuan(data.marginShortfall)}
            </Descriptions.Item>
            <Descriptions.Item label={t('credit.headroom')}>
              <Typography.Text strong type={over || short ? 'danger' : 'success'}>
                {yuan(headroom!)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          {over || short ? (
            <Alert type="warning" showIcon title={t(over ? 'credit.over' : 'credit.short')} />
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('credit.formula')}
          </Typography.Text>
        </>
      )}
    </Card>
  );
}
