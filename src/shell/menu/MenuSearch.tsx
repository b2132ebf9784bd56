import { Button, Empty, Input, List, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MenuGroup } from '../../shared/api/contract.ts';
import { searchPool } from './menuModel.ts';
import { searchEntries } from './pinyinMatch.ts';
import { useOpenMenuItem } from './useOpenMenuItem.ts';

export interface MenuSearchProps {
  open: boolean;
  menu: MenuGroup[];
  onClose: () => void;
}

/** The menu search panel: every leaf by its full title; matches words or pinyin initials. */
export default function MenuSearch({ open, menu, onClose }: MenuSearchProps) {
  const { t } = useTranslation();
  const [words, setWords] = useState('');
  const pool = useMemo(() => searchPool(menu), [menu]);
  const found = useMemo(() => searchEntries(pool, words), [pool, words]);
  const openItem = useOpenMenuItem();
  const choose = (index: number) => {
    const entry = found[index];
    if (!entry) return;
    onClose();
    openItem(entry);
  };
  return (
    <Modal open={open} onCancel={onClose} footer={null} title={t('header.search')} destroyOnHidden keyboard>
      <Input
        autoFocus
        aria-label={t('header.search')}
        placeholder={t('search.placeholder')}
        value={words}
        onChange={(event) => setWords(event.target.value)}
        onPressEnter={() => choose(0)}
      />
      <List
        style={{ maxHeight: 360, overflow: 'auto', marginTop: 12 }}
        dataSource={found}
        locale={{ emptyText: <Empty description={t('search.empty')} /> }}
        renderItem={(entry, index) => (
          <List.Item key={`${entry.fullTitle}-${index}`}>
            <Button type="text" block style={{ textAlign: 'start' }} onClick={() => choose(index)}>
              {entry.fullTitle}
            </Button>
          </List.Item>
        )}
      />
      <p style={{ marginTop: 8, opacity: 0.6 }}>{t('search.hint')}</p>
    </Modal>
  );
}
