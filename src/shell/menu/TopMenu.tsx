import { Menu } from 'antd';
import { useTranslation } from 'react-i18next';
import type { MenuItem } from '../../shared/api/contract.ts';
import { useOpenMenuItem } from './useOpenMenuItem.ts';

export interface TopMenuProps {
  items: MenuItem[];
  activeGroup: string | undefined;
  onActivate: (groupId: string) => void;
}

/** Header items: activating one shows its group in the side menu and opens its page when it has one. */
export function TopMenu({ items, activeGroup, onActivate }: TopMenuProps) {
  const { t } = useTranslation();
  const open = useOpenMenuItem();
  return (
    <Menu
      aria-label={t('menu.topLabel')}
      mode="horizontal"
      items={items.filter((item) => !item.hidden).map((item) => ({ key: item.id, label: item.title }))}
      selectedKeys={activeGroup ? [activeGroup] : []}
      onClick={({ key }) => {
        onActivate(key);
        const item = items.find((i) => i.id === key);
        if (item?.path) open(item);
      }}
      style={{ flex: 1, minWidth: 0, borderBottom: 0, background: 'transparent', lineHeight: '56px' }}
    />
  );
}
