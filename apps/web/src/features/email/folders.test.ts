import { describe, expect, it } from 'vitest';
import { parseListState, serializeListState } from '@/shared/list/url-state';
import {
  activeEmailFilters,
  cleanFilters,
  EMAIL_LIST,
  emailListParams,
  folderOfPath,
  isReadOf,
  rangeFilters,
  rangeOf,
  readChoiceOf,
} from './folders';

const state = (search: string) => parseListState(search, EMAIL_LIST);

describe('the folder of a page', () => {
  it('comes from the path', () => {
    expect(folderOfPath('/email/inbox')).toBe('inbox');
    expect(folderOfPath('/email/trash/')).toBe('trash');
    expect(folderOfPath('/email/quotation')).toBe('quotation');
    expect(folderOfPath('/email/accounts')).toBeNull();
    expect(folderOfPath('/email/emailDetail/3')).toBeNull();
  });
});

describe('search form → list query', () => {
  it('sends every field of the form the way the server takes it', () => {
    const s = state(
      '?q=bottles&from=becker&date_from=2026-01-01&date_to=2026-01-31&type=inquiry&status=follow_up' +
        '&handler_id=3&is_read=false&has_attachment=true&account_id=2&sort=subject&page=2&page_size=50',
    );
    expect(emailListParams('inbox', s)).toEqual({
      folder: 'inbox',
      page: 2,
      page_size: 50,
      sort: 'subject',
      q: 'bottles',
      from: 'becker',
      date_from: '2026-01-01',
      date_to: '2026-01-31',
      type: 'inquiry',
      status: 'follow_up',
      handler_id: '3',
      is_read: 'false',
      has_attachment: 'true',
      account_id: '2',
    });
  });

  it('starts plain: newest first, page 1, 20 a page, no filters', () => {
    expect(emailListParams('outbox', state(''))).toEqual({
      folder: 'outbox',
      page: 1,
      page_size: 20,
      sort: '-date',
    });
  });

  it('leaves out what the server would refuse instead of failing the list', () => {
    const s = state(
      '?status=done&type=spam&handler_id=abc&account_id=0&is_read=maybe&has_attachment=1&date_from=yesterday&sort=size',
    );
    expect(emailListParams('inbox', s)).toEqual({ folder: 'inbox', page: 1, page_size: 20, sort: '-date' });
    expect(activeEmailFilters('inbox', s)).toBe(0);
  });

  it('ignores the type filter where the folder is a type', () => {
    const s = state('?type=normal&status=handled');
    expect(cleanFilters('inquiry', s.filters)).toEqual({ status: 'handled' });
    expect(cleanFilters('inbox', s.filters)).toEqual({ type: 'normal', status: 'handled' });
    expect(activeEmailFilters('quotation', s)).toBe(1);
  });

  it('reads a date range typed backwards as the days between', () => {
    expect(cleanFilters('inbox', state('?date_from=2026-03-10&date_to=2026-03-01').filters)).toEqual({
      date_from: '2026-03-01',
      date_to: '2026-03-10',
    });
  });

  it('round-trips through the URL (what a saved search stores)', () => {
    const search = 'q=rfq&from=hans&status=unhandled&is_read=false&sort=subject';
    expect(serializeListState({ ...state(`?${search}`), page: 1 }, EMAIL_LIST)).toBe(
      'q=rfq&from=hans&status=unhandled&is_read=false&sort=subject',
    );
  });
});

describe('form controls ↔ URL', () => {
  it('turns the date range control into two days and back', () => {
    expect(rangeFilters(['2026-02-01', '2026-02-14'])).toEqual({
      date_from: '2026-02-01',
      date_to: '2026-02-14',
    });
    expect(rangeFilters(['2026-02-14', '2026-02-01'])).toEqual({
      date_from: '2026-02-01',
      date_to: '2026-02-14',
    });
    expect(rangeFilters(null)).toEqual({ date_from: undefined, date_to: undefined });
    expect(rangeOf(state('?date_from=2026-02-01&date_to=2026-02-14'))).toEqual(['2026-02-01', '2026-02-14']);
    expect(rangeOf(state('?date_to=2026-02-14'))).toEqual(['2026-02-14', '2026-02-14']);
    expect(rangeOf(state(''))).toBeNull();
  });

  it('shows read state as all, unread or read', () => {
    expect(readChoiceOf(undefined)).toBe('all');
    expect(readChoiceOf('false')).toBe('unread');
    expect(readChoiceOf('true')).toBe('read');
    expect(isReadOf('unread')).toBe('false');
    expect(isReadOf('read')).toBe('true');
    expect(isReadOf('all')).toBeUndefined();
  });
});
