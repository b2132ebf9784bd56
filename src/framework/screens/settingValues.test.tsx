// A setting's value reads as what it is: a dictionary entry in words, a percentage with its sign.
import { screen } from '@testing-library/react';
import { systemSetting } from '../../areas/settings/index.ts';
import { mockState } from '../../test/msw/fixtures.ts';
import { server, startMockServer } from '../../test/msw/server.ts';
import { ResourceList } from './ResourceList.tsx';
import { mockResource } from './testing/mockResource.ts';
import { renderResource } from './testing/render.tsx';

startMockServer();
vi.setConfig({ testTimeout: 60_000 });

test('the settings list shows a scheme in words and a tax rate with its percent sign', async () => {
  mockState.privileges.systemSetting = ['view'];
  mockState.dictionary.commissionScheme = [
    { value: 'perTonne', label: '按吨计提', sort: 1 },
    { value: 'profitShare', label: '按利润分成', sort: 2 },
  ];
  mockState.dictionary.settingKey = [
    { value: 'commissionScheme', label: '佣金计提方式', sort: 1 },
    { value: 'vatLintPercent', label: '皮棉增值税率', sort: 2 },
  ];
  const rows = [
    { id: '1', settingKey: 'commissionScheme', value: 'perTonne', effectiveFrom: '2026-11-01' },
    { id: '2', settingKey: 'vatLintPercent', value: '9', effectiveFrom: '2026-11-01' },
  ];
  server.use(...mockResource(systemSetting, rows).handlers);
  renderResource(<ResourceList decl={systemSetting} />);
  expect(await screen.findByText('按吨计提')).toBeInTheDocument();
  expect(screen.getByText('9%')).toBeInTheDocument();
  expect(screen.queryByText('perTonne')).not.toBeInTheDocument();
});
