// Adding a business area is its folder and one line in src/areas/index.ts: the app derives its route, its
// page, its declarations and its dictionaries' words from the manifest. Here the line is added to the list
// as the test loads it, for an area that exists only in the test (src/test/throwawayArea.ts).
import { screen, within } from '@testing-library/react';
import { mockResource } from '../framework/screens/testing/mockResource.ts';
import { mockState } from '../test/msw/fixtures.ts';
import { server, startMockServer } from '../test/msw/server.ts';
import { renderWithApp } from '../test/renderWithApp.tsx';
import { memo } from '../test/throwawayArea.ts';

vi.mock('../areas/index.ts', async (importOriginal) => {
  const listed = await importOriginal<typeof import('../areas/index.ts')>();
  const { area } = await import('../test/throwawayArea.ts');
  const { composeRoutes } = await import('../shared/routes/businessRoutes.ts');
  const { PLANNED_ROUTES } = await import('../areas/plannedRoutes.ts');
  const AREAS = [...listed.AREAS, area];
  return { AREAS, BUSINESS_ROUTES: composeRoutes(AREAS, PLANNED_ROUTES) };
});

startMockServer();

test("a new area's list screen opens at its route, each record linked to the area's detail route", async () => {
  mockState.dictionary.memoKind = [{ value: 'reminder', label: '提醒', sort: 1 }];
  server.use(
    ...mockResource(memo, [{ id: '1', text: '周五前确认库尔勒库容', kind: 'reminder' }], ['view']).handlers,
  );
  await renderWithApp({ path: '/pri/MemoList', loggedIn: true });
  const row = (await screen.findByText('周五前确认库尔勒库容')).closest('tr')!;
  expect(within(row).getByText('提醒')).toBeInTheDocument();
  const view = within(row)
    .getAllByRole('link')
    .find((link) => /查\s?看/.test(link.textContent ?? ''));
  expect(view).toHaveAttribute('href', `#/pri/MemoList/1/${encodeURIComponent('周五前确认库尔勒库容')}`);
});
