import { ClearOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, type InputRef, Select, Space } from 'antd';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activeFilterCount, type ListState } from '@/shared/list/url-state';
import type { ListChange } from '@/shared/list/useListState';
import { LookupSelect } from '@/shared/lookups/LookupSelect';
import { fieldLabel, langOf } from '../fields';
import type { PRODUCT_LIST } from '../list-config';
import { CategorySelect } from './CategorySelect';

type Filters = (typeof PRODUCT_LIST)['filters'];
const SEARCH_DELAY_MS = 350;
const DECIMAL = /^\d+(\.\d+)?$/;

/** A text box that writes to the URL when typing pauses (Enter at once). */
function useDebounced(value: string, apply: (v: string) => void) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => setText(value), [value]);
  useEffect(() => () => clearTimeout(timer.current), []);
  return {
    value: text,
    onChange: (v: string) => {
      setText(v);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => apply(v.trim()), SEARCH_DELAY_MS);
    },
    now: () => {
      clearTimeout(timer.current);
      apply(text.trim());
    },
  };
}

/** The product list's search box and filters; every change lands in the URL. */
export function ProductFilters({
  state,
  update,
  reset,
  searchRef,
  extra,
}: {
  state: ListState<Filters>;
  update: (change: ListChange<Filters>) => void;
  reset: () => void;
  searchRef: RefObject<InputRef | null>;
  extra?: ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const f = state.filters;
  const search = useDebounced(state.q, (q) => update({ q }));
  const factory = useDebounced(f.factory ?? '', (v) => update({ filters: { factory: v || undefined } }));
  const price = (name: 'price_min' | 'price_max') => (v: string) =>
    update({ filters: { [name]: DECIMAL.test(v) ? v : undefined } });
  const priceMin = useDebounced(f.price_min ?? '', price('price_min'));
  const priceMax = useDebounced(f.price_max ?? '', price('price_max'));

  return (
    <search className="product-filters">
      <div className="product-filters__row">
        <Input
          ref={searchRef}
          allowClear
          className="product-filters__search"
          prefix={<SearchOutlined />}
          suffix={<kbd className="hotkey">/</kbd>}
          placeholder={t('products.searchPlaceholder')}
          aria-label={t('products.search')}
          value={search.value}
          onChange={(e) => search.onChange(e.target.value)}
          onPressEnter={search.now}
        />
        <CategorySelect
          multiple
          maxTagCount={1}
          className={
            f.category?.length ? 'filter-active product-filters__category' : 'product-filters__category'
          }
          placeholder={fieldLabel('category_id', lang)}
          aria-label={fieldLabel('category_id', lang)}
          value={f.category ?? []}
          onChange={(value) => update({ filters: { category: (value as number[] | null) ?? [] } })}
        />
        {extra && <div className="product-filters__extra">{extra}</div>}
      </div>
      <div className="product-filters__row">
        <Input
          allowClear
          style={{ width: 190 }}
          placeholder={fieldLabel('factory', lang)}
          aria-label={fieldLabel('factory', lang)}
          value={factory.value}
          onChange={(e) => factory.onChange(e.target.value)}
          onPressEnter={factory.now}
        />
        <Select<string>
          allowClear
          style={{ width: 150 }}
          placeholder={fieldLabel('published', lang)}
          aria-label={fieldLabel('published', lang)}
          value={f.published}
          options={[
            { value: 'true', label: t('products.published') },
            { value: 'false', label: t('products.draft') },
          ]}
          onChange={(value) => update({ filters: { published: value ?? undefined } })}
        />
        <LookupSelect<string>
          table="currencies"
          mode="multiple"
          maxTagCount={1}
          style={{ width: 180 }}
          placeholder={fieldLabel('currency', lang)}
          aria-label={fieldLabel('currency', lang)}
          value={f.currency ? f.currency.split(',') : []}
          onChange={(value) =>
            update({ filters: { currency: ((value as string[] | null) ?? []).join(',') || undefined } })
          }
        />
        <Space.Compact className="product-filters__price">
          <Input
            allowClear
            inputMode="decimal"
            style={{ width: 120 }}
            placeholder={t('products.priceFrom')}
            aria-label={t('products.priceFrom')}
            value={priceMin.value}
            status={priceMin.value && !DECIMAL.test(priceMin.value) ? 'error' : undefined}
            onChange={(e) => priceMin.onChange(e.target.value)}
          />
          <Input
            allowClear
            inputMode="decimal"
            style={{ width: 120 }}
            placeholder={t('products.priceTo')}
            aria-label={t('products.priceTo')}
            value={priceMax.value}
            status={priceMax.value && !DECIMAL.test(priceMax.value) ? 'error' : undefined}
            onChange={(e) => priceMax.onChange(e.target.value)}
          />
        </Space.Compact>
        {activeFilterCount(state) > 0 && (
          <Button type="link" icon={<ClearOutlined />} onClick={reset}>
            {t('list.clearFilters')}
          </Button>
        )}
      </div>
    </search>
  );
}
