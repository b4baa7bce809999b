import type { ProductCategory } from '@quayside/contract';
import { TreeSelect, type TreeSelectProps } from 'antd';
import { useMemo } from 'react';
import { useCategories } from '../api';

type TreeNode = { value: number; title: string; children?: TreeNode[] };

/** Categories as a tree: parents with their children, in their order. */
export function categoryTree(categories: readonly ProductCategory[]): TreeNode[] {
  return categories
    .filter((c) => c.parent_id === null)
    .map((top) => {
      const children = categories
        .filter((c) => c.parent_id === top.id)
        .map((c) => ({ value: c.id, title: c.name }));
      return { value: top.id, title: top.name, ...(children.length ? { children } : {}) };
    });
}

/** A category picker (one, or several for a filter). */
export function CategorySelect(props: Omit<TreeSelectProps<number | number[] | null>, 'treeData'>) {
  const categories = useCategories();
  const treeData = useMemo(() => categoryTree(categories.data ?? []), [categories.data]);
  return (
    <TreeSelect<number | number[] | null>
      allowClear
      treeDefaultExpandAll
      showSearch={{ treeNodeFilterProp: 'title' }}
      loading={categories.isLoading}
      {...props}
      treeData={treeData}
    />
  );
}
