import { describe, expect, it } from 'vitest';
import {
  addSavedSearch,
  MAX_SAVED_SEARCHES,
  readSavedSearches,
  removeSavedSearch,
  sameSearch,
} from './saved-searches';

describe('saved searches', () => {
  it('reads only well-formed entries', () => {
    expect(readSavedSearches(null)).toEqual([]);
    expect(readSavedSearches({ items: [{ name: 'UK', search: 'nation=77' }, { name: 3 }, null] })).toEqual([
      { name: 'UK', search: 'nation=77' },
    ]);
  });

  it('adds the newest first and replaces one of the same name', () => {
    let list = addSavedSearch([], { name: ' UK ', search: 'nation=77' });
    list = addSavedSearch(list, { name: 'Hot', search: 'grade=2' });
    list = addSavedSearch(list, { name: 'uk', search: 'nation=77&grade=1' });
    expect(list).toEqual([
      { name: 'uk', search: 'nation=77&grade=1' },
      { name: 'Hot', search: 'grade=2' },
    ]);
    expect(addSavedSearch(list, { name: '  ', search: 'x=1' })).toEqual(list);
  });

  it('keeps at most a handful and removes by name', () => {
    let list: ReturnType<typeof addSavedSearch> = [];
    for (let i = 0; i < MAX_SAVED_SEARCHES + 5; i++)
      list = addSavedSearch(list, { name: `s${i}`, search: `page=${i}` });
    expect(list).toHaveLength(MAX_SAVED_SEARCHES);
    expect(removeSavedSearch(list, 's24').map((s) => s.name)).not.toContain('s24');
  });

  it('compares searches whatever the parameter order', () => {
    expect(sameSearch('grade=1&nation=7', 'nation=7&grade=1')).toBe(true);
    expect(sameSearch('grade=1', 'grade=2')).toBe(false);
  });
});
