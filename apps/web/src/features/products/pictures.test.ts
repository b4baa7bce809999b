import { describe, expect, it } from 'vitest';
import { categoryTree } from './components/CategorySelect';
import { moved } from './components/PictureUploader';

describe('product form helpers', () => {
  it('moves a picture to where it was dropped, the others keeping their order', () => {
    expect(moved(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moved(['a', 'b', 'c'], 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moved(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('nests subcategories under their parent, in the order given', () => {
    const tree = categoryTree([
      { id: 1, name: 'Kitchen', parent_id: null, sort_order: 0, product_count: 0 },
      { id: 3, name: 'Kettles', parent_id: 1, sort_order: 0, product_count: 2 },
      { id: 2, name: 'Garden', parent_id: null, sort_order: 1, product_count: 1 },
    ]);
    expect(tree).toEqual([
      { value: 1, title: 'Kitchen', children: [{ value: 3, title: 'Kettles' }] },
      { value: 2, title: 'Garden' },
    ]);
  });
});
