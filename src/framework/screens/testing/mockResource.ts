// An in-memory resource behind msw for component tests: the generic calls of wire.ts, answered the way
// the server's generic handlers must (filters, paging, sort, validation with field errors, transitions).

import Decimal from 'decimal.js';
import { HttpResponse, http } from 'msw';
import { mockState } from '../../../test/msw/fixtures.ts';
import {
  checkTransition,
  type FilterValue,
  type HistoryEntry,
  listFilters,
  parseListRequest,
  parseSaveRequest,
  type ResourceDecl,
  recordActions,
  resourcePath,
  stateOf,
  validateRecord,
} from '../../resource/index.ts';

type Row = { id: string } & Record<string, unknown>;

export interface MockResource {
  rows: Row[];
  history: Record<string, HistoryEntry[]>;
  /** Form bodies received, per verb, in order. */
  calls: Record<string, URLSearchParams[]>;
  /** Permission codes the mock server grants for transitions. */
  permissions: string[];
  /** Text per field the server answers a save with (code 400), overriding validation. */
  rejectSave?: Record<string, string>;
  /** The message the server refuses every delete with (code 400). */
  rejectDelete?: string;
  /** Ids of the records the user submitted (four eyes: no decision on them is offered). */
  submittedByUser: string[];
}

const ok = (data: unknown) => HttpResponse.json({ code: 200, msg: 'success', data });
const bad = (msg: string, data?: unknown) => HttpResponse.json({ code: 400, msg, data });

function matches(decl: ResourceDecl, row: Row, filters: Readonly<Record<string, FilterValue>>): boolean {
  const ops = new Map(listFilters(decl).map((f) => [f.key, f.op]));
  return Object.entries(filters).every(([key, wanted]) => {
    const value = String(row[key] ?? '');
    if (Array.isArray(wanted)) return wanted.includes(value);
    if (typeof wanted === 'object') {
      const range = wanted as { from?: string; to?: string };
      return (!range.from || value >= range.from) && (!range.to || value <= range.to);
    }
    return ops.get(key) === 'like' ? value.includes(String(wanted)) : value === wanted;
  });
}

function compare(a: unknown, b: unknown): number {
  const [x, y] = [Number(a), Number(b)];
  return Number.isNaN(x) || Number.isNaN(y) ? String(a).localeCompare(String(b)) : x - y;
}

export function mockResource(decl: ResourceDecl, rows: Row[], permissions: string[] = []) {
  const state: MockResource = { rows: [...rows], history: {}, calls: {}, permissions, submittedByUser: [] };
  // As the server: each record says what the user may do to it, by the codes the privilege call answers.
  const held = (code: string) =>
    state.permissions.includes(code) || (mockState.privileges[decl.key] ?? []).includes(code);
  const answered = (row: Row): Row => ({
    ...row,
    allowed: recordActions(decl, row, held, state.submittedByUser.includes(row.id)),
  });
  const route = (verb: Parameters<typeof resourcePath>[1], answer: (form: URLSearchParams) => Response) =>
    http.post(resourcePath(decl, verb), async ({ request }) => {
      const form = new URLSearchParams(await request.text());
      state.calls[verb] = [...(state.calls[verb] ?? []), form];
      return answer(form);
    });
  const byId = (id: string | null) => state.rows.find((row) => row.id === id);

  const list = (form: URLSearchParams) => {
    const query = parseListRequest(decl, form);
    const found = state.rows.filter((row) => matches(decl, row, query.filters));
    if (query.sort) {
      const { field, order } = query.sort;
      found.sort((a, b) => compare(a[field], b[field]) * (order === 'asc' ? 1 : -1));
    }
    const records = found.slice((query.pageNo - 1) * query.size, query.pageNo * query.size);
    // As the server: the declared totals over every row the filter matches.
    const totals = decl.list.totals?.map((key) => [
      key,
      found.reduce((sum, row) => sum.plus(String(row[key] ?? 0)), new Decimal(0)).toString(),
    ]);
    return ok({
      records: records.map(answered),
      total: found.length,
      pages: Math.ceil(found.length / query.size),
      size: query.size,
      ...(totals ? { totals: Object.fromEntries(totals) } : {}),
    });
  };

  const save = (form: URLSearchParams) => {
    const input = parseSaveRequest(decl, form);
    const problems = validateRecord(decl, input);
    const fields = state.rejectSave ?? Object.fromEntries(problems.map((p) => [p.field, p.message]));
    if (Object.keys(fields).length > 0) return bad(Object.values(fields)[0]!, { fields });
    const existing = byId(String(input.id ?? ''));
    const saved = { ...existing, ...input, id: existing?.id ?? String(state.rows.length + 1) } as Row;
    state.rows = existing ? state.rows.map((r) => (r.id === saved.id ? saved : r)) : [...state.rows, saved];
    return ok(saved);
  };

  const transition = (form: URLSearchParams) => {
    const ids = form.getAll('id');
    const request = { action: form.get('action') ?? '', comment: form.get('comment') ?? undefined };
    const targets = ids.map((id) => byId(id));
    const checks = targets.map(
      (row) => row && checkTransition(decl, stateOf(decl, row) ?? '', request, state.permissions),
    );
    // All or nothing: one refused document refuses the whole command.
    if (checks.some((check) => !check?.ok)) return bad('illegal transition');
    const field = decl.workflow!.field;
    const changed = targets.map((row, i) => {
      const check = checks[i] as Extract<NonNullable<(typeof checks)[number]>, { ok: true }>;
      const entry: HistoryEntry = {
        id: `${row!.id}-${(state.history[row!.id] ?? []).length + 1}`,
        action: request.action,
        fromState: String(row![field]),
        toState: check.transition.to,
        userName: '张三',
        time: '2026-11-21 10:00:00',
        comment: request.comment ?? null,
      };
      state.history[row!.id] = [...(state.history[row!.id] ?? []), entry];
      return { ...row!, [field]: check.transition.to };
    });
    state.rows = state.rows.map((row) => changed.find((c) => c.id === row.id) ?? row);
    return ok(changed);
  };

  const handlers = [
    route('list', list),
    route('detail', (form) => {
      const row = byId(form.get('id'));
      return ok(row ? answered(row) : null);
    }),
    route('history', (form) => ok(state.history[form.get('id') ?? ''] ?? [])),
    route('save', save),
    route('delete', (form) => {
      if (state.rejectDelete) return bad(state.rejectDelete);
      const ids = form.getAll('id');
      state.rows = state.rows.filter((row) => !ids.includes(row.id));
      return ok(null);
    }),
    route('transition', transition),
  ];
  return { state, handlers };
}
