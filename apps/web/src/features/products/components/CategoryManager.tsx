import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import type { ProductCategory } from '@quayside/contract';
import { Button, Drawer, Empty, Input, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFeedback } from '@/shared/feedback';
import { useCategories, useCategoryMutation } from '../api';
import { moved } from './PictureUploader';

type Editing = { id: number | null; parentId: number | null; name: string };

/** Two levels of categories: add, rename, move up and down within a level, delete when empty. */
export function CategoryManager({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = useFeedback();
  const categories = useCategories();
  const create = useCategoryMutation<{ name: string; parent_id: number | null }>('create');
  const rename = useCategoryMutation<{ id: number; name: string }>('update');
  const reorder = useCategoryMutation<{ parent_id: number | null; ids: number[] }>('reorder');
  const remove = useCategoryMutation<{ ids: number[] }>('delete');
  const [editing, setEditing] = useState<Editing | null>(null);
  const all = categories.data ?? [];
  const levelOf = (parentId: number | null) => all.filter((c) => c.parent_id === parentId);

  const commit = async () => {
    if (!editing) return;
    const name = editing.name.trim();
    if (!name) return setEditing(null);
    if (editing.id === null) await create.mutateAsync({ name, parent_id: editing.parentId });
    else await rename.mutateAsync({ id: editing.id, name });
    setEditing(null);
  };
  const move = (c: ProductCategory, by: -1 | 1) => {
    const level = levelOf(c.parent_id);
    const at = level.findIndex((x) => x.id === c.id);
    void reorder.mutateAsync({ parent_id: c.parent_id, ids: moved(level, at, at + by).map((x) => x.id) });
  };
  const editor = (
    <Input
      autoFocus
      size="small"
      maxLength={100}
      value={editing?.name}
      aria-label={t('products.categoryName')}
      placeholder={t('products.categoryName')}
      onChange={(e) => setEditing((s) => (s ? { ...s, name: e.target.value } : s))}
      onPressEnter={() => void commit()}
      onBlur={() => void commit()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape') return;
        e.stopPropagation();
        setEditing(null);
      }}
    />
  );

  const row = (c: ProductCategory, index: number, count: number) => (
    <div className={c.parent_id ? 'category-row category-row--child' : 'category-row'} key={c.id}>
      {editing?.id === c.id ? (
        editor
      ) : (
        <span className="category-row__name">
          {c.name}
          <Typography.Text type="secondary" className="category-row__count">
            {t('products.productCount', { count: c.product_count })}
          </Typography.Text>
        </span>
      )}
      <Space size={0}>
        {c.parent_id === null && (
          <Tooltip title={t('products.addSubcategory')}>
            <Button
              type="text"
              size="small"
              icon={<PlusOutlined />}
              aria-label={t('products.addSubcategoryOf', { name: c.name })}
              onClick={() => setEditing({ id: null, parentId: c.id, name: '' })}
            />
          </Tooltip>
        )}
        <Button
          type="text"
          size="small"
          icon={<ArrowUpOutlined />}
          disabled={index === 0}
          aria-label={t('products.moveUp')}
          onClick={() => move(c, -1)}
        />
        <Button
          type="text"
          size="small"
          icon={<ArrowDownOutlined />}
          disabled={index === count - 1}
          aria-label={t('products.moveDown')}
          onClick={() => move(c, 1)}
        />
        <Button
          type="text"
          size="small"
          icon={<EditOutlined />}
          aria-label={t('products.renameCategory', { name: c.name })}
          onClick={() => setEditing({ id: c.id, parentId: c.parent_id, name: c.name })}
        />
        <Popconfirm
          title={t('products.deleteCategoryConfirm', { name: c.name })}
          okText={t('products.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={async () => {
            await remove.mutateAsync({ ids: [c.id] });
            void message.success(t('products.categoryDeleted', { name: c.name }));
          }}
        >
          <Button
            type="text"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('products.deleteCategory', { name: c.name })}
          />
        </Popconfirm>
      </Space>
    </div>
  );

  const tops = levelOf(null);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={520}
      title={t('products.categories')}
      destroyOnHidden
      extra={
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setEditing({ id: null, parentId: null, name: '' })}
        >
          {t('products.addCategory')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary">{t('products.categoriesHint')}</Typography.Paragraph>
      {tops.length === 0 && !editing && <Empty description={t('products.noCategories')} />}
      <div className="category-list">
        {tops.map((top, i) => {
          const children = levelOf(top.id);
          return (
            <div key={top.id} className="category-group">
              {row(top, i, tops.length)}
              {children.map((c, j) => row(c, j, children.length))}
              {editing?.id === null && editing.parentId === top.id && (
                <div className="category-row category-row--child">{editor}</div>
              )}
            </div>
          );
        })}
        {editing?.id === null && editing.parentId === null && <div className="category-row">{editor}</div>}
      </div>
    </Drawer>
  );
}
