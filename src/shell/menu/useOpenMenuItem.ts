import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../shared/api/contract.ts';
import { useShellNavigate } from '../../shared/hooks/useShellNavigate.ts';
import { isEmptyItem, isExternal } from './menuModel.ts';

/** Opens a menu item: http… in a new browser tab, an empty or unnamed item warns 临时菜单, else navigates. */
export function useOpenMenuItem() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const go = useShellNavigate();
  return (item: Pick<MenuItem, 'title' | 'path'>) => {
    if (isEmptyItem(item)) {
      void message.warning(t('menu.temporary'));
      return;
    }
    if (isExternal(item.path)) {
      window.open(item.path, '_blank', 'noopener');
      return;
    }
    go(item.path!);
  };
}
