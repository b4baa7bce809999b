import { PictureOutlined } from '@ant-design/icons';
import { formatMoney, type Product } from '@quayside/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { parseTime } from '@/shared/format';
import type { ListColumn } from '@/shared/list/ListTable';
import type { Lookups } from '@/shared/lookups/lookups';
import { fieldLabel, type Lang } from '../fields';

const dash = <span className="muted-dash">—</span>;
const textOr = (v: string) => v || dash;

/** The cover's 160 px thumbnail (never the original), or a placeholder. */
export function Cover({ product, size }: { product: Product; size: number }) {
  const cover = product.pictures[0];
  return cover ? (
    <img
      className="product-cover"
      src={cover.thumb_url}
      alt={product.name}
      width={size}
      height={size}
      loading="lazy"
    />
  ) : (
    <span className="product-cover product-cover--empty" style={{ width: size, height: size }}>
      <PictureOutlined />
    </span>
  );
}

export const priceText = (p: Pick<Product, 'price' | 'currency'>) => formatMoney(p.price, p.currency);
export const moqText = (p: Pick<Product, 'moq' | 'unit'>, lookups: Lookups) =>
  p.moq === null ? '' : `${p.moq} ${lookups.label('units', p.unit)}`;

/** Picture and name, always shown first; the name opens the product. */
export function leadColumns(t: TFunction, lang: Lang, open: (p: Product) => void): ListColumn<Product>[] {
  return [
    {
      key: 'picture',
      label: fieldLabel('picture', lang),
      title: '',
      fixed: 'left',
      width: 60,
      render: (_, p) => <Cover product={p} size={40} />,
    },
    {
      key: 'name',
      label: fieldLabel('name', lang),
      title: fieldLabel('name', lang),
      sortField: 'name',
      fixed: 'left',
      width: 190,
      ellipsis: true,
      render: (_, p) => (
        <button
          type="button"
          className="link-button product-link"
          onClick={() => open(p)}
          title={t('products.open')}
        >
          {p.name}
        </button>
      ),
    },
  ];
}

/** The columns a user may show, hide and reorder, in their default order. */
export function productColumns(t: TFunction, lang: Lang, lookups: Lookups): ListColumn<Product>[] {
  const label = (name: Parameters<typeof fieldLabel>[0]) => fieldLabel(name, lang);
  const time = (v: string) => <span title={parseTime(v) ?? ''}>{parseTime(v, '{y}-{m}-{d} {h}:{i}')}</span>;
  const text = (name: 'factory' | 'packaging' | 'remark' | 'advantage', width: number, hidden = true) =>
    ({
      key: name,
      label: label(name),
      title: label(name),
      width,
      ellipsis: true,
      defaultHidden: hidden,
      render: (_, p) => textOr(p[name]),
    }) satisfies ListColumn<Product>;
  return [
    {
      key: 'model',
      label: label('model'),
      title: label('model'),
      width: 100,
      ellipsis: true,
      render: (_, p) => textOr(p.model),
    },
    {
      key: 'category',
      label: label('category_id'),
      title: label('category_id'),
      width: 130,
      ellipsis: true,
      render: (_, p) => textOr(p.category),
    },
    text('factory', 130, false),
    {
      key: 'price',
      label: label('price'),
      title: label('price'),
      sortField: 'price',
      align: 'right',
      width: 100,
      render: (_, p) => (p.price === null ? dash : <span className="num">{priceText(p)}</span>),
    },
    {
      key: 'moq',
      label: label('moq'),
      title: label('moq'),
      align: 'right',
      width: 110,
      render: (_, p) => textOr(moqText(p, lookups)),
    },
    {
      key: 'published',
      label: label('published'),
      title: label('published'),
      width: 110,
      render: (_, p) =>
        p.published ? <Tag color="green">{t('products.published')}</Tag> : <Tag>{t('products.draft')}</Tag>,
    },
    {
      key: 'updated_at',
      label: label('updated_at'),
      title: label('updated_at'),
      sortField: 'updated_at',
      descendFirst: true,
      width: 150,
      defaultHidden: true,
      render: (_, p) => time(p.updated_at),
    },
    {
      key: 'created_at',
      label: label('created_at'),
      title: label('created_at'),
      sortField: 'created_at',
      descendFirst: true,
      width: 150,
      defaultHidden: true,
      render: (_, p) => time(p.created_at),
    },
    text('packaging', 220),
    text('advantage', 240),
    text('remark', 200),
  ];
}
