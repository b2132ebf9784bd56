import { App as AntdApp, theme as antdTheme, ConfigProvider } from 'antd';
import type { Locale as AntdLocale } from 'antd/es/locale';
import enUS from 'antd/locale/en_US';
import jaJP from 'antd/locale/ja_JP';
import zhCN from 'antd/locale/zh_CN';
import zhTW from 'antd/locale/zh_TW';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { registerNotifier } from '../api/notifier.ts';
import type { Locale } from '../shared/constants.ts';
import { currentLocale } from '../shell/settings/locale.ts';
import { selectSettings } from '../shell/settings/settingsSlice.ts';
import { SIZE_TOKENS } from '../shell/settings/sizes.ts';
import { themeByName } from '../shell/settings/themes.ts';
import { useAppSelector } from './hooks.ts';

const ANTD_LOCALES: Record<Locale, AntdLocale> = { 'zh-chs': zhCN, 'zh-cht': zhTW, en: enUS, ja: jaJP };

/** Spec 5 defaults: dialogs and drawers without overlay that an outside click never closes; clearable inputs, filterable selects. */
const NO_MASK = { enabled: false, closable: false } as const;

/** Lets the request layer show messages through the themed antd App. */
function NotifierBridge() {
  const { message } = AntdApp.useApp();
  useEffect(() => {
    registerNotifier({
      error: (text) => void message.error(text),
      warning: (text) => void message.warning(text),
    });
    return () => registerNotifier(null);
  }, [message]);
  return null;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/** Whether the system asks for less motion; antd then opens and closes without animating. */
function usePrefersReducedMotion(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia?.(REDUCED_MOTION);
      query?.addEventListener('change', changed);
      return () => query?.removeEventListener('change', changed);
    },
    () => window.matchMedia?.(REDUCED_MOTION).matches ?? false,
  );
}

/** antd with the user's theme, colour, size and locale, plus the notifier; loaded apart from the first bundle. */
export default function AntdProviders({ children }: { children: ReactNode }) {
  const settings = useAppSelector(selectSettings);
  const { i18n } = useTranslation();
  const locale = ANTD_LOCALES[currentLocale()] ?? zhCN;
  const theme = themeByName(settings.theme);
  const reducedMotion = usePrefersReducedMotion();
  useEffect(() => {
    document.documentElement.style.setProperty('--progress-color', settings.color);
  }, [settings.color]);
  return (
    <ConfigProvider
      key={i18n.language}
      locale={locale}
      componentSize={settings.size === 'mini' ? 'small' : 'middle'}
      theme={{
        algorithm: theme.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
        token: { colorPrimary: settings.color, ...SIZE_TOKENS[settings.size], motion: !reducedMotion },
      }}
      modal={{ mask: NO_MASK }}
      drawer={{ mask: NO_MASK }}
      input={{ allowClear: true }}
      select={{ allowClear: true, showSearch: true }}
    >
      <AntdApp>
        <NotifierBridge />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
