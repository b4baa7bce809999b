import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  changesNothing,
  defineList,
  filterParams,
  listParams,
  nextListState,
  parseListState,
  serializeListState,
} from './url-state';

const LIST = defineList({
  filters: { grade: 'ids', nation: 'ids', owner: 'text' },
  sorts: ['created_at', 'company_name'],
  defaultSort: '-created_at',
});

describe('parseListState', () => {
  it('gives the defaults for an empty query', () => {
    expect(parseListState('', LIST)).toEqual({
      page: 1,
      pageSize: 20,
      sort: '-created_at',
      q: '',
      filters: {},
    });
  });

  it('reads page, size, sort, search and filters', () => {
    const state = parseListState(
      '?q=%20acme%20&grade=1,2&nation=7&owner=me&sort=company_name&page=3&page_size=50',
      LIST,
    );
    expect(state).toEqual({
      page: 3,
      pageSize: 50,
      sort: 'company_name',
      q: 'acme',
      filters: { grade: [1, 2], nation: [7], owner: 'me' },
    });
  });

  it('falls back to defaults for values it cannot use', () => {
    const state = parseListState('?page=-2&page_size=15&sort=password&grade=x,0,3,3&nation=&owner=%20', LIST);
    expect(state).toEqual({ page: 1, pageSize: 20, sort: '-created_at', q: '', filters: { grade: [3] } });
  });

  it('ignores parameters that are not filters of the list', () => {
    expect(parseListState('?religion=2&token=abc', LIST).filters).toEqual({});
  });
});

describe('serializeListState', () => {
  it('leaves the defaults out, so a plain list has a plain URL', () => {
    expect(serializeListState(parseListState('', LIST), LIST)).toBe('');
  });

  it('writes filters in a stable order with readable commas', () => {
    const state = {
      page: 2,
      pageSize: 50,
      sort: 'company_name',
      q: 'São Paulo',
      filters: { nation: [31], grade: [1, 2] },
    };
    expect(serializeListState(state, LIST)).toBe(
      'q=S%C3%A3o+Paulo&grade=1,2&nation=31&sort=company_name&page=2&page_size=50',
    );
  });

  it('round-trips through the URL', () => {
    const search = 'q=acme&grade=1,2&owner=5&sort=-company_name&page=4&page_size=10';
    expect(serializeListState(parseListState(search, LIST), LIST)).toBe(search);
  });

  it('drops empty filters', () => {
    const state = { ...parseListState('', LIST), filters: { grade: [], owner: '' } };
    expect(serializeListState(state, LIST)).toBe('');
  });
});

describe('API parameters', () => {
  const state = parseListState('?q=acme&grade=1,2&owner=me&page=2', LIST);

  it('joins ids with commas for the list endpoint', () => {
    expect(listParams(state)).toEqual({
      page: 2,
      page_size: 20,
      sort: '-created_at',
      q: 'acme',
      grade: '1,2',
      owner: 'me',
    });
  });

  it('gives only the filter for an export', () => {
    expect(filterParams(state)).toEqual({ q: 'acme', grade: '1,2', owner: 'me' });
  });

  it('counts the active filters, the search included', () => {
    expect(activeFilterCount(state)).toBe(3);
    expect(activeFilterCount(parseListState('?page=3', LIST))).toBe(0);
  });
});

describe('changesNothing', () => {
  const state = parseListState('?q=acme&grade=1,2&page=3', LIST);
  it('sees a change that leaves the list as it is', () => {
    expect(changesNothing(state, { q: 'acme' })).toBe(true);
    expect(changesNothing(state, { filters: { grade: [1, 2], nation: [] } })).toBe(true);
    expect(changesNothing(state, { filters: { owner: undefined } })).toBe(true);
  });
  it('sees a real change', () => {
    expect(changesNothing(state, { q: 'acm' })).toBe(false);
    expect(changesNothing(state, { filters: { grade: [1] } })).toBe(false);
    expect(changesNothing(state, { page: 4 })).toBe(false);
  });
});

describe('nextListState', () => {
  const state = parseListState('?grade=1&page=5', LIST);

  it('goes back to page 1 when the filter changes', () => {
    expect(nextListState(state, { filters: { nation: [7] } })).toMatchObject({
      page: 1,
      filters: { grade: [1], nation: [7] },
    });
    expect(nextListState(state, { q: 'acme' }).page).toBe(1);
    expect(nextListState(state, { pageSize: 50 }).page).toBe(1);
  });

  it('keeps the rest on a page change', () => {
    expect(nextListState(state, { page: 6 })).toMatchObject({ page: 6, filters: { grade: [1] } });
  });

  it('clears a filter set to undefined', () => {
    const next = nextListState(state, { filters: { grade: undefined } });
    expect(serializeListState(next, LIST)).toBe('');
  });
});
