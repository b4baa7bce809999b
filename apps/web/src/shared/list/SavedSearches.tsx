import { DeleteOutlined, StarFilled, StarOutlined } from '@ant-design/icons';
import { Button, Dropdown, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { usePreference } from './preferences';
import { addSavedSearch, readSavedSearches, removeSavedSearch, sameSearch } from './saved-searches';

/**
 * A menu of the user's named searches for one list: apply one, save the current search under a
 * name, or remove one. Kept per user on the server (preference `key`).
 */
export function SavedSearches({
  prefKey,
  current,
  onApply,
}: {
  prefKey: string;
  /** The current query string of the list. */
  current: string;
  onApply: (search: string) => void;
}) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const pref = usePreference<{ items: unknown }>(prefKey);
  const items = readSavedSearches(pref.value);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const active = items.find((s) => sameSearch(s.search, current));

  const save = () => {
    if (!name.trim()) return;
    pref.save({ items: addSavedSearch(items, { name, search: current }) });
    void message.success(t('list.searchSaved', { name: name.trim() }));
    setNaming(false);
    setName('');
  };

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            ...(items.length === 0
              ? [{ key: 'none', label: t('list.noSavedSearches'), disabled: true }]
              : items.map((s) => ({
                  key: `apply:${s.name}`,
                  label: (
                    <span className="saved-search__item">
                      <span>{s.name}</span>
                      <Button
                        type="text"
                        size="small"
                        icon={<DeleteOutlined />}
                        aria-label={t('list.removeSearch', { name: s.name })}
                        onClick={(e) => {
                          e.stopPropagation();
                          pref.save({ items: removeSavedSearch(items, s.name) });
                        }}
                      />
                    </span>
                  ),
                }))),
            { type: 'divider' as const },
            { key: 'save', label: t('list.saveSearch'), disabled: current === '' },
          ],
          selectable: false,
          onClick: ({ key }) => {
            if (key === 'save') setNaming(true);
            else if (key.startsWith('apply:')) {
              const found = items.find((s) => `apply:${s.name}` === key);
              if (found) onApply(found.search);
            }
          },
        }}
      >
        <Button icon={active ? <StarFilled className="saved-search__star" /> : <StarOutlined />}>
          {active ? active.name : t('list.savedSearches')}
        </Button>
      </Dropdown>
      <Modal
        open={naming}
        title={t('list.saveSearchTitle')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={save}
        okButtonProps={{ disabled: !name.trim() }}
        onCancel={() => setNaming(false)}
        destroyOnHidden
      >
        <Input
          autoFocus
          value={name}
          maxLength={60}
          placeholder={t('list.searchName')}
          aria-label={t('list.searchName')}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={save}
        />
      </Modal>
    </>
  );
}
