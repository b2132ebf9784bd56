import {
  BgColorsOutlined,
  DesktopOutlined,
  DownloadOutlined,
  ExclamationCircleOutlined,
  FileTextOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  SearchOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Button, Dropdown, Layout, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSelector } from 'react-redux';
import type { MenuItem } from '../../shared/api/contract.ts';
import { useShellNavigate } from '../../shared/hooks/useShellNavigate.ts';
import { tenant } from '../../shared/tenant/index.ts';
import { useLogoutConfirm } from '../dialogs/useLogoutConfirm.ts';
import { TopMenu } from '../menu/TopMenu.tsx';
import { MessageBell } from '../messages/MessageBell.tsx';
import { selectUser } from '../session/sessionSlice.ts';
import type { Theme } from '../settings/themes.ts';
import { useFullscreen } from '../settings/useFullscreen.ts';
import { isMobile } from './isMobile.ts';

export const HEADER_HEIGHT_PX = 56;

export interface AppHeaderProps {
  theme: Theme;
  collapsed: boolean;
  onToggleCollapse: () => void;
  menuTop: MenuItem[];
  activeGroup: string | undefined;
  onActivateGroup: (groupId: string) => void;
  onOpenSearch: () => void;
  onOpenSettings: () => void;
  onOpenDisclaimer: () => void;
  onOpenLargeScreen: () => void;
  onOpenChangePassword: () => void;
}

function HeaderButton({ label, icon, onClick }: { label: string; icon: ReactNode; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button type="text" aria-label={label} icon={icon} onClick={onClick} style={{ color: 'inherit' }} />
    </Tooltip>
  );
}

function UserMenu({ onOpenChangePassword }: { onOpenChangePassword: () => void }) {
  const { t } = useTranslation();
  const user = useSelector(selectUser);
  const confirmLogout = useLogoutConfirm();
  const hello = t('header.hello', { name: user?.relName ?? '' });
  if (isMobile) {
    // Mobile: a logout dialog instead of a dropdown (spec 2.1).
    return <HeaderButton label={t('header.logout')} icon={<LogoutOutlined />} onClick={confirmLogout} />;
  }
  const items = [
    { key: 'passwordEdit', label: t('header.passwordEdit'), onClick: onOpenChangePassword },
    { key: 'logout', label: t('header.logout'), onClick: confirmLogout },
  ];
  return (
    <Dropdown menu={{ items }}>
      <Button
        type="text"
        icon={<UserOutlined />}
        aria-label={t('header.userMenu')}
        style={{ color: 'inherit' }}
      >
        {hello}
      </Button>
    </Dropdown>
  );
}

function DesktopTools(props: AppHeaderProps) {
  const { t } = useTranslation();
  const go = useShellNavigate();
  const { fullscreen, toggle } = useFullscreen();
  return (
    <>
      <HeaderButton label={t('header.search')} icon={<SearchOutlined />} onClick={props.onOpenSearch} />
      <MessageBell />
      <HeaderButton
        label={fullscreen ? t('header.exitFullscreen') : t('header.fullscreen')}
        icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        onClick={toggle}
      />
      <HeaderButton
        label={t('header.download')}
        icon={<DownloadOutlined />}
        onClick={() => go('/index/download')}
      />
      <HeaderButton
        label={t('header.disclaimer')}
        icon={<ExclamationCircleOutlined />}
        onClick={props.onOpenDisclaimer}
      />
      <HeaderButton
        label={t('header.largeScreen')}
        icon={<DesktopOutlined />}
        onClick={props.onOpenLargeScreen}
      />
      {tenant.header.showLog && (
        <HeaderButton label={t('header.log')} icon={<FileTextOutlined />} onClick={() => go('/index/log')} />
      )}
      <HeaderButton label={t('header.settings')} icon={<BgColorsOutlined />} onClick={props.onOpenSettings} />
    </>
  );
}

/** The header (spec 2.1); on mobile only the logo, the menu toggle, the bell and logout remain. */
export function AppHeader(props: AppHeaderProps) {
  const { t } = useTranslation();
  const { theme, collapsed } = props;
  const logo = collapsed || isMobile ? tenant.assets.logoCollapsed : tenant.assets.logo;
  return (
    <Layout.Header
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 8,
        height: HEADER_HEIGHT_PX,
        paddingInline: 12,
        // Stays at the top while the page scrolls (with the tab strip below it).
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: theme.header,
        color: theme.headerText,
      }}
    >
      <img src={logo} alt={tenant.name} height={32} />
      <HeaderButton
        label={collapsed ? t('header.expand') : t('header.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={props.onToggleCollapse}
      />
      {isMobile ? (
        <span style={{ flex: 1 }} />
      ) : (
        <TopMenu items={props.menuTop} activeGroup={props.activeGroup} onActivate={props.onActivateGroup} />
      )}
      {isMobile ? <MessageBell /> : <DesktopTools {...props} />}
      <UserMenu onOpenChangePassword={props.onOpenChangePassword} />
    </Layout.Header>
  );
}
