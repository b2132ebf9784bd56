import type { BusinessRoute } from '../../shared/routes/businessRoutes.ts';

/** Whether a record is one of those a route's scope describes (no scope: any record). */
export const fitsScope = (
  scope: BusinessRoute['scope'],
  record: Readonly<Record<string, unknown>>,
): boolean => Object.entries(scope ?? {}).every(([field, value]) => String(record[field] ?? '') === value);
