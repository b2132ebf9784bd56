import { CloseOutlined, DownOutlined } from '@ant-design/icons';
import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { horizontalListSortingStrategy, SortableContext, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { Button, Dropdown, type MenuProps, Space, Tabs } from 'antd';
import { cloneElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useDispatch } from 'react-redux';
import type { MenuGroup } from '../../shared/api/contract.ts';
import { useShellNavigate } from '../../shared/hooks/useShellNavigate.ts';
import { routeByKey } from '../../shared/routes/catalogue.ts';
import { routeTitleKey } from '../../shared/routes/routeRecords.ts';
import { isHome, type OpenedTab, TAB_ACTIONS } from './tabRules.ts';
import { tabMoved } from './tabsSlice.ts';
import { useTabActions } from './useTabActions.ts';

/** Home offers only refresh (spec 2.14). */
function actionItems(tab: OpenedTab | undefined, t: (key: string) => string): MenuProps['items'] {
  const actions = tab && isHome(tab) ? (['refresh'] as const) : TAB_ACTIONS;
  return actions.map((action) => ({ key: action, label: t(`tabs.${action}`) }));
}

function useTabTitle() {
  const { t } = useTranslation();
  return (tab: OpenedTab) => {
    const title = t(routeTitleKey(routeByKey(tab.name) ?? { key: tab.name }));
    return tab.params.name ? `${title} ${tab.params.name}` : title;
  };
}

interface DraggableTabProps {
  'data-node-key': string;
  children: ReactElement<{ style?: React.CSSProperties }>;
}

function DraggableTab({ 'data-node-key': key, children }: DraggableTabProps) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({ id: key });
  const style = { ...children.props.style, transform: CSS.Translate.toString(transform), transition };
  return cloneElement(children, { ref: setNodeRef, style, ...attributes, ...listeners } as object);
}

/** The strip of opened pages: close, context menu, drag to reorder, split button closing all. */
export function TabStrip({ menu }: { menu: MenuGroup[] }) {
  const { t } = useTranslation();
  const dispatch = useDispatch();
  const { opened, current, close, run } = useTabActions(menu);
  const titleOf = useTabTitle();
  const go = useShellNavigate();
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 8 } }));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (over && active.id !== over.id) dispatch(tabMoved({ from: String(active.id), to: String(over.id) }));
  };
  const currentTab = opened.find((tab) => tab.fullPath === current);

  const items = opened.map((tab) => ({
    key: tab.fullPath,
    closable: !isHome(tab),
    label: (
      <Dropdown
        trigger={['contextMenu']}
        menu={{
          items: actionItems(tab, t),
          onClick: ({ key, domEvent }) => {
            // The menu is portalled but React bubbles its click to the tab beneath, which would select it.
            domEvent.stopPropagation();
            run(key, tab.fullPath);
          },
        }}
      >
        <span>{titleOf(tab)}</span>
      </Dropdown>
    ),
  }));

  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '4px 8px 0' }}>
      <Tabs
        aria-label={t('tabs.label')}
        style={{ flex: 1, minWidth: 0 }}
        size="small"
        type="editable-card"
        hideAdd
        activeKey={currentTab?.fullPath}
        items={items}
        onChange={(key) => go(key)}
        onEdit={(key, action) => action === 'remove' && close(String(key))}
        removeIcon={<CloseOutlined aria-label={t('tabs.close')} />}
        renderTabBar={(props, DefaultTabBar) => (
          <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
            <SortableContext
              items={opened.map((tab) => tab.fullPath)}
              strategy={horizontalListSortingStrategy}
            >
              <DefaultTabBar {...props}>
                {(node) => (
                  <DraggableTab {...(node.props as DraggableTabProps)} key={node.key}>
                    {node as DraggableTabProps['children']}
                  </DraggableTab>
                )}
              </DefaultTabBar>
            </SortableContext>
          </DndContext>
        )}
      />
      <Space.Compact>
        <Button onClick={() => run('closeAll')}>{t('tabs.closeAll')}</Button>
        <Dropdown menu={{ items: actionItems(currentTab, t), onClick: ({ key }) => run(key) }}>
          <Button aria-label={t('tabs.more')} icon={<DownOutlined />} />
        </Dropdown>
      </Space.Compact>
    </div>
  );
}
