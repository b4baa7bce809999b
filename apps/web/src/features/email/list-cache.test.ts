import type { EmailListItem, ListAnswer } from '@quayside/contract';
import { describe, expect, it } from 'vitest';
import { actionDoneKey, actionEffect, actionRequest } from './actions';
import { dropRows, moveCursor, neighbours, patchRows } from './list-cache';

const item = (id: number, over: Partial<EmailListItem> = {}) =>
  ({ id, is_read: false, status: 'unhandled', ...over }) as EmailListItem;
const page = (...items: EmailListItem[]): ListAnswer<EmailListItem> => ({
  items,
  total: 40,
  page: 1,
  page_size: 20,
});

describe('changing the rows on screen', () => {
  it('patches the rows of the action and leaves the others', () => {
    const before = page(item(1), item(2));
    const after = patchRows(before, [2], { status: 'handled', is_read: true });
    expect(after?.items.map((i) => [i.id, i.status, i.is_read])).toEqual([
      [1, 'unhandled', false],
      [2, 'handled', true],
    ]);
    expect(patchRows(before, [9], { is_read: true })).toBe(before);
    expect(patchRows(undefined, [1], { is_read: true })).toBeUndefined();
  });

  it('drops rows that leave the folder and lowers the total', () => {
    const after = dropRows(page(item(1), item(2), item(3)), [1, 3]);
    expect(after?.items.map((i) => i.id)).toEqual([2]);
    expect(after?.total).toBe(38);
  });
});

describe('the keyboard cursor', () => {
  const ids = [10, 11, 12];
  it('starts at the top (j) or the bottom (k) and stops at the ends', () => {
    expect(moveCursor(ids, null, 1)).toBe(10);
    expect(moveCursor(ids, null, -1)).toBe(12);
    expect(moveCursor(ids, 10, 1)).toBe(11);
    expect(moveCursor(ids, 12, 1)).toBe(12);
    expect(moveCursor(ids, 10, -1)).toBe(10);
    expect(moveCursor([], null, 1)).toBeNull();
    // The row went away (a refresh): start again.
    expect(moveCursor(ids, 99, 1)).toBe(10);
  });

  it('knows the neighbours of an email in its list', () => {
    expect(neighbours(ids, 11)).toEqual({ prev: 10, next: 12 });
    expect(neighbours(ids, 10)).toEqual({ prev: null, next: 11 });
    expect(neighbours(ids, 5)).toEqual({ prev: null, next: null });
  });
});

describe('bulk actions', () => {
  it('call the API of each action', () => {
    expect(actionRequest({ kind: 'read', ids: [1], read: false })).toEqual({
      path: '/email/mark_read/',
      body: { ids: [1], read: false },
    });
    expect(actionRequest({ kind: 'type', ids: [1, 2], type: 'inquiry' })).toEqual({
      path: '/email/change_type/',
      body: { ids: [1, 2], type: 'inquiry' },
    });
    expect(actionRequest({ kind: 'status', ids: [3], status: 'follow_up' })).toEqual({
      path: '/email/update_status/',
      body: { ids: [3], status: 'follow_up' },
    });
    expect(actionRequest({ kind: 'handler', ids: [3], handlerId: null, handlerName: '' })).toEqual({
      path: '/email/update_handler/',
      body: { ids: [3], handler_id: null },
    });
    expect(actionRequest({ kind: 'trash', ids: [4] })).toEqual({ path: '/email/trash/', body: { ids: [4] } });
    expect(actionRequest({ kind: 'restore', ids: [4] }).path).toBe('/email/restore/');
    expect(actionRequest({ kind: 'delete', ids: [4] }).path).toBe('/email/delete/');
  });

  it('show their effect at once', () => {
    expect(actionEffect({ kind: 'read', ids: [1], read: true })).toEqual({ is_read: true });
    expect(actionEffect({ kind: 'handler', ids: [1], handlerId: 2, handlerName: 'Lily' })).toEqual({
      handler_id: 2,
      handler_name: 'Lily',
    });
    expect(actionEffect({ kind: 'handler', ids: [1], handlerId: null, handlerName: 'x' })).toEqual({
      handler_id: null,
      handler_name: '',
    });
    expect(actionEffect({ kind: 'trash', ids: [1] })).toBe('leave');
    expect(actionDoneKey({ kind: 'read', ids: [1], read: false })).toBe('email.done.unread');
    expect(actionDoneKey({ kind: 'status', ids: [1], status: 'closed' })).toBe('email.done.status');
  });
});
