// Pricing: the futures price table (a day's last and settlement price per CF month, entered or imported:
// nothing fetches them live, domain.md §5) and the sales basis sheet (the basis the house quotes by grade,
// warehouse and month, also the market basis of valuation).

import Decimal from 'decimal.js';
import { futuresMonthWritings } from '../../domain/futures.ts';
import { contractUnitPrice } from '../../domain/pricing.ts';
import type { AreaPart } from '../../framework/resource/area.ts';
import { customRule, defineInput, defineResource, requiredWhen } from '../../framework/resource/index.ts';
import { crudPermissions, decisionWorkflow, templateWorkflow } from '../../framework/resource/workflows.ts';
import { futuresMonthField } from '../fields.ts';

const positivePrice = [{ kind: 'min', value: '0.01' }] as const;

/**
 * A price file to import: the exchange's daily quote file (郑州商品交易所期货每日行情表, .xlsx, .csv or its
 * .txt; the trade date from its title, else the one chosen here), or a plain table of trade date, month,
 * last price and settlement price (a heading line is skipped). With a file name, `content` is the file's
 * bytes in base64; without one, the text pasted from a spreadsheet or a CSV file.
 */
export const futuresPriceFile = defineInput({
  key: 'futuresPriceFile',
  title: 'pricing:route.FuturesPrice',
  fields: {
    fileName: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    content: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 4_000_000 }] },
    tradeDate: { type: 'date', help: 'pricing:priceImport.tradeDateHint' },
  },
  form: ['fileName', 'tradeDate', 'content'],
});

/** The files the price import takes: a spreadsheet, a CSV, or the exchange's own .txt. */
export const PRICE_FILES = ['.xlsx', '.csv', '.txt'] as const;

/** What an import does with each row: created, replaced or unchanged, with its figures (its preview). */
export const futuresPriceImportResult = defineInput({
  key: 'futuresPriceImportResult',
  title: 'pricing:route.FuturesPrice',
  fields: {
    imported: { type: 'integer' },
    added: { type: 'integer' },
    replaced: { type: 'integer' },
    unchanged: { type: 'integer' },
    skipped: { type: 'integer' },
  },
});

/** Neither given, or the high at least the low. */
const highNotBelowLow = customRule(
  'pricing:futuresPrice.highBelowLow',
  (value, record) =>
    value === undefined ||
    value === null ||
    value === '' ||
    record.lowPrice === undefined ||
    record.lowPrice === null ||
    record.lowPrice === '' ||
    !new Decimal(String(value)).lessThan(String(record.lowPrice)),
);

const lots = [{ kind: 'min', value: 0 }] as const;

/**
 * One trading day's prices of one CF month: the desk's intraday last price, and the day's quote (open, high,
 * low, close, settlement, volume and open interest in lots) as the exchange publishes it. Unique by day and
 * month. The server checks the exchange's rules: a trading day on which the month trades, prices on the tick
 * (setting futuresTickPerTonne) and within the daily limit around the month's previous settlement (setting
 * dailyLimitPercent), the high not below the low, the open, close and last within the day's range.
 */
export const futuresPrice = defineResource({
  key: 'futuresPrice',
  area: 'pending',
  resource: 'FuturesPrice',
  title: 'pricing:route.FuturesPrice',
  titleField: 'futuresMonth',
  fields: {
    tradeDate: { type: 'date', rules: [{ kind: 'required' }] },
    futuresMonth: futuresMonthField,
    lastPrice: { type: 'money', rules: [{ kind: 'required' }, ...positivePrice] },
    settlementPrice: { type: 'money', rules: positivePrice },
    openPrice: { type: 'money', rules: positivePrice },
    highPrice: { type: 'money', rules: [...positivePrice, highNotBelowLow] },
    lowPrice: { type: 'money', rules: positivePrice },
    closePrice: { type: 'money', rules: positivePrice },
    volume: { type: 'integer', rules: lots },
    openInterest: { type: 'integer', rules: lots },
    previousSettlement: { type: 'money', readOnly: true },
    change: { type: 'money', readOnly: true },
    source: { type: 'enum', dictionary: 'futuresPriceSource', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    updatedBy: { type: 'user', readOnly: true },
    updateTime: { type: 'datetime', readOnly: true },
  },
  computed: {
    // The month in both writings, the stored one first: CF2605 (CF605).
    month: {
      label: 'field.futuresMonth',
      type: 'text',
      compute: (record) => (record.futuresMonth ? futuresMonthWritings(record.futuresMonth) : null),
    },
  },
  list: {
    columns: [
      'tradeDate',
      'month',
      'lastPrice',
      'settlementPrice',
      'previousSettlement',
      'change',
      'openPrice',
      'highPrice',
      'lowPrice',
      'closePrice',
      'volume',
      'openInterest',
      'source',
      { field: 'remark', hiddenByDefault: true },
      { field: 'updatedBy', hiddenByDefault: true },
      { field: 'updateTime', hiddenByDefault: true },
    ],
    filters: ['tradeDate', { field: 'futuresMonth', op: 'eq' }, 'source'],
    defaultSort: { field: 'tradeDate', order: 'desc' },
  },
  // Intraday, a trader enters the day and month and a last price; the rest of the quote when the day closes.
  form: {
    fields: [
      'tradeDate',
      'futuresMonth',
      'lastPrice',
      'settlementPrice',
      'openPrice',
      'highPrice',
      'lowPrice',
      'closePrice',
      'volume',
      'openInterest',
      'remark',
    ],
  },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['tradeDate', 'month', 'source', 'remark', 'updatedBy', 'updateTime'],
      },
      {
        title: 'pricing:futuresPrice.quote',
        fields: [
          'lastPrice',
          'settlementPrice',
          'previousSettlement',
          'change',
          'openPrice',
          'highPrice',
          'lowPrice',
          'closePrice',
          'volume',
          'openInterest',
        ],
      },
    ],
  },
  // The exchange's daily file of many months at once (its own upload screen, with a preview of every row);
  // a row of a day and month already in the table replaces it.
  commands: {
    importPrices: {
      input: futuresPriceFile,
      permission: 'import',
      target: 'resource',
      preview: futuresPriceImportResult,
      file: { accept: PRICE_FILES },
      ownScreen: true,
    },
  },
  permissions: crudPermissions,
});

/** One quote of a sheet: a month, optionally a warehouse and a grade (colour, length), and its basis. */
export const salesBasisLine = defineResource({
  key: 'salesBasisLine',
  area: 'pur',
  resource: 'SalesBasisLine',
  title: 'pricing:route.SaleBasisDetail',
  titleField: 'futuresMonth',
  fields: {
    futuresMonth: futuresMonthField,
    warehouseId: { type: 'warehouse' },
    colourGrade: { type: 'enum', dictionary: 'colourGrade' },
    lengthGrade: {
      type: 'integer',
      unit: 'mm',
      rules: [
        { kind: 'min', value: 25 },
        { kind: 'max', value: 32 },
      ],
    },
    basis: { type: 'money', rules: [{ kind: 'required' }] },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 100 }] },
  },
  list: {
    columns: ['futuresMonth', 'warehouseId', 'colourGrade', 'lengthGrade', 'basis', 'remark'],
    filters: [],
  },
  form: { fields: ['futuresMonth', 'warehouseId', 'colourGrade', 'lengthGrade', 'basis', 'remark'] },
  permissions: {},
});

/** A new draft from a sheet: its number and the date it is to take effect. */
export const salesBasisCopy = defineInput({
  key: 'salesBasisCopy',
  title: 'pricing:route.SalesBasis',
  fields: {
    sheetNo: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }] },
    effectiveFrom: { type: 'date', rules: [{ kind: 'required' }] },
  },
});

/**
 * A sales basis sheet: its lines, effective from a date. Edited as a draft; publishing it puts it in use
 * and retires the sheet in use before it (one sheet in use). Retired sheets stay: the basis of a past day
 * is read from the sheet in use that day.
 */
export const salesBasis = defineResource({
  key: 'salesBasis',
  area: 'pur',
  resource: 'SalesBasis',
  title: 'pricing:route.SalesBasis',
  titleField: 'sheetNo',
  fields: {
    sheetNo: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 32 }] },
    effectiveFrom: { type: 'date', rules: [{ kind: 'required' }] },
    remark: { type: 'longText', rules: [{ kind: 'maxLength', value: 200 }] },
    lineCount: { type: 'integer', readOnly: true },
    status: { label: 'field.status', type: 'enum', dictionary: 'templateState', readOnly: true },
    publishedBy: { type: 'user', readOnly: true },
    publishedAt: { type: 'datetime', readOnly: true },
    updateTime: { label: 'field.updateTime', type: 'datetime', readOnly: true },
  },
  list: {
    columns: ['sheetNo', 'effectiveFrom', 'lineCount', 'status', 'publishedBy', 'publishedAt', 'remark'],
    filters: ['sheetNo', 'effectiveFrom', 'status'],
    defaultSort: { field: 'effectiveFrom', order: 'desc' },
  },
  form: { fields: ['sheetNo', 'effectiveFrom', 'remark'] },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: ['sheetNo', 'effectiveFrom', 'lineCount', 'status', 'publishedBy', 'publishedAt', 'remark'],
      },
    ],
  },
  lines: { key: 'lines', title: 'pricing:salesBasis.lines', declaration: salesBasisLine, minLines: 1 },
  workflow: { ...templateWorkflow, editableIn: ['draft'] },
  // The next sheet usually starts as a copy of the one in use, its quotes then adjusted.
  commands: { copy: { input: salesBasisCopy, permission: 'create' } },
  permissions: crudPermissions,
});

/** Every line of every sheet, with its sheet (SaleBasisDetail): read-only, for looking a quote up. */
export const saleBasisDetail = defineResource({
  key: 'saleBasisDetail',
  area: 'pur',
  resource: 'SaleBasisDetail',
  title: 'pricing:route.SaleBasisDetail',
  titleField: 'sheetNo',
  fields: {
    sheetNo: { type: 'text' },
    effectiveFrom: { type: 'date' },
    status: { label: 'field.status', type: 'enum', dictionary: 'templateState' },
    futuresMonth: { label: 'field.futuresMonth', type: 'text' },
    warehouseId: { type: 'warehouse' },
    colourGrade: { type: 'enum', dictionary: 'colourGrade' },
    lengthGrade: { type: 'integer', unit: 'mm' },
    basis: { type: 'money' },
    remark: { type: 'text' },
  },
  list: {
    columns: [
      'sheetNo',
      'effectiveFrom',
      'status',
      'futuresMonth',
      'warehouseId',
      'colourGrade',
      'lengthGrade',
      'basis',
      'remark',
    ],
    filters: [
      'sheetNo',
      'status',
      { field: 'futuresMonth', op: 'eq' },
      'warehouseId',
      'colourGrade',
      'effectiveFrom',
    ],
    defaultSort: { field: 'effectiveFrom', order: 'desc' },
  },
  permissions: { view: 'view', export: 'export' },
});

/** The contract resource a client order fixes (the contracts area's declaration, by key). */
export const ORDER_CONTRACT_RESOURCE = 'transactionContract';

/** Why an order is to be cancelled: the request the sales manager approves. */
export const cancelRequestInput = defineInput({
  key: 'clientOrderCancelInput',
  title: 'pricing:clientPriceOrder.commands.requestCancel',
  fields: { reason: { type: 'longText', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 500 }] } },
});

/**
 * A client's price order (点价挂单) on a basis or deferred contract, placed through the sales desk: fix a
 * tonnage at the market (filled at once at the month's latest price) or at a limit (waits until an entered
 * price of the month reaches it, then fixed at the limit). Pending until filled, cancelled, rejected (the
 * fixing was refused when it came to fill) or past its valid-until day (expired, read from the date).
 */
export const clientPriceOrder = defineResource({
  key: 'clientPriceOrder',
  area: 'pending',
  resource: 'ClientPriceOrder',
  title: 'pricing:route.pendingClientOrder',
  titleField: 'orderNo',
  fields: {
    orderNo: { type: 'text', readOnly: true },
    contractId: { type: 'reference', resource: ORDER_CONTRACT_RESOURCE, rules: [{ kind: 'required' }] },
    partnerId: { type: 'partner', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    pricingParty: { type: 'enum', dictionary: 'orderPricingParty', readOnly: true },
    kind: { type: 'enum', dictionary: 'clientOrderKind', rules: [{ kind: 'required' }] },
    tonnage: { type: 'weight', rules: [{ kind: 'required' }, { kind: 'min', value: '0.0001' }] },
    limitPrice: {
      type: 'money',
      exchange: 'price',
      rules: [
        requiredWhen((record) => record.kind === 'limit', 'pricing:clientPriceOrder.limitRequired'),
        { kind: 'min', value: '0.01' },
      ],
    },
    validUntil: { type: 'date', rules: [{ kind: 'required' }] },
    placedAt: { type: 'datetime', readOnly: true },
    placedBy: { type: 'user', readOnly: true },
    status: { label: 'field.status', type: 'enum', dictionary: 'clientOrderState', readOnly: true },
    filledPrice: { type: 'money', readOnly: true },
    filledTradeDate: { type: 'date', readOnly: true },
    filledAt: { type: 'datetime', readOnly: true },
    reason: { type: 'text', readOnly: true },
    remark: { type: 'text', rules: [{ kind: 'maxLength', value: 200 }] },
    checkReasons: { type: 'longText', readOnly: true },
  },
  list: {
    columns: [
      'orderNo',
      'contractId',
      'partnerId',
      'futuresMonth',
      'pricingParty',
      'kind',
      'tonnage',
      'limitPrice',
      'validUntil',
      'status',
      'filledPrice',
      'filledTradeDate',
      { field: 'placedAt', hiddenByDefault: true },
      { field: 'reason', hiddenByDefault: true },
      { field: 'checkReasons', hiddenByDefault: true },
    ],
    filters: ['orderNo', 'partnerId', { field: 'futuresMonth', op: 'eq' }, 'kind', 'status', 'validUntil'],
    defaultSort: { field: 'placedAt', order: 'desc' },
    totals: ['tonnage'],
  },
  form: { fields: ['contractId', 'kind', 'tonnage', 'limitPrice', 'validUntil', 'remark'] },
  detail: {
    sections: [
      {
        title: 'section.basic',
        fields: [
          'orderNo',
          'contractId',
          'partnerId',
          'futuresMonth',
          'pricingParty',
          'kind',
          'tonnage',
          'limitPrice',
          'validUntil',
          'placedBy',
          'placedAt',
          'remark',
        ],
      },
      {
        title: 'pricing:clientPriceOrder.outcome',
        fields: ['status', 'checkReasons', 'filledPrice', 'filledTradeDate', 'filledAt', 'reason'],
      },
    ],
  },
  workflow: {
    field: 'status',
    initial: 'pending' as 'checking' | 'pending' | 'filled' | 'cancelled' | 'rejected' | 'expired',
    states: {
      // Past the settings' limits: the sales manager approves it (→ pending, a market order fills) or not.
      checking: 'pricing:state.checking',
      pending: 'pricing:state.pending',
      filled: 'pricing:state.filled',
      cancelled: 'pricing:state.cancelled',
      rejected: 'pricing:state.rejected',
      expired: 'state.expired',
    },
    // Filled, rejected and expired are the server's: by a price, a refused fixing or the date.
    transitions: [
      { from: ['checking'], to: 'pending', action: 'approve', permission: 'approve', comment: 'optional' },
      { from: ['checking'], to: 'rejected', action: 'reject', permission: 'approve', comment: 'required' },
      {
        from: ['checking', 'pending'],
        to: 'cancelled',
        action: 'cancel',
        permission: 'cancel',
        comment: 'optional',
        danger: true,
      },
    ],
    approval: { approve: 'approve', reject: 'reject' },
  },
  commands: {
    // Whoever places orders asks for one to be cancelled; the sales manager's approval cancels it.
    requestCancel: { input: cancelRequestInput, permission: 'create', states: ['checking', 'pending'] },
  },
  permissions: { view: 'view', create: 'create', export: 'export' },
});

/**
 * A request to cancel a client's price order (撤单申请), approved by the sales manager: the order is
 * cancelled on approval (refused if it filled meanwhile); a rejection leaves it waiting.
 */
export const clientOrderRevocation = defineResource({
  key: 'clientOrderRevocation',
  area: 'salesManage',
  resource: 'ClientOrderRevocation',
  title: 'pricing:route.ClientOrderRevocation',
  titleField: 'orderId',
  fields: {
    orderId: { type: 'reference', resource: 'clientPriceOrder', readOnly: true },
    partnerId: { type: 'partner', readOnly: true },
    contractId: { type: 'reference', resource: ORDER_CONTRACT_RESOURCE, readOnly: true },
    orderKind: { type: 'enum', dictionary: 'clientOrderKind', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    limitPrice: { type: 'money', readOnly: true },
    orderStatus: { type: 'enum', dictionary: 'clientOrderState', readOnly: true },
    reason: { type: 'longText', readOnly: true },
    status: { type: 'enum', dictionary: 'revocationState', readOnly: true },
    requestedBy: { type: 'user', readOnly: true },
    requestedAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'orderId',
      'partnerId',
      'contractId',
      'orderKind',
      'tonnage',
      'limitPrice',
      'orderStatus',
      'reason',
      'status',
      'requestedBy',
      'requestedAt',
    ],
    filters: ['partnerId', 'status', 'requestedAt'],
    defaultSort: { field: 'requestedAt', order: 'desc' },
    totals: ['tonnage'],
  },
  workflow: decisionWorkflow,
  permissions: { view: 'view', export: 'export' },
});

/** A contract of a client's package, as the package shows it (its row opens the contract). */
export const packageContract = defineResource({
  key: 'saleContractPackageLine',
  area: 'sales',
  resource: 'SaleContractPackageLine',
  title: 'pricing:route.SaleContractPackages',
  titleField: 'contractId',
  fields: {
    contractId: { type: 'reference', resource: ORDER_CONTRACT_RESOURCE, readOnly: true },
    signDate: { type: 'date', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    fixedTonnage: { type: 'weight', readOnly: true },
    averageFixedPrice: { type: 'money', readOnly: true },
    unitPrice: { type: 'money', readOnly: true },
    status: { label: 'field.status', type: 'enum', dictionary: 'contractState', readOnly: true },
  },
  list: {
    columns: [
      'contractId',
      'signDate',
      'tonnage',
      'fixedTonnage',
      'averageFixedPrice',
      'unitPrice',
      'status',
    ],
    filters: [],
  },
  permissions: {},
});

/**
 * A client's sales contracts in one futures month taken together (合同包): tonnage, what is fixed and open,
 * the average fixed price and the amount. Read only, from the contracts; a salesperson sees their clients'.
 */
export const saleContractPackage = defineResource({
  key: 'saleContractPackage',
  area: 'sales',
  resource: 'SaleContractPackages',
  title: 'pricing:route.SaleContractPackages',
  titleField: 'partnerId',
  fields: {
    partnerId: { type: 'partner', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    contractCount: { type: 'integer', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    fixedTonnage: { type: 'weight', readOnly: true },
    openTonnage: { type: 'weight', readOnly: true },
    averageFixedPrice: { type: 'money', readOnly: true },
    amount: { type: 'money', readOnly: true },
    firstSigned: { type: 'date', readOnly: true },
    lastSigned: { type: 'date', readOnly: true },
  },
  list: {
    columns: [
      'partnerId',
      'futuresMonth',
      'contractCount',
      'tonnage',
      'fixedTonnage',
      'openTonnage',
      'averageFixedPrice',
      'amount',
      'firstSigned',
      'lastSigned',
    ],
    filters: ['partnerId', { field: 'futuresMonth', op: 'eq' }, 'lastSigned'],
    defaultSort: { field: 'lastSigned', order: 'desc' },
    totals: ['tonnage', 'fixedTonnage', 'openTonnage', 'amount'],
  },
  lines: { key: 'contracts', title: 'pricing:package.contracts', declaration: packageContract },
  permissions: { view: 'view', export: 'export' },
});

/** An order of a client's package of orders. */
export const packageOrder = defineResource({
  key: 'clientOrderPackageLine',
  area: 'sales',
  resource: 'ClientOrderPackageLine',
  title: 'pricing:route.ClientOrderPackages',
  titleField: 'orderId',
  fields: {
    orderId: { type: 'reference', resource: 'clientPriceOrder', readOnly: true },
    contractId: { type: 'reference', resource: ORDER_CONTRACT_RESOURCE, readOnly: true },
    kind: { type: 'enum', dictionary: 'clientOrderKind', readOnly: true },
    tonnage: { type: 'weight', readOnly: true },
    limitPrice: { type: 'money', readOnly: true },
    status: { label: 'field.status', type: 'enum', dictionary: 'clientOrderState', readOnly: true },
    filledPrice: { type: 'money', readOnly: true },
  },
  list: {
    columns: ['orderId', 'contractId', 'kind', 'tonnage', 'limitPrice', 'status', 'filledPrice'],
    filters: [],
  },
  permissions: {},
});

/** A client's price orders in one futures month taken together: what waits, what filled and at what average. */
export const clientOrderPackage = defineResource({
  key: 'clientOrderPackage',
  area: 'sales',
  resource: 'ClientOrderPackages',
  title: 'pricing:route.ClientOrderPackages',
  titleField: 'partnerId',
  fields: {
    partnerId: { type: 'partner', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    orderCount: { type: 'integer', readOnly: true },
    waitingTonnage: { type: 'weight', readOnly: true },
    filledTonnage: { type: 'weight', readOnly: true },
    averageFilledPrice: { type: 'money', readOnly: true },
    filledAmount: { type: 'money', readOnly: true },
    lastPlacedAt: { type: 'datetime', readOnly: true },
  },
  list: {
    columns: [
      'partnerId',
      'futuresMonth',
      'orderCount',
      'waitingTonnage',
      'filledTonnage',
      'averageFilledPrice',
      'filledAmount',
      'lastPlacedAt',
    ],
    filters: ['partnerId', { field: 'futuresMonth', op: 'eq' }],
    defaultSort: { field: 'lastPlacedAt', order: 'desc' },
    totals: ['waitingTonnage', 'filledTonnage', 'filledAmount'],
  },
  lines: { key: 'orders', title: 'pricing:package.orders', declaration: packageOrder },
  permissions: { view: 'view', export: 'export' },
});

/**
 * The client's price sheet (客户价格): every quote of the sales basis sheet in use over the latest
 * settlement price of its month, P = F + B (the quote already names its grade and warehouse).
 */
export const clientPrice = defineResource({
  key: 'clientPrice',
  area: 'sales',
  resource: 'ClientPrice',
  title: 'pricing:route.ClientPrice',
  titleField: 'futuresMonth',
  fields: {
    sheetNo: { type: 'text', readOnly: true },
    effectiveFrom: { type: 'date', readOnly: true },
    futuresMonth: { label: 'field.futuresMonth', type: 'text', readOnly: true },
    warehouseId: { type: 'warehouse', readOnly: true },
    colourGrade: { type: 'enum', dictionary: 'colourGrade', readOnly: true },
    lengthGrade: { type: 'integer', unit: 'mm', readOnly: true },
    basis: { type: 'money', readOnly: true },
    settlementDate: { type: 'date', readOnly: true },
    settlementPrice: { type: 'money', readOnly: true },
  },
  computed: {
    price: {
      type: 'money',
      compute: (record) =>
        record.settlementPrice && record.basis
          ? contractUnitPrice({ futuresPrice: String(record.settlementPrice), basis: String(record.basis) })
          : null,
    },
  },
  list: {
    columns: [
      'futuresMonth',
      'warehouseId',
      'colourGrade',
      'lengthGrade',
      'basis',
      'settlementDate',
      'settlementPrice',
      'price',
      'sheetNo',
      'effectiveFrom',
    ],
    filters: [{ field: 'futuresMonth', op: 'eq' }, 'warehouseId', 'colourGrade'],
    defaultSort: { field: 'futuresMonth', order: 'asc' },
  },
  permissions: { view: 'view', export: 'export' },
});

export const pricingPart: AreaPart = {
  resources: [
    futuresPrice,
    salesBasis,
    saleBasisDetail,
    clientPriceOrder,
    clientOrderRevocation,
    saleContractPackage,
    clientOrderPackage,
    clientPrice,
  ],
};
