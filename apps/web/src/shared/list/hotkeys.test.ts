import { renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { isTypingTarget, plainKey, useHotkeys } from './hotkeys';

describe('hotkeys', () => {
  it('leaves keys alone while the user types', () => {
    const text = document.createElement('input');
    const box = document.createElement('input');
    box.type = 'checkbox';
    const area = document.createElement('textarea');
    const div = document.createElement('div');
    expect(isTypingTarget(text)).toBe(true);
    expect(isTypingTarget(area)).toBe(true);
    expect(isTypingTarget(box)).toBe(false);
    expect(isTypingTarget(div)).toBe(false);
    div.setAttribute('role', 'combobox');
    expect(isTypingTarget(div)).toBe(true);
    expect(isTypingTarget(null)).toBe(false);
  });

  it('reads plain keys only; with a modifier the key belongs to the browser', () => {
    const key = (k: string, mods: Partial<KeyboardEvent> = {}) =>
      plainKey({ key: k, ctrlKey: false, metaKey: false, altKey: false, ...mods });
    expect(key('N')).toBe('n');
    expect(key('/')).toBe('/');
    expect(key('Escape')).toBe('Escape');
    expect(key('n', { ctrlKey: true })).toBeNull();
    expect(key('e', { metaKey: true })).toBeNull();
  });
});

describe('useHotkeys', () => {
  const press = (key: string) => {
    const e = new KeyboardEvent('keydown', { key, cancelable: true, bubbles: true });
    document.body.dispatchEvent(e);
    return e;
  };
  const scope = { current: document.body };

  it('takes the key, or leaves it to the browser when the handler says false', () => {
    const open = vi.fn(() => false);
    const search = vi.fn();
    const { unmount } = renderHook(() => useHotkeys(scope, { Enter: open, '/': search }));
    expect(press('/').defaultPrevented).toBe(true);
    expect(search).toHaveBeenCalledTimes(1);
    expect(press('Enter').defaultPrevented).toBe(false);
    expect(open).toHaveBeenCalledTimes(1);
    expect(press('q').defaultPrevented).toBe(false);
    unmount();
  });
});
