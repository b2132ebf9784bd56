// Where a client's credit is shown: under the form and the detail of a sale contract, a reservation and a
// release of goods (an outbound appointment), for the client the record names.
import Decimal from 'decimal.js';
import type { ResourceExtensions } from '../../framework/screens/extensions.ts';
import { CreditHeadroom } from './CreditHeadroom.tsx';

type Values = Readonly<Record<string, unknown>>;

const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));

/** A sale's value as entered: tonnage × unit price, when both are numbers. */
export const saleValue = (values: Values): string | null => {
  try {
    return new Decimal(text(values.tonnage)).times(text(values.unitPrice)).toFixed(2);
  } catch {
    return null;
  }
};

function ClientCredit({ partnerId, amount }: { partnerId: unknown; amount?: string | null }) {
  return (
    <div style={{ marginTop: 12 }}>
      <CreditHeadroom partnerId={text(partnerId)} amount={amount ?? null} />
    </div>
  );
}

/** A sale contract's client, with the sale's value (a purchase has no client credit). */
function SaleCredit({ values }: { values: Values }) {
  return values.side === 'sale' ? (
    <ClientCredit partnerId={values.partnerId} amount={saleValue(values)} />
  ) : null;
}

type CreditParts = Required<Pick<ResourceExtensions, 'formParts' | 'detailParts'>>;

export const saleCredit: CreditParts = {
  formParts: ({ values }) => <SaleCredit values={values} />,
  detailParts: ({ record }) => <SaleCredit values={record} />,
};

export const reservationCredit: CreditParts = {
  formParts: ({ values }) => <ClientCredit partnerId={values.clientId} />,
  detailParts: ({ record }) => <ClientCredit partnerId={record.clientId} />,
};

export const releaseCredit: CreditParts = {
  formParts: ({ values }) => <ClientCredit partnerId={values.partnerId} />,
  detailParts: ({ record }) => <ClientCredit partnerId={record.partnerId} />,
};
