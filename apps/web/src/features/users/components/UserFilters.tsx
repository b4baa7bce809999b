import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { ROLES } from '@quayside/contract';
import { Button, type InputRef, Select } from 'antd';
import { type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '@/shared/form/SearchInput';
import { FiltersToggle, useFiltersFold } from '@/shared/list/FiltersToggle';
import { activeFilterCount, type ListState } from '@/shared/list/url-state';
import type { ListChange } from '@/shared/list/useListState';
import type { USER_LIST } from '../list-config';

type Filters = (typeof USER_LIST)['filters'];

/** Waits until typing pauses before searching; Enter searches at once. */
const SEARCH_DELAY_MS = 350;

/** The user list's search box and filters; every change lands in the URL (as on the customer list). */
export function UserFilters({
  state,
  update,
  reset,
  searchRef,
}: {
  state: ListState<Filters>;
  update: (change: ListChange<Filters>) => void;
  reset: () => void;
  searchRef: RefObject<InputRef | null>;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(state.q);
  const fold = useFiltersFold();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The URL wins when it changes from elsewhere (reset, back in a tab).
  useEffect(() => setText(state.q), [state.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string) => {
    clearTimeout(timer.current);
    update({ q: value.trim() });
  };

  return (
    <search className={`user-filters ${fold.className}`}>
      {/* One row: on a phone all but the search box and the Filters button fold away. */}
      <div className="user-filters__row">
        <SearchInput
          ref={searchRef}
          allowClear
          className="user-filters__search filters-keep"
          prefix={<SearchOutlined />}
          suffix={<kbd className="hotkey">/</kbd>}
          placeholder={t('users.searchPlaceholder')}
          aria-label={t('users.search')}
          value={text}
          onChange={(value) => {
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => search(value), SEARCH_DELAY_MS);
          }}
          onPressEnter={() => search(text)}
        />
        <Select<string>
          allowClear
          style={{ width: 160 }}
          className={state.filters.role ? 'filter-active' : undefined}
          placeholder={t('users.allRoles')}
          aria-label={t('users.role')}
          value={state.filters.role}
          options={ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          onChange={(value) => update({ filters: { role: value ?? undefined } })}
        />
        <Select<string>
          allowClear
          style={{ width: 160 }}
          className={state.filters.disabled ? 'filter-active' : undefined}
          placeholder={t('users.allStatuses')}
          aria-label={t('users.status')}
          value={state.filters.disabled}
          options={[
            { value: 'false', label: t('common.enabled') },
            { value: 'true', label: t('common.disabled') },
          ]}
          onChange={(value) => update({ filters: { disabled: value ?? undefined } })}
        />
        <FiltersToggle open={fold.open} onToggle={fold.toggle} active={activeFilterCount(state)} />
        {activeFilterCount(state) > 0 && (
          <Button type="link" icon={<ClearOutlined />} onClick={reset} className="user-filters__clear">
            {t('list.clearFilters')}
          </Button>
        )}
      </div>
    </search>
  );
}
