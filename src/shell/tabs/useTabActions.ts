import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import type { MenuGroup } from '../../shared/api/contract.ts';
import { useShellNavigate } from '../../shared/hooks/useShellNavigate.ts';
import { scheduleLanding } from './closeAllLanding.ts';
import { applyTabAction, closeTab, HOME_PATH, isTabAction } from './tabRules.ts';
import { selectOpenedTabs, tabsChanged } from './tabsSlice.ts';

/** The tab strip's commands: close one tab, or run a context-menu action on a tab (spec 2.14, 4.1). */
export function useTabActions(menu: MenuGroup[]) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const dispatch = useDispatch();
  const opened = useSelector(selectOpenedTabs);
  const { pathname, search } = useLocation();
  const current = pathname + search;
  const go = useShellNavigate();

  // Drawn at once, not as a transition: were the closed path opened again before the transition rendered,
  // the location would seem unchanged and that page would stay without its tab (blank).
  const leaveFor = (path: string | undefined) => path && go(path, { flushSync: true });

  const close = (fullPath: string) => {
    const change = closeTab(opened, fullPath, current);
    dispatch(tabsChanged(change.opened));
    leaveFor(change.navigateTo);
  };

  const run = (action: string, pivot: string = current) => {
    if (!isTabAction(action)) {
      void message.error(t('tabs.invalidAction'));
      return;
    }
    const change = applyTabAction(action, opened, pivot, current);
    dispatch(tabsChanged(change.opened));
    leaveFor(change.navigateTo);
    if (action === 'closeAll') scheduleLanding(menu, go);
  };

  return { opened, current, close, run, home: HOME_PATH };
}
