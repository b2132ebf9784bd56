// Grouped totals of a report, summed as decimals (amounts are never binary floats).

import Decimal from 'decimal.js';
import type { ResourceDecl } from './types.ts';

export interface GroupTotal {
  /** The group's values of the groupBy fields, in order. */
  group: string[];
  count: number;
  /** Total per summed field, as decimal text. */
  totals: Record<string, string>;
}

type Row = Readonly<Record<string, unknown>>;

function sum(rows: readonly Row[], field: string): string {
  return rows
    .reduce((total, row) => {
      const value = row[field];
      return value === null || value === undefined || value === '' ? total : total.plus(String(value));
    }, new Decimal(0))
    .toString();
}

const totalsOf = (rows: readonly Row[], fields: readonly string[]) =>
  Object.fromEntries(fields.map((field) => [field, sum(rows, field)]));

/** One total per distinct group (in first-seen order), then the grand total (group []). */
export function groupTotals(decl: ResourceDecl, rows: readonly Row[]): GroupTotal[] {
  const report = decl.report;
  if (!report) return [];
  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const key = JSON.stringify(report.groupBy.map((field) => String(row[field] ?? '')));
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  const byGroup = [...groups].map(([key, members]) => ({
    group: JSON.parse(key) as string[],
    count: members.length,
    totals: totalsOf(members, report.totals),
  }));
  return [...byGroup, { group: [], count: rows.length, totals: totalsOf(rows, report.totals) }];
}
