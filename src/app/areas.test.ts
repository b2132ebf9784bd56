// The areas as the app loads them: a screen registers its own area's declarations; another area's arrive
// when the screen reads them (a reference field, a template's document), and the operation record, which
// names every area's commands and resources, loads them all. The tests run in this order: the registry is
// the app's own, filled as screens open.
import i18next from 'i18next';
import { documentPlaceholders } from '../areas/settings/printDocuments.ts';
import { loadResources, referencedKey, registeredResource } from '../framework/resource/index.ts';
import { dictionaryWord } from '../framework/screens/dictionaryWords.ts';
import { businessRoute } from '../shared/routes/catalogue.ts';
import { loadRouteDeclarations } from './areas.ts';
import { initI18n } from './i18n.ts';

const routeNamed = (key: string) => businessRoute(key)!;

beforeAll(async () => {
  await initI18n('en');
});

test("a screen registers its own area's declarations and words, not another area's", async () => {
  await loadRouteDeclarations(routeNamed('ClientMargin'));
  expect(registeredResource('clientMarginMovement')?.namespace).toBe('margin');
  expect(i18next.hasLoadedNamespace('margin')).toBe(true);
  expect(registeredResource('transactionContract')).toBeUndefined();
  expect(i18next.hasLoadedNamespace('contracts')).toBe(false);
});

test("a reference field's resource loads its area when its choices are asked for", async () => {
  const movement = registeredResource('clientMarginMovement')!;
  const contract = Object.values(movement.fields).find(
    (field) => field.type === 'reference' && field.resource === 'transactionContract',
  )!;
  await loadResources([referencedKey(contract)!]);
  expect(registeredResource('transactionContract')?.namespace).toBe('contracts');
  expect(i18next.hasLoadedNamespace('contracts')).toBe(true);
  expect(registeredResource('futuresTrade')).toBeUndefined();
});

test('a template screen loads the declarations of the documents it prints', async () => {
  expect(registeredResource('warehouseReceipt')).toBeUndefined();
  await loadRouteDeclarations(routeNamed('contractTemplate'));
  expect(registeredResource('warehouseReceipt')).toBeDefined();
  expect(documentPlaceholders('purchase').map((placeholder) => placeholder.name)).toContain('contractNo');
  expect(registeredResource('futuresTrade')).toBeUndefined();
});

test("the operation record loads every area: a module's word reads in English", async () => {
  const stored = { value: 'futuresTrade', label: '成交记录', sort: 1 };
  expect(dictionaryWord('operationModule', stored, i18next.t, 'en')).toBe('成交记录');
  await loadRouteDeclarations(routeNamed('operationRecordList'));
  const trade = registeredResource('futuresTrade')!;
  expect(dictionaryWord('operationModule', stored, i18next.t, 'en')).toBe(i18next.t(trade.title as string));
  expect(dictionaryWord('operationModule', stored, i18next.t, 'en')).toMatch(/^[A-Za-z]/);
});
