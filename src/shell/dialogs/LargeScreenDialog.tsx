import { Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fiscalYearOf, fiscalYearOptions } from '../../shared/format/index.ts';
import type { DialogProps } from './ChangePasswordDialog.tsx';
import { NON_MODAL } from './feedback.ts';

export const largeScreenUrl = (fiscalYear: number) => `#/largeDataScreen?fiscalYear=${fiscalYear}`;

/** Opens the large data screen (a bare page) in a new browser tab for the chosen fiscal year. */
function openLargeScreen(fiscalYear: number) {
  const { origin, pathname, search } = window.location;
  window.open(`${origin}${pathname}${search}${largeScreenUrl(fiscalYear)}`, '_blank', 'noopener');
}

/**
 * Choose a fiscal year (FY+1, FY, FY−1, FY−2; required), then open the large data screen. The current
 * fiscal year is chosen to begin with: the first of the list is next year's, which has no business yet.
 */
export function LargeScreenDialog({ open, onClose }: DialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ fiscalYear?: number }>();
  // Computed on every render, not once: a session left open across 1 October gets the new year's options.
  const options = fiscalYearOptions().map((year) => ({
    value: year,
    label: t('dialogs.largeScreen.option', { year }),
  }));
  const submit = ({ fiscalYear }: { fiscalYear?: number }) => {
    if (fiscalYear === undefined) return;
    openLargeScreen(fiscalYear);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={t('dialogs.largeScreen.title')}
      okText={t('dialogs.largeScreen.ok')}
      cancelText={t('dialogs.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      {...NON_MODAL}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} clearOnDestroy>
        <Form.Item
          name="fiscalYear"
          initialValue={fiscalYearOf()}
          label={t('dialogs.largeScreen.fiscalYear')}
          rules={[{ required: true, message: t('dialogs.largeScreen.required') }]}
        >
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            options={options}
            placeholder={t('dialogs.largeScreen.placeholder')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
