import { EditOutlined, PictureOutlined } from '@ant-design/icons';
import type { Product } from '@quayside/contract';
import { Button, Descriptions, Drawer, Empty, Image, Skeleton, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ProductQuotations } from '@/features/quotations/components/ProductQuotations';
import { parseTime } from '@/shared/format';
import { useLookups } from '@/shared/lookups/useLookups';
import { useProduct } from '../api';
import { fieldLabel, langOf } from '../fields';
import { moqText, priceText } from './columns';

/** The gallery: the chosen picture at 800 px (2000 px when opened), thumbnails to choose from. */
function Gallery({ product }: { product: Product }) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(0);
  const pictures = product.pictures;
  if (pictures.length === 0)
    return (
      <Empty
        image={<PictureOutlined className="product-gallery__none" />}
        description={t('products.noPictures')}
      />
    );
  const current = pictures[Math.min(shown, pictures.length - 1)];
  return (
    <div className="product-gallery">
      <Image
        rootClassName="product-gallery__frame"
        className="product-gallery__main"
        src={current?.preview_url}
        preview={{ src: current?.url }}
        alt={product.name}
      />
      {pictures.length > 1 && (
        <ul className="product-gallery__thumbs">
          {pictures.map((p, i) => (
            <li key={p.file_id}>
              <button
                type="button"
                className={i === shown ? 'is-active' : ''}
                onClick={() => setShown(i)}
                aria-label={t('products.pictureN', { n: i + 1 })}
              >
                <img src={p.thumb_url} alt="" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The product with its gallery and every field; Edit opens the form. */
export function ProductDetailDrawer({
  id,
  onClose,
  onEdit,
}: {
  id: number;
  onClose: () => void;
  /** None: read only (a salesperson). */
  onEdit?: (p: Product) => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = langOf(i18n.language);
  const lookups = useLookups();
  const query = useProduct(id);
  const p = query.data;
  const label = (name: Parameters<typeof fieldLabel>[0]) => fieldLabel(name, lang);
  const text = (v: string) =>
    v ? <span className="pre-wrap">{v}</span> : <span className="muted-dash">—</span>;
  return (
    <Drawer
      open
      size={820}
      title={p?.name ?? t('products.title')}
      onClose={onClose}
      destroyOnHidden
      className="product-detail"
      extra={
        p &&
        onEdit && (
          <Button type="primary" icon={<EditOutlined />} onClick={() => onEdit(p)}>
            {t('common.edit')}
          </Button>
        )
      }
    >
      {!p ? (
        <Skeleton active />
      ) : (
        <>
          <Gallery product={p} />
          <div className="product-detail__head">
            <Typography.Title level={4}>{p.name}</Typography.Title>
            {p.published ? (
              <Tag color="green">{t('products.published')}</Tag>
            ) : (
              <Tag>{t('products.draft')}</Tag>
            )}
            <div className="product-detail__price num">
              {p.price === null ? t('products.noPrice') : priceText(p)}
            </div>
          </div>
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }}>
            <Descriptions.Item label={label('model')}>{text(p.model)}</Descriptions.Item>
            <Descriptions.Item label={label('category_id')}>{text(p.category)}</Descriptions.Item>
            <Descriptions.Item label={label('factory')}>{text(p.factory)}</Descriptions.Item>
            <Descriptions.Item label={label('moq')}>{text(moqText(p, lookups))}</Descriptions.Item>
            <Descriptions.Item label={label('advantage')} span={2}>
              {text(p.advantage)}
            </Descriptions.Item>
            <Descriptions.Item label={label('tech_params')} span={2}>
              {p.tech_params.length === 0 ? (
                text('')
              ) : (
                <table className="tech-table">
                  <tbody>
                    {p.tech_params.map((r, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: rows have no id and keys may repeat
                      <tr key={i}>
                        <th scope="row">{r.key}</th>
                        <td>{r.value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </Descriptions.Item>
            <Descriptions.Item label={label('packaging')} span={2}>
              {text(p.packaging)}
            </Descriptions.Item>
            <Descriptions.Item label={label('remark')} span={2}>
              {text(p.remark)}
            </Descriptions.Item>
            <Descriptions.Item label={label('created_at')}>{parseTime(p.created_at)}</Descriptions.Item>
            <Descriptions.Item label={label('updated_at')}>{parseTime(p.updated_at)}</Descriptions.Item>
          </Descriptions>
          <ProductQuotations productId={p.id} />
        </>
      )}
    </Drawer>
  );
}
