import { type RefObject, useEffect, useRef } from 'react';

/** Single-key shortcuts of a page ("/" to search, "n" for new…), only while the user is not typing. */

const NOT_TYPED = new Set(['checkbox', 'radio', 'button', 'submit', 'reset', 'range', 'color', 'file']);

export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NOT_TYPED.has(target.type);
  return ['TEXTAREA', 'SELECT'].includes(target.tagName) || target.getAttribute('role') === 'combobox';
}

/** The plain key of an event, or null when a modifier is held (those belong to the browser). */
export function plainKey(e: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey'>): string | null {
  if (e.ctrlKey || e.metaKey || e.altKey) return null;
  return e.key.length === 1 ? e.key.toLowerCase() : e.key;
}

function dialogOpen(): boolean {
  return [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap, .ant-drawer-open')].some(
    (el) => el.offsetParent !== null || getComputedStyle(el).display !== 'none',
  );
}

/**
 * Calls `keys[key]` on a plain key press while the page of `scope` is the one shown (pages of
 * background tabs stay mounted, hidden) and no dialog is open. A handler that returns `false` did
 * not take the key: the browser's own action goes on (e.g. Enter on a focused button).
 */
export function useHotkeys(scope: RefObject<HTMLElement | null>, keys: Record<string, () => unknown>): void {
  const latest = useRef(keys);
  latest.current = keys;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const key = plainKey(e);
      if (!key || e.defaultPrevented || isTypingTarget(e.target)) return;
      const handler = latest.current[key];
      const el = scope.current;
      if (!handler || !el || el.closest('[hidden]') || dialogOpen()) return;
      if (handler() !== false) e.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [scope]);
}
