import { tenant } from '../tenant/index.ts';
import { DEFAULT_WEIGHT_DIGITS, formatWeight, type Numeric } from './number.ts';

/** Weight with the current tenant's decimals (tenant.weightDigit, default 4). */
export const formatTenantWeight = (value: Numeric | null | undefined) =>
  formatWeight(value, tenant.weightDigit ?? DEFAULT_WEIGHT_DIGITS);
