import { describe, expect, it } from 'vitest';
import { sortFromTable, sortOrderOf } from './sort';

describe('sort', () => {
  it('shows the current sort on its column only', () => {
    expect(sortOrderOf('company_name', 'company_name')).toBe('ascend');
    expect(sortOrderOf('-created_at', 'created_at')).toBe('descend');
    expect(sortOrderOf('-created_at', 'company_name')).toBeNull();
  });

  it('turns a header click into the sort parameter; no order is the default', () => {
    expect(sortFromTable('company_name', 'ascend', '-created_at')).toBe('company_name');
    expect(sortFromTable('last_received_at', 'descend', '-created_at')).toBe('-last_received_at');
    expect(sortFromTable('company_name', null, '-created_at')).toBe('-created_at');
    expect(sortFromTable(undefined, 'ascend', '-created_at')).toBe('-created_at');
  });
});
