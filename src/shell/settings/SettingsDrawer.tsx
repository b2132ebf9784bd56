import { ColorPicker, Drawer, Flex, Form, Radio, Segmented, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { COMPONENT_SIZES, type ComponentSize, LOCALES, type Locale } from '../../shared/constants.ts';
import { changeLocale } from './locale.ts';
import {
  asideCollapseToggled,
  asideTransitionToggled,
  colorChanged,
  selectSettings,
  themeChanged,
  transitionToggled,
} from './settingsSlice.ts';
import { THEMES, type Theme } from './themes.ts';

export interface SettingsDrawerProps {
  open: boolean;
  onClose: () => void;
  /** Size changes clear the page cache and reload through /refresh, which the layout does. */
  onSizeChange: (size: ComponentSize) => void;
}

function ThemePreview({ theme }: { theme: Theme }) {
  return (
    <span
      aria-hidden
      style={{
        display: 'inline-flex',
        width: 36,
        height: 24,
        border: '1px solid #d9d9d9',
        marginInlineEnd: 8,
        verticalAlign: 'middle',
      }}
    >
      <span style={{ width: 10, background: theme.sider }} />
      <span style={{ flex: 1, display: 'flex', flexDirection: 'column' }}>
        <span style={{ height: 7, background: theme.header }} />
        <span style={{ flex: 1, background: theme.backgroundImage ?? theme.layout }} />
      </span>
    </span>
  );
}

/** Display settings (spec 4.2): theme, colour, size, language, side-menu and transition toggles. */
export function SettingsDrawer({ open, onClose, onSizeChange }: SettingsDrawerProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useDispatch();
  const settings = useSelector(selectSettings);
  return (
    <Drawer open={open} onClose={onClose} title={t('settings.title')} size={360}>
      <Form layout="vertical">
        <Form.Item label={t('settings.theme')}>
          <Radio.Group
            name="theme"
            value={settings.theme}
            onChange={(event) => dispatch(themeChanged(event.target.value))}
          >
            <Flex vertical gap={6}>
              {THEMES.map((theme) => (
                <Radio key={theme.name} value={theme.name}>
                  <ThemePreview theme={theme} />
                  {t(`theme.${theme.name}`)}
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>
        <Form.Item label={t('settings.color')}>
          <ColorPicker
            value={settings.color}
            allowClear
            showText
            aria-label={t('settings.color')}
            onChangeComplete={(color) => dispatch(colorChanged(color.toHexString()))}
            onClear={() => dispatch(colorChanged(null))}
          />
        </Form.Item>
        <Form.Item label={t('settings.size')}>
          <Segmented<ComponentSize>
            name="size"
            value={settings.size}
            options={COMPONENT_SIZES.map((size) => ({ value: size, label: t(`size.${size}`) }))}
            onChange={onSizeChange}
          />
        </Form.Item>
        <Form.Item label={t('settings.language')}>
          <Select<Locale>
            aria-label={t('settings.language')}
            value={i18n.language as Locale}
            allowClear={false}
            options={LOCALES.map((locale) => ({ value: locale, label: t(`locale.${locale}`) }))}
            onChange={(locale) => void changeLocale(locale)}
          />
        </Form.Item>
        <Form.Item label={t('settings.asideCollapse')}>
          <Switch
            aria-label={t('settings.asideCollapse')}
            checked={settings.asideCollapse}
            onChange={() => dispatch(asideCollapseToggled())}
          />
        </Form.Item>
        <Form.Item label={t('settings.asideTransition')}>
          <Switch
            aria-label={t('settings.asideTransition')}
            checked={settings.asideTransition}
            onChange={() => dispatch(asideTransitionToggled())}
          />
        </Form.Item>
        <Form.Item label={t('settings.transition')}>
          <Switch
            aria-label={t('settings.transition')}
            checked={settings.transition}
            onChange={() => dispatch(transitionToggled())}
          />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
