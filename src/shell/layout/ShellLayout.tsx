import { Card, Layout } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { useRecordChangesOfOtherWindows } from '../../framework/screens/recordChanges.ts';
import type { MenuGroup } from '../../shared/api/contract.ts';
import { ASIDE_COLLAPSED_WIDTH_PX, ASIDE_WIDTH_PX, type ComponentSize } from '../../shared/constants.ts';
import { useShellNavigate } from '../../shared/hooks/useShellNavigate.ts';
import { ChangePasswordDialog } from '../dialogs/ChangePasswordDialog.tsx';
import { DisclaimerDialog } from '../dialogs/DisclaimerDialog.tsx';
import { LargeScreenDialog } from '../dialogs/LargeScreenDialog.tsx';
import { TemporaryPasswordChange } from '../dialogs/TemporaryPasswordChange.tsx';
import { groupOfPath, routeOfPath } from '../menu/menuModel.ts';
import { SideMenu } from '../menu/SideMenu.tsx';
import { useMenuData } from '../menu/useMenuData.ts';
import { useSearchHotkey } from '../menu/useSearchHotkey.ts';
import { MessageSocket } from '../messages/MessageSocket.tsx';
import { NotificationPopup } from '../messages/NotificationPopup.tsx';
import { useMenuQuery } from '../session/sessionApi.ts';
import { selectUser } from '../session/sessionSlice.ts';
import { asideCollapseToggled, selectSettings, sizeChanged } from '../settings/settingsSlice.ts';
import { themeByName } from '../settings/themes.ts';
import { KeepAlive, type PageOf } from '../tabs/KeepAlive.tsx';
import { TabStrip } from '../tabs/TabStrip.tsx';
import { cacheCleared, selectOpenedTabs } from '../tabs/tabsSlice.ts';
import { useTabSync } from '../tabs/useTabSync.ts';
import { ShellWatermark } from '../watermark/ShellWatermark.tsx';
import { AppHeader, HEADER_HEIGHT_PX } from './AppHeader.tsx';
import { isMobile } from './isMobile.ts';

const MenuSearch = lazy(() => import('../menu/MenuSearch.tsx'));
// The settings drawer (colour picker, sliders) loads when first opened, not with every screen.
const SettingsDrawer = lazy(() =>
  import('../settings/SettingsDrawer.tsx').then((m) => ({ default: m.SettingsDrawer })),
);

/** The header group shown: the one the path belongs to, else the one last chosen, else the first. */
function useActiveGroup(menu: MenuGroup[], pathname: string) {
  const [chosen, setChosen] = useState<string>();
  const fromPath = groupOfPath(menu, pathname);
  useEffect(() => {
    if (fromPath) setChosen(fromPath);
  }, [fromPath]);
  return [chosen ?? fromPath ?? menu[0]?.id, setChosen] as const;
}

/** Search state: opened by `s`, closed by `esc` and by every navigation (spec 2.13). */
function useSearchState(locationKey: string) {
  const [open, setOpen] = useState(false);
  const show = useCallback(() => setOpen(true), []);
  const hide = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (locationKey) setOpen(false);
  }, [locationKey]);
  useSearchHotkey(show, hide);
  return { open, show, hide };
}

/** Side menu collapse: saved per user on desktop; on mobile the menu starts hidden (0 px). */
function useCollapse() {
  const dispatch = useDispatch();
  const { asideCollapse } = useSelector(selectSettings);
  const [mobileHidden, setMobileHidden] = useState(true);
  return isMobile
    ? { collapsed: mobileHidden, toggle: () => setMobileHidden((hidden) => !hidden) }
    : { collapsed: asideCollapse, toggle: () => dispatch(asideCollapseToggled()) };
}

const PAGE_ENTER: Keyframe[] = [
  { opacity: 0, transform: 'translateX(-12px)' },
  { opacity: 1, transform: 'none' },
];

/** Plays the page-enter animation on each navigation while the transition setting is on. */
function usePageTransition(current: string, enabled: boolean) {
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (enabled && current) area.current?.animate?.(PAGE_ENTER, { duration: 300, easing: 'ease-out' });
  }, [current, enabled]);
  return area;
}

/** A session that ends while in the shell (401, logout) leaves for the login page. */
function useLeaveWhenSessionEnds(hasUser: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!hasUser) navigate('/login', { replace: true });
  }, [hasUser, navigate]);
}

/**
 * The shell, or only the change of a temporary password while the user still has one (the server answers
 * nothing else; a reload before the change lands here).
 */
export function ShellLayout({ pageOf }: { pageOf: PageOf }) {
  const { data } = useMenuQuery();
  if (data?.passwordTemporary)
    return (
      <main style={{ display: 'grid', placeItems: 'center', minHeight: '100vh', padding: 16 }}>
        <Card style={{ width: 420, maxWidth: '100%' }}>
          <TemporaryPasswordChange />
        </Card>
      </main>
    );
  return <Shell pageOf={pageOf} />;
}

/** The shell (spec 2.1): header, side menu, tab strip and the pages, under the user's watermark. */
function Shell({ pageOf }: { pageOf: PageOf }) {
  useTabSync();
  useRecordChangesOfOtherWindows();
  const dispatch = useDispatch();
  const location = useLocation();
  const current = location.pathname + location.search;
  const go = useShellNavigate();
  const settings = useSelector(selectSettings);
  const user = useSelector(selectUser);
  useLeaveWhenSessionEnds(user !== null);
  const generation = useSelector(selectOpenedTabs).find((tab) => tab.fullPath === current)?.generation ?? 0;
  const theme = themeByName(settings.theme);
  const { menu, menuTop } = useMenuData();
  const [activeGroup, setActiveGroup] = useActiveGroup(menu, location.pathname);
  const search = useSearchState(location.key);
  const { collapsed, toggle } = useCollapse();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  const [disclaimerOpen, setDisclaimerOpen] = useState(false);
  const [largeScreenOpen, setLargeScreenOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const pageArea = usePageTransition(current, settings.transition);

  // A size change clears the page cache and reloads through /refresh (spec 4.1).
  const changeSize = (size: ComponentSize) => {
    dispatch(sizeChanged(size));
    dispatch(cacheCleared());
    go('/refresh', { replace: true, state: { from: current } });
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <AppHeader
        theme={theme}
        collapsed={collapsed}
        onToggleCollapse={toggle}
        menuTop={menuTop}
        activeGroup={activeGroup}
        onActivateGroup={setActiveGroup}
        onOpenSearch={search.show}
        onOpenSettings={() => {
          setSettingsOpen(true);
          setSettingsOpened(true);
        }}
        onOpenDisclaimer={() => setDisclaimerOpen(true)}
        onOpenLargeScreen={() => setLargeScreenOpen(true)}
        onOpenChangePassword={() => setPasswordOpen(true)}
      />
      <Layout>
        <Layout.Sider
          width={ASIDE_WIDTH_PX}
          collapsedWidth={isMobile ? 0 : ASIDE_COLLAPSED_WIDTH_PX}
          collapsed={collapsed}
          trigger={null}
          theme={theme.dark ? 'dark' : 'light'}
          style={{
            background: theme.sider,
            transition: settings.asideTransition ? undefined : 'none',
            position: 'sticky',
            top: HEADER_HEIGHT_PX,
            height: `calc(100vh - ${HEADER_HEIGHT_PX}px)`,
            overflowY: 'auto',
          }}
        >
          <SideMenu
            group={menu.find((g) => g.id === activeGroup)}
            routeKey={routeOfPath(location.pathname)?.key}
            collapsed={collapsed}
          />
        </Layout.Sider>
        <Layout.Content style={{ background: theme.backgroundImage ?? theme.layout, minWidth: 0 }}>
          <div
            style={{
              position: 'sticky',
              top: HEADER_HEIGHT_PX,
              zIndex: 99,
              background: theme.layout,
            }}
          >
            <TabStrip menu={menu} />
          </div>
          <ShellWatermark>
            <div ref={pageArea} style={{ padding: 16, minHeight: 'calc(100vh - 120px)' }}>
              <KeepAlive current={current} pageOf={pageOf} />
              <Outlet key={`${current}#${generation}`} />
            </div>
          </ShellWatermark>
        </Layout.Content>
      </Layout>
      {search.open && (
        <Suspense>
          <MenuSearch open menu={menu} onClose={search.hide} />
        </Suspense>
      )}
      {settingsOpened && (
        <Suspense>
          <SettingsDrawer
            open={settingsOpen}
            onClose={() => setSettingsOpen(false)}
            onSizeChange={changeSize}
          />
        </Suspense>
      )}
      <DisclaimerDialog open={disclaimerOpen} onClose={() => setDisclaimerOpen(false)} />
      <LargeScreenDialog open={largeScreenOpen} onClose={() => setLargeScreenOpen(false)} />
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <MessageSocket userId={user?.id} />
      {!isMobile && <NotificationPopup isMobile={false} />}
    </Layout>
  );
}
