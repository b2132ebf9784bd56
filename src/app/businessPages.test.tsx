// What areas add to the shared screens arrives with the area's chunk: the part renders once it has loaded.
import { render, screen } from '@testing-library/react';
import { ALL_RESOURCES } from '../areas/index.ts';
import { registeredResource } from '../framework/resource/index.ts';
import { extensionsOf } from '../framework/screens/extensions.ts';
import { businessRouteByKey } from '../shared/routes/businessRoutes.ts';
import { loadRouteDeclarations } from './areas.ts';
import { AREA_PARTS } from './businessPages.tsx';
import { initI18n } from './i18n.ts';

beforeAll(async () => {
  await initI18n('zh-chs');
  await loadRouteDeclarations(businessRouteByKey.get('ClientManage')!);
});

test("a client's detail offers the way to its records, a part of the sales area loaded when shown", async () => {
  const client = registeredResource('client')!;
  const Part = extensionsOf(client).detailParts!;
  render(<Part decl={client} record={{ id: '7', name: '无锡一棉纺织集团有限公司' }} />);
  const link = await screen.findByRole('link', { name: /客户资料/ });
  expect(link).toHaveAttribute(
    'href',
    `#/sales/ClientManageData/7/${encodeURIComponent('无锡一棉纺织集团有限公司')}`,
  );
});

test('every resource an area adds parts to is declared (a misspelt key would add nothing)', () => {
  const declared = new Set(ALL_RESOURCES.map((decl) => decl.key));
  expect(Object.keys(AREA_PARTS).filter((key) => !declared.has(key))).toEqual([]);
});
