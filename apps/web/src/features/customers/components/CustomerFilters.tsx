import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, type InputRef, Select } from 'antd';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchInput } from '@/shared/form/SearchInput';
import { FiltersToggle, useFiltersFold } from '@/shared/list/FiltersToggle';
import { activeFilterCount, type ListState } from '@/shared/list/url-state';
import type { ListChange } from '@/shared/list/useListState';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { CUSTOMER_LOOKUP_FILTERS } from '@/shared/lookups/lookups';
import { useOwnerOptions } from '@/shared/lookups/useStaff';
import { useUser } from '@/shared/session';
import { fieldLabel, langOf } from '../fields';
import type { CUSTOMER_LIST } from '../list-config';
import { isSalesOnly } from '../pool';

type Filters = (typeof CUSTOMER_LIST)['filters'];

/** Waits until typing pauses before searching; Enter searches at once. */
const SEARCH_DELAY_MS = 350;

/** The customer list's search box and filters; every change lands in the URL. */
export function CustomerFilters({
  state,
  update,
  reset,
  searchRef,
  views,
  extra,
}: {
  state: ListState<Filters>;
  update: (change: ListChange<Filters>) => void;
  reset: () => void;
  searchRef: RefObject<InputRef | null>;
  /** Shown first (the pool's views). */
  views?: ReactNode;
  /** Shown at the end of the first row (e.g. saved searches). */
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const me = useUser();
  const [mine, ...others] = useOwnerOptions({ value: 'me', label: t('customers.myCustomers') });
  const ownerOptions = [
    ...(mine ? [mine] : []),
    { value: 'pool', label: t('customers.viewPool') },
    ...others,
  ];
  const [text, setText] = useState(state.q);
  const fold = useFiltersFold();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  // The URL wins when it changes from elsewhere (reset, a saved search, back in a tab).
  useEffect(() => setText(state.q), [state.q]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const search = (value: string) => {
    clearTimeout(timer.current);
    update({ q: value.trim() });
  };

  return (
    <search className={`customer-filters ${fold.className}`}>
      <div className="customer-filters__row">
        {views}
        <SearchInput
          ref={searchRef}
          allowClear
          className="customer-filters__search filters-keep"
          prefix={<SearchOutlined />}
          suffix={<kbd className="hotkey">/</kbd>}
          placeholder={t('customers.searchPlaceholder')}
          aria-label={t('customers.search')}
          value={text}
          onChange={(value) => {
            setText(value);
            clearTimeout(timer.current);
            timer.current = setTimeout(() => search(value), SEARCH_DELAY_MS);
          }}
          onPressEnter={() => search(text)}
        />
        {/* A salesperson sees her own and the pool only: the views say which. */}
        {!isSalesOnly(me) && (
          <Select<string>
            allowClear
            style={{ width: 180 }}
            placeholder={t('customers.allOwners')}
            aria-label={fieldLabel('owner_id', lang)}
            value={state.filters.owner}
            options={ownerOptions}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(value) => update({ filters: { owner: value ?? undefined } })}
          />
        )}
        <FiltersToggle open={fold.open} onToggle={fold.toggle} active={activeFilterCount(state)} />
        {extra && <div className="customer-filters__extra">{extra}</div>}
      </div>
      <div className="customer-filters__row">
        {CUSTOMER_LOOKUP_FILTERS.map((f) => (
          <LookupSelect
            key={f.name}
            table={f.table}
            mode="multiple"
            // One summary ("Potential, Intentional") instead of tags that do not fit.
            maxTagCount={0}
            maxTagPlaceholder={(omitted) => {
              const text = omitted.map((o) => o.label).join(', ');
              return <span title={`${fieldLabel(f.name, lang)}: ${text}`}>{text}</span>;
            }}
            className={state.filters[f.name]?.length ? 'filter-active' : undefined}
            style={{ width: f.width }}
            placeholder={fieldLabel(f.name, lang)}
            aria-label={fieldLabel(f.name, lang)}
            value={state.filters[f.name] ?? []}
            onChange={(value) => update({ filters: { [f.name]: (value as number[] | null) ?? [] } })}
          />
        ))}
        {activeFilterCount(state) > 0 && (
          <Button type="link" icon={<ClearOutlined />} onClick={reset} className="customer-filters__clear">
            {t('list.clearFilters')}
          </Button>
        )}
      </div>
    </search>
  );
}
