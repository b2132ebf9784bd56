// What areas add to the shared screens arrives with the area's chunk: the part renders once it has loaded.
import { render, screen } from '@testing-library/react';
import { AREAS } from '../areas/index.ts';
import { registeredResource } from '../framework/resource/index.ts';
import { extensionsOf } from '../framework/screens/extensions.ts';
import { businessRoute } from '../shared/routes/catalogue.ts';
import { ALL_RESOURCES } from '../test/declarations.ts';
import { loadRouteDeclarations } from './areas.ts';
// What the areas' manifests add to the screens is registered when the business chunk loads.
import './businessPages.tsx';
import { initI18n } from './i18n.ts';

beforeAll(async () => {
  await initI18n('zh-chs');
  await loadRouteDeclarations(businessRoute('ClientManage')!);
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
  const extended = AREAS.flatMap((area) => Object.keys(area.parts ?? {}));
  expect(extended.filter((key) => !declared.has(key))).toEqual([]);
});
