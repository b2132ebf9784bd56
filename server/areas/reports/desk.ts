// The workbench's desk (/index): in one call, the figures of each user's work that their grants reach —
// trading (open exposure by month from the hedging area's positions, basis contracts due for fixing, client
// price orders and hedge orders waiting), risk (price bands crossed and not acknowledged, the largest
// exposures), what waits for the user's approval, and the warehouse (receipts near expiry, batches and
// movements in transit). A figure over records reads them through the resource's own list query with the user's reach,
// so a user bound to their own clients counts only theirs; one the user may not view is left out.
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import {
  DESK_LIST_SIZE,
  DESK_PATH,
  type DeskAnswer,
  type DeskFigure,
  type DeskFigureKey,
  type DeskItem,
  type DeskSection,
} from '../../../src/areas/reports/api.ts';
import { awaitingApprovalStates, type FilterValue } from '../../../src/framework/resource/index.ts';
import type { BusinessRoute } from '../../../src/shared/routes/businessRoutes.ts';
import { businessRoutes } from '../../../src/shared/routes/catalogue.ts';
import { boundToOwnClients, type Grant, permissionsOn, reachOf } from '../../platform/access/permissions.ts';
import type { ServerContext } from '../../platform/context.ts';
import type { Queryable } from '../../platform/db/index.ts';
import { defineCall } from '../../platform/http/calls.ts';
import { ok } from '../../platform/http/envelope.ts';
import { listRecords, type Row } from '../../platform/resources/query.ts';
import { type ServedResource, servedResource, servedResources } from '../../platform/resources/served.ts';
import { settingOn } from '../../platform/settings.ts';
import { formatDateTime } from '../../platform/time.ts';
import { positionsOn } from '../hedging/index.ts';

/** The screen the positions figures open, and whose right they need. */
const POSITIONS_SCREEN = 'TradeTotal';
/** Records summed for a figure's tonnes: far more than a desk's figure ever holds. */
const SUMMED_RECORDS = 1000;

const addDays = (day: string, days: number) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
};

const apiBase = ({ decl }: ServedResource) => `${decl.area}/${decl.resource}`;

/** Screens of a resource a user opens without parameters (lists, queues, reports). */
const openableScreens = (resourceKey: string) =>
  businessRoutes().filter(
    (route) =>
      route.resource === resourceKey &&
      route.menuGroup !== undefined &&
      ['list', 'approval', 'report'].includes(route.kind) &&
      !route.path.includes(':'),
  );

/** Whether a screen shows just the figure's records: each field it narrows is one the figure fixes to that value. */
const fits = (route: BusinessRoute, filters: Readonly<Record<string, FilterValue>>) =>
  Object.entries(route.scope ?? {}).every(([field, value]) => {
    const filter = filters[field];
    return Array.isArray(filter) ? filter.length === 1 && filter[0] === value : filter === value;
  });

/**
 * The screen behind a figure: of the resource's screens the user holds `code` on, one showing just the
 * figure's records, else an unnarrowed one, else any; of a kind (an approval queue, a list) before others.
 */
function screenOf(
  grants: Grant[],
  resourceKey: string,
  code: string,
  filters: Readonly<Record<string, FilterValue>> = {},
  kind: 'list' | 'approval' = 'list',
): BusinessRoute | undefined {
  const held = openableScreens(resourceKey).filter((route) =>
    permissionsOn(grants, route.key).includes(code),
  );
  const rank = (route: BusinessRoute) =>
    (route.scope && fits(route, filters) ? 0 : route.scope ? 4 : 2) + (route.kind === kind ? 0 : 1);
  return [...held].sort((a, b) => rank(a) - rank(b))[0];
}

interface Reader {
  db: Queryable;
  grants: Grant[];
  userId: string;
  timeZone: string;
  topics: Set<string>;
}

interface RecordFigure {
  key: DeskFigureKey;
  resourceKey: string;
  filters: Readonly<Record<string, FilterValue>>;
  sort?: { field: string; order: 'asc' | 'desc' };
  /** The permission code the figure needs (view, or the approval's code). */
  code?: string;
  /** Tonnes of a record, summed into the figure's total. */
  tonnes?: (record: Row) => string | null;
  /** The screen it opens, when not the resource's first the user holds the code on. */
  screen?: BusinessRoute;
  /** The figure shown beside a record's number. */
  detail: (record: Row) => string | null;
}

const titleOf = (served: ServedResource, record: Row) => {
  const field = served.decl.titleField;
  return String(record[`${field}Name`] ?? record[field] ?? record.id ?? '');
};

/** A figure over a resource's records, as far as the user's right reaches; undefined when it reaches none. */
async function recordFigure(reader: Reader, figure: RecordFigure): Promise<DeskFigure | undefined> {
  const served = servedResource(figure.resourceKey);
  if (!served) return undefined;
  const code = figure.code ?? served.decl.permissions.view ?? 'view';
  if (!permissionsOn(reader.grants, figure.resourceKey).includes(code)) return undefined;
  const reach = reachOf(reader.grants, figure.resourceKey, code, reader.userId);
  if (reach.screens !== 'all' && reach.screens.length === 0) return undefined;
  const page = await listRecords(
    reader.db,
    served.decl,
    served.storage,
    {
      pageNo: 1,
      size: figure.tonnes ? SUMMED_RECORDS : DESK_LIST_SIZE,
      filters: figure.filters,
      sort: figure.sort,
    },
    reader.timeZone,
    reach,
  );
  reader.topics.add(apiBase(served));
  // More records than were read: no total rather than a short one.
  const total =
    figure.tonnes && page.total <= page.records.length
      ? page.records.reduce((sum, record) => sum.plus(figure.tonnes!(record) ?? 0), new Decimal(0)).toFixed(4)
      : null;
  const route = figure.screen ?? screenOf(reader.grants, figure.resourceKey, code, figure.filters);
  return {
    key: figure.key,
    count: page.total,
    total,
    route: route?.key ?? null,
    path: route?.path ?? null,
    items: page.records.slice(0, DESK_LIST_SIZE).map(
      (record): DeskItem => ({
        id: String(record.id),
        title: titleOf(served, record),
        detail: figure.detail(record),
      }),
    ),
  };
}

const text = (value: unknown) =>
  value === null || value === undefined || value === '' ? null : String(value);
const openTonnes = (record: Row) =>
  Decimal.max(0, new Decimal(String(record.tonnage ?? 0)).minus(String(record.fixedTonnage ?? 0))).toFixed(4);

/** Open exposure by month, and its months by size: the hedging area's positions as it computes them. */
async function exposureFigures(reader: Reader, day: string) {
  const positions = await positionsOn(reader.db, day);
  const route = screenOf(reader.grants, 'futuresPosition', 'view');
  const screen = { route: route?.key ?? null, path: route?.path ?? null };
  const open = positions.exposure.filter((row) => !new Decimal(row.netExposure).isZero());
  const item = (row: (typeof open)[number]): DeskItem => ({
    id: row.month,
    title: row.month,
    detail: row.netExposure,
  });
  // The card shows what makes up its net figure (issue 21): the months, the contracts naming no month and
  // the stock, which add up to the total.
  const lines: DeskItem[] = [
    ...(positions.withoutMonth && !new Decimal(positions.withoutMonth.netExposure).isZero()
      ? [
          {
            id: 'withoutMonth',
            title: '',
            titleKey: 'desk.line.withoutMonth',
            detail: positions.withoutMonth.netExposure,
          },
        ]
      : []),
    ...(new Decimal(positions.stock.netExposure).isZero()
      ? []
      : [{ id: 'stock', title: '', titleKey: 'desk.line.stock', detail: positions.stock.netExposure }]),
  ];
  const byMonth: DeskFigure = {
    key: 'exposure',
    count: open.length,
    total: positions.total.netExposure,
    ...screen,
    items: [...open.map(item), ...lines],
  };
  const largest: DeskFigure = {
    key: 'largestExposures',
    count: open.length,
    total: positions.total.netExposure,
    ...screen,
    items: [...open]
      .sort((a, b) => new Decimal(b.netExposure).abs().comparedTo(new Decimal(a.netExposure).abs()))
      .slice(0, DESK_LIST_SIZE)
      .map(item),
  };
  return { byMonth, largest };
}

/**
 * What waits for the user's approval: for each approval queue the user holds the approval on, the documents
 * in it their right reaches; a resource with an approval but no queue of the user's counts on its list.
 * Queues holding nothing are left out.
 */
async function approvalFigures(reader: Reader): Promise<DeskFigure[]> {
  const figures: DeskFigure[] = [];
  for (const served of servedResources()) {
    const workflow = served.decl.workflow;
    const approve = workflow?.approval?.approve;
    const code = workflow?.transitions.find((t) => t.action === approve)?.permission;
    if (!workflow || !code) continue;
    const awaiting = { [workflow.field]: awaitingApprovalStates(served.decl) };
    const queues = openableScreens(served.decl.key).filter(
      (route) => route.kind === 'approval' && permissionsOn(reader.grants, route.key).includes(code),
    );
    const screens =
      queues.length > 0 ? queues : [screenOf(reader.grants, served.decl.key, code, awaiting, 'approval')];
    for (const screen of screens) {
      if (!screen) continue;
      const figure = await recordFigure(reader, {
        key: 'approval',
        resourceKey: served.decl.key,
        code,
        filters: { ...screen.scope, ...awaiting },
        screen,
        detail: () => null,
      });
      if (figure && figure.count > 0) figures.push(figure);
    }
  }
  return figures;
}

export async function deskOf(reader: Reader, day: string): Promise<DeskAnswer> {
  const { grants } = reader;
  const present = (figures: (DeskFigure | undefined)[]) =>
    figures.filter((figure): figure is DeskFigure => figure !== undefined);
  const sections: DeskSection[] = [];
  const readsPositions =
    permissionsOn(grants, POSITIONS_SCREEN).includes('view') && !boundToOwnClients(grants);
  const exposure = readsPositions ? await exposureFigures(reader, day) : undefined;
  if (exposure) {
    reader.topics.add('pending/TradeTotal');
    reader.topics.add('pending/OrderTrade');
  }

  if (exposure) {
    const figures = present([
      exposure.byMonth,
      await recordFigure(reader, {
        key: 'fixingsDue',
        resourceKey: 'transactionContract',
        filters: {
          status: ['approved', 'executing'],
          pricingState: ['unpriced', 'partial'],
          fixingDeadline: { to: addDays(day, Number(await settingOn(reader.db, 'deskFixingDueDays', day))) },
        },
        sort: { field: 'fixingDeadline', order: 'asc' },
        tonnes: openTonnes,
        detail: (record) => text(record.fixingDeadline),
      }),
      await recordFigure(reader, {
        key: 'clientOrders',
        resourceKey: 'clientPriceOrder',
        filters: { status: ['pending'], validUntil: { from: day } },
        sort: { field: 'validUntil', order: 'asc' },
        tonnes: (record) => text(record.tonnage),
        detail: (record) => text(record.futuresMonth),
      }),
      await recordFigure(reader, {
        key: 'hedgeOrders',
        resourceKey: 'hedgeOrder',
        filters: { status: ['open'] },
        tonnes: (record) => text(record.tonnage),
        detail: (record) => text(record.futuresMonth),
      }),
    ]);
    sections.push({ key: 'trading', figures });
  }

  const warnings = await recordFigure(reader, {
    key: 'bandWarnings',
    resourceKey: 'priceWarning',
    filters: { status: ['open'] },
    sort: { field: 'raisedAt', order: 'desc' },
    detail: (record) => [text(record.futuresMonth), text(record.price)].filter(Boolean).join(' '),
  });
  if (warnings) sections.push({ key: 'risk', figures: present([warnings, exposure?.largest]) });

  // Whoever holds an approval anywhere has the section, empty when nothing waits.
  const approves = servedResources().some(({ decl }) => {
    const approve = decl.workflow?.approval?.approve;
    const code = decl.workflow?.transitions.find((t) => t.action === approve)?.permission;
    return code !== undefined && screenOf(grants, decl.key, code) !== undefined;
  });
  if (approves) sections.push({ key: 'approvals', figures: await approvalFigures(reader) });

  const warehouse = present([
    await recordFigure(reader, {
      key: 'receiptsExpiring',
      resourceKey: 'warehouseReceipt',
      filters: {
        status: ['registered', 'pledged', 'transferred'],
        validUntil: {
          from: day,
          to: addDays(day, Number(await settingOn(reader.db, 'deskReceiptExpiryDays', day))),
        },
      },
      sort: { field: 'validUntil', order: 'asc' },
      detail: (record) => text(record.validUntil),
    }),
    await recordFigure(reader, {
      key: 'batchesInTransit',
      resourceKey: 'batch',
      filters: { status: ['inTransit'] },
      tonnes: (record) => text(record.conditionedWeight),
      detail: (record) => text(record.conditionedWeight),
    }),
    await recordFigure(reader, {
      key: 'movementsInTransit',
      resourceKey: 'movement',
      filters: { status: ['inTransit'] },
      tonnes: (record) => text(record.conditionedWeight),
      detail: (record) => text(record.batchNo),
    }),
  ]);
  if (warehouse.length > 0) sections.push({ key: 'warehouse', figures: warehouse });

  return { day, sections, topics: [...reader.topics].sort() };
}

export function deskCalls(app: FastifyInstance, ctx: ServerContext) {
  defineCall(app, ctx, {
    path: DESK_PATH,
    // Every user has a desk; each figure checks its own right, and a user with none gets an empty desk.
    access: 'session',
    body: { type: 'object', properties: {} },
    handle: async ({ db, grants, session, now }) =>
      ok(
        await deskOf(
          { db, grants: await grants(), userId: session!.userId, timeZone: ctx.timeZone, topics: new Set() },
          formatDateTime(now, ctx.timeZone).slice(0, 10),
        ),
      ),
  });
}
