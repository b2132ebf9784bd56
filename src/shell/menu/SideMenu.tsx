import { Menu, type MenuProps } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuGroup, MenuItem } from '../../shared/api/contract.ts';
import { useOpenMenuItem } from './useOpenMenuItem.ts';

type AntdItems = NonNullable<MenuProps['items']>;

interface Built {
  items: AntdItems;
  /** antd key → the menu item it stands for. */
  byKey: Map<string, MenuItem>;
}

/** Keys of the submenus holding a leaf with this id, so the page in view shows in an open submenu. */
const ancestorsOf = (selected: string[]) =>
  selected.flatMap((key) =>
    key
      .split('-')
      .slice(1, -1)
      .map((_, i, parts) => `side-${parts.slice(0, i + 1).join('-')}`),
  );

/** antd items with keys unique by position (a route may appear twice in a menu). */
function buildItems(items: MenuItem[], prefix: string, byKey: Map<string, MenuItem>): AntdItems {
  return items
    .filter((item) => !item.hidden)
    .map((item, index) => {
      const key = `${prefix}${index}`;
      byKey.set(key, item);
      const label = item.title || '-';
      return item.children?.length
        ? { key, label, children: buildItems(item.children, `${key}-`, byKey) }
        : { key, label };
    });
}

function useBuilt(group: MenuGroup | undefined): Built {
  return useMemo(() => {
    const byKey = new Map<string, MenuItem>();
    return { items: group ? buildItems(group.menu, 'side-', byKey) : [], byKey };
  }, [group]);
}

export interface SideMenuProps {
  group: MenuGroup | undefined;
  /** The route key in view: leaves with this id are selected. */
  routeKey: string | undefined;
  collapsed: boolean;
}

/** The side menu of the active header group; leaf ids are route keys (spec 2.1). */
export function SideMenu(props: SideMenuProps) {
  return <GroupMenu key={props.group?.id} {...props} />;
}

/**
 * One group's menu. The submenu holding the page in view opens whenever a page is opened (by the menu, a
 * tab, a link or the address), so staff see where they are; submenus they opened or closed stay so.
 */
function GroupMenu({ group, routeKey, collapsed }: SideMenuProps) {
  const { t } = useTranslation();
  const { items, byKey } = useBuilt(group);
  const open = useOpenMenuItem();
  const selectedKeys = [...byKey].filter(([, item]) => routeKey && item.id === routeKey).map(([key]) => key);
  const ancestors = ancestorsOf(selectedKeys).join(' ');
  const [openKeys, setOpenKeys] = useState<string[]>([]);
  useEffect(() => {
    if (ancestors) setOpenKeys((keys) => [...new Set([...keys, ...ancestors.split(' ')])]);
  }, [ancestors]);
  return (
    <Menu
      aria-label={t('menu.label')}
      mode="inline"
      inlineCollapsed={collapsed}
      items={items}
      selectedKeys={selectedKeys}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={({ key }) => {
        const item = byKey.get(key);
        if (item) open(item);
      }}
      style={{ borderInlineEnd: 0, background: 'transparent' }}
    />
  );
}
