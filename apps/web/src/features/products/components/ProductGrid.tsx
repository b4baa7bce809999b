import { PictureOutlined } from '@ant-design/icons';
import type { ListAnswer, Product } from '@quayside/contract';
import { Checkbox, Pagination, Skeleton, Tag } from 'antd';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ListPaging } from '@/shared/list/ListTable';
import type { Lookups } from '@/shared/lookups/lookups';
import { paginationConfig } from '@/shared/ui/pagination';
import { moqText, priceText } from './columns';

/** The card view: bigger pictures (800 px previews), name, model, price and MOQ; same paging and selection as the table. */
export function ProductGrid({
  data,
  loading,
  paging,
  onPagingChange,
  selectedKeys,
  onSelectedKeysChange,
  onOpen,
  lookups,
  empty,
}: {
  data: ListAnswer<Product> | undefined;
  loading: boolean;
  paging: ListPaging;
  onPagingChange: (change: Partial<ListPaging>) => void;
  selectedKeys: Key[];
  /** None: no selection (a reader of the catalogue). */
  onSelectedKeysChange?: (keys: Key[]) => void;
  onOpen: (p: Product) => void;
  lookups: Lookups;
  empty: ReactNode;
}) {
  const { t } = useTranslation();
  if (!data) return <Skeleton active={loading} />;
  if (data.items.length === 0) return <div className="product-grid__empty">{empty}</div>;
  const selected = new Set(selectedKeys);
  const toggle = (id: number, on: boolean) =>
    onSelectedKeysChange?.(on ? [...selectedKeys, id] : selectedKeys.filter((k) => k !== id));
  const pagination = paginationConfig(t, { ...paging, total: data.total }, (page, pageSize) =>
    onPagingChange(pageSize !== paging.pageSize ? { page: 1, pageSize } : { page }),
  );
  return (
    <>
      <ul className="product-grid" aria-label={t('products.gridView')}>
        {data.items.map((p) => {
          const cover = p.pictures[0];
          return (
            <li key={p.id} className={selected.has(p.id) ? 'product-card is-selected' : 'product-card'}>
              <button
                type="button"
                className="product-card__picture"
                onClick={() => onOpen(p)}
                aria-label={p.name}
              >
                {cover ? (
                  <img src={cover.preview_url} alt="" loading="lazy" />
                ) : (
                  <PictureOutlined className="product-card__placeholder" />
                )}
              </button>
              {onSelectedKeysChange && (
                <Checkbox
                  className="product-card__check"
                  checked={selected.has(p.id)}
                  onChange={(e) => toggle(p.id, e.target.checked)}
                  aria-label={t('products.select', { name: p.name })}
                />
              )}
              {!p.published && <Tag className="product-card__draft">{t('products.draft')}</Tag>}
              <div className="product-card__body">
                <button type="button" className="link-button product-card__name" onClick={() => onOpen(p)}>
                  {p.name}
                </button>
                <div className="product-card__meta">
                  {[p.model, p.category].filter(Boolean).join(' · ') || '\u00a0'}
                </div>
                <div className="product-card__price">
                  <span className="num">{p.price === null ? t('products.noPrice') : priceText(p)}</span>
                  {p.moq !== null && (
                    <span className="product-card__moq">
                      {t('products.moqShort', { moq: moqText(p, lookups) })}
                    </span>
                  )}
                </div>
              </div>
            </li>
          );
        })}
      </ul>
      <Pagination className="product-grid__pager" {...pagination} />
    </>
  );
}
