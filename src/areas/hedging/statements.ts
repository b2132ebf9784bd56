// Futures statements (成交明细 of a futures company) and their reconciliation against the book, the teams'
// lot limits, each team's own book (teamHedge), and the close-outs of a trade. The import reads the file on
// the server (src/domain/futuresStatements.ts), answers what it would do (preview, nothing written) or does
// it: books the rows missing in the book (marked as from the statement), lists the trades missing on the
// statement and the rows that differ, and keeps the statement with its counts and breaks.

import type { AreaPart } from '../../framework/resource/area.ts';
import { apiBase, defineResource } from '../../framework/resource/index.ts';
import { crudPermissions } from '../../framework/resource/workflows.ts';
import { futuresTrade } from './resources.ts';

const bookField = { type: 'enum', dictionary: 'futuresBook', rules: [{ kind: 'required' }] } as const;

/** A break the reconciliation listed: a row booked from the statement, a trade missing on it, a row differing. */
export const statementBreak = defineResource({
  key: 'statementBreak',
  area: 'pending',
  resource: 'FuturesStatement',
  title: 'hedging:route.FuturesStatement',
  titleField: 'statementTradeNo',
  fields: {
    kind: { type: 'enum', dictionary: 'statementBreakKind', readOnly: true },
    line: { type: 'integer', readOnly: true },
    statementTradeNo: { type: 'text', readOnly: true },
    tradeNo: { type: 'text', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    side: { type: 'enum', dictionary: 'futuresTradeSide', readOnly: true },
    effect: { type: 'enum', dictionary: 'futuresTradeEffect', readOnly: true },
    lots: { type: 'integer', readOnly: true },
    price: { type: 'money', readOnly: true },
    fee: { type: 'money', readOnly: true },
    tradedOn: { type: 'date', readOnly: true },
    detail: { type: 'text', readOnly: true },
  },
  list: {
    columns: [
      'kind',
      'line',
      'statementTradeNo',
      'tradeNo',
      'futuresMonth',
      'side',
      'effect',
      'lots',
      'price',
      'fee',
      'tradedOn',
      'detail',
    ],
    filters: [],
  },
  permissions: {},
});

/**
 * An imported statement of one account: the file, its day, who imported it and when, and what the
 * reconciliation found (rows, matched, booked from it, missing on it, differing), with its breaks.
 */
export const futuresStatement = defineResource({
  key: 'futuresStatement',
  area: 'pending',
  resource: 'FuturesStatement',
  title: 'hedging:route.FuturesStatement',
  titleField: 'statementNo',
  fields: {
    statementNo: { type: 'text', readOnly: true },
    accountId: { type: 'reference', resource: 'futuresAccount', readOnly: true },
    statementDate: { type: 'date', readOnly: true },
    fileName: { type: 'text', readOnly: true },
    rowCount: { type: 'integer', readOnly: true },
    matchedCount: { type: 'integer', readOnly: true },
    bookedCount: { type: 'integer', readOnly: true },
    missingCount: { type: 'integer', readOnly: true },
    differingCount: { type: 'integer', readOnly: true },
    importedBy: { type: 'user', readOnly: true },
    importedAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'statementNo',
      'statementDate',
      'accountId',
      'fileName',
      'rowCount',
      'matchedCount',
      'bookedCount',
      'missingCount',
      'differingCount',
      'importedBy',
      'importedAt',
    ],
    filters: ['statementNo', 'accountId', 'statementDate'],
    defaultSort: { field: 'importedAt', order: 'desc' },
    totals: ['rowCount', 'bookedCount', 'missingCount', 'differingCount'],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['statementNo', 'accountId', 'statementDate', 'fileName', 'importedBy', 'importedAt'],
      },
      {
        title: 'hedging:futuresStatement.counts',
        fields: ['rowCount', 'matchedCount', 'bookedCount', 'missingCount', 'differingCount'],
      },
    ],
  },
  lines: { key: 'breaks', title: 'hedging:futuresStatement.breaks', declaration: statementBreak },
  permissions: { view: 'view', export: 'export' },
  // The import (its own call, IMPORT_STATEMENT_PATH) is offered in the role editor and held by the administrator.
  extraPermissions: ['import'],
});

/** Preview (nothing written) or confirm the import of an account's statement. */
export const IMPORT_STATEMENT_PATH = `${apiBase(futuresStatement)}/import`;

/** What the import answers: the counts and each row's or trade's outcome. */
export interface StatementImportAnswer {
  confirmed: boolean;
  statementNo: string | null;
  statementDate: string;
  rows: number;
  matched: number;
  booked: number;
  missing: number;
  differing: number;
  outcomes: StatementOutcome[];
}

export interface StatementOutcome {
  kind: 'matched' | 'booked' | 'missingOnStatement' | 'differing';
  line: number | null;
  statementTradeNo: string | null;
  tradeNo: string | null;
  futuresMonth: string;
  side: string;
  effect: string;
  lots: number;
  price: string;
  fee: string;
  day: string;
  detail: string;
}

/** A team's lot limit per month in one book, from the day it takes effect. */
export const futuresTeamLimit = defineResource({
  key: 'futuresTeamLimit',
  area: 'pending',
  resource: 'FuturesTeamLimit',
  title: 'hedging:route.FuturesTeamLimit',
  titleField: 'team',
  fields: {
    team: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 60 }] },
    book: bookField,
    lotLimit: {
      type: 'integer',
      rules: [{ kind: 'required' }, { kind: 'min', value: 0 }, { kind: 'max', value: 1000000 }],
    },
    effectiveFrom: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
  },
  list: {
    columns: ['team', 'book', 'lotLimit', 'effectiveFrom', 'remark'],
    filters: ['team', 'book'],
    defaultSort: { field: 'effectiveFrom', order: 'desc' },
  },
  form: { fields: ['team', 'book', 'lotLimit', 'effectiveFrom', 'remark'] },
  permissions: crudPermissions,
});

/**
 * A team's own book (teamHedge): the open lots per book and month of the team's accounts, and the P&L of
 * all its trades at the latest price (realised and open together).
 */
export const teamPosition = defineResource({
  key: 'teamPosition',
  area: 'pending',
  resource: 'teamHedge',
  title: 'hedging:route.teamHedge',
  titleField: 'team',
  fields: {
    team: { type: 'text', readOnly: true },
    book: { type: 'enum', dictionary: 'futuresBook', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    longLots: { type: 'integer', readOnly: true },
    shortLots: { type: 'integer', readOnly: true },
    tradedLots: { type: 'integer', readOnly: true },
    fees: { type: 'money', readOnly: true },
    price: { type: 'money', readOnly: true },
    priceDate: { type: 'date', readOnly: true },
    pnl: { type: 'money', readOnly: true },
  },
  list: {
    columns: [
      'team',
      'book',
      'futuresMonth',
      'longLots',
      'shortLots',
      'tradedLots',
      'fees',
      'price',
      'priceDate',
      'pnl',
    ],
    filters: ['team', 'book', { field: 'futuresMonth', op: 'eq' }],
    defaultSort: { field: 'team', order: 'asc' },
    totals: ['longLots', 'shortLots', 'tradedLots', 'fees', 'pnl'],
  },
  permissions: { view: 'view', export: 'export' },
});

/** The close-outs of one trade (`id`), by the close-out method in effect. */
export const CLOSE_OUTS_PATH = `${apiBase(futuresTrade)}/closeOuts`;

/** A trade's close-outs: what it closed, or what closed it, with the realised P&L of each lot. */
export interface TradeCloseOut {
  /** The other trade of the pair. */
  tradeId: string;
  tradeNo: string;
  role: 'closed' | 'closedBy';
  lots: number;
  openPrice: string;
  closePrice: string;
  realisedPnl: string;
  perLot: string;
}

export interface TradeCloseOutsAnswer {
  method: 'fifo' | 'lifo';
  closeOuts: TradeCloseOut[];
  /** Lots of an opening trade still open. */
  openLots: number;
}

export const statementsPart: AreaPart = {
  resources: [futuresStatement, futuresTeamLimit, teamPosition],
};
