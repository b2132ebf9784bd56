import { configure, render, screen } from '@testing-library/react';
import { Drawer, Input, Modal, Select } from 'antd';
import '../test/jsdomPolyfills.ts';
import { initI18n } from './i18n.ts';
import { Providers } from './Providers.tsx';
import { createAppStore } from './store.ts';

configure({ asyncUtilTimeout: 15_000 });
beforeAll(() => initI18n('zh-chs'));

const renderInApp = (node: React.ReactNode) => render(<Providers store={createAppStore()}>{node}</Providers>);

test('inputs are clearable and selects filterable by default (spec 5)', async () => {
  renderInApp(
    <>
      <Input aria-label="name" defaultValue="abc" />
      <Select aria-label="kind" options={[{ value: 'a', label: 'A' }]} />
    </>,
  );
  const input = await screen.findByLabelText('name');
  expect(input.closest('.ant-input-affix-wrapper')?.querySelector('.ant-input-clear-icon')).not.toBeNull();
  expect(screen.getByRole('combobox', { name: 'kind' })).not.toHaveAttribute('readonly');
});

test('dialogs and drawers have no overlay by default (not modal, an outside click cannot close them)', async () => {
  renderInApp(
    <>
      <Modal open title="dialog" />
      <Drawer open title="drawer" />
    </>,
  );
  await screen.findAllByRole('dialog', { name: 'dialog' });
  await screen.findByText('drawer');
  expect(document.querySelector('.ant-modal-mask')).toBeNull();
  expect(document.querySelector('.ant-drawer-mask')).toBeNull();
});

test('the overlay check above can see an overlay when one is asked for', async () => {
  renderInApp(<Modal open mask={{ enabled: true }} title="masked" />);
  await screen.findAllByRole('dialog', { name: 'masked' });
  expect(document.querySelector('.ant-modal-mask')).not.toBeNull();
});
