import { DownOutlined, EyeInvisibleOutlined, EyeOutlined, FolderOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { BulkDeleteButton } from '@/shared/list/BulkDeleteButton';
import { useBulkUpdateProducts, useCategories } from '../api';
import { useDeleteWithUndo } from './useDeleteWithUndo';

/** What can be done to the selected products: publish, unpublish, move to a category, delete. */
export function BulkActions({ ids, onDone }: { ids: number[]; onDone: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const bulk = useBulkUpdateProducts();
  const categories = useCategories();
  const remove = useDeleteWithUndo();
  const apply = async (change: { published?: boolean; category_id?: number | null }, done: string) => {
    const { count } = await bulk.mutateAsync({ ids, ...change });
    void message.success(t(done, { count }));
  };
  const items = (categories.data ?? []).map((c) => ({
    key: String(c.id),
    label: c.parent_id ? <span className="bulk-category--child">{c.name}</span> : c.name,
  }));
  return (
    <>
      <Button
        size="small"
        icon={<EyeOutlined />}
        loading={bulk.isPending}
        onClick={() => void apply({ published: true }, 'products.publishedCount')}
      >
        {t('products.publish')}
      </Button>
      <Button
        size="small"
        icon={<EyeInvisibleOutlined />}
        onClick={() => void apply({ published: false }, 'products.unpublishedCount')}
      >
        {t('products.unpublish')}
      </Button>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [...items, { type: 'divider' as const }, { key: 'none', label: t('products.noCategory') }],
          onClick: ({ key }) =>
            void apply({ category_id: key === 'none' ? null : Number(key) }, 'products.categoryChanged'),
        }}
      >
        <Button size="small" icon={<FolderOutlined />}>
          {t('products.setCategory')} <DownOutlined />
        </Button>
      </Dropdown>
      <BulkDeleteButton ids={ids} texts="products" remove={remove} onDone={onDone} />
    </>
  );
}
