// A business area that is no part of the product, made for the tests that add an area (src/app/newArea.test.tsx,
// server/areas/newArea.test.ts): what a new area's folder holds on the client — its manifest (routes,
// dictionaries, the loader of its declarations) and a declaration — written here instead of in the tree.
import { type AreaManifest, defineArea, entries } from '../framework/resource/area.ts';
import { defineResource } from '../framework/resource/index.ts';
import { type BusinessRoute, shell } from '../shared/routes/routeRecords.ts';

/** A note kept on the trading desk: one list screen and its detail. */
export const memo = defineResource({
  key: 'memo',
  area: 'pri',
  resource: 'MemoList',
  title: 'memos:route.MemoList',
  titleField: 'text',
  fields: {
    text: { type: 'text', rules: [{ kind: 'required' }, { kind: 'maxLength', value: 100 }] },
    kind: { type: 'enum', dictionary: 'memoKind', rules: [{ kind: 'required' }] },
  },
  list: { columns: ['text', 'kind'], filters: ['kind'] },
  form: { fields: ['text', 'kind'] },
  permissions: { view: 'view', create: 'create', edit: 'edit', export: 'export' },
});

const routes: readonly BusinessRoute[] = [
  shell('MemoList', '/pri/MemoList', 'list', 'memo'),
  shell('MemoDetail', '/pri/MemoList/:id/:name', 'detail', 'memo'),
];

export const area: AreaManifest = {
  key: 'memos',
  routes,
  dictionaries: {
    memoKind: entries([
      ['reminder', '提醒'],
      ['decision', '决定'],
    ]),
  },
  declarations: async () => memosArea,
};

export const memosArea = defineArea(area, { resources: [memo] });
