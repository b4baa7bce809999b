import { afterEach, describe, expect, it, vi } from 'vitest';
import { errorLogStore, installGlobalErrorHandlers, logError } from './store';

describe('the error log records only real faults (issue 15)', () => {
  afterEach(() => {
    errorLogStore.set([]);
    vi.restoreAllMocks();
  });

  it('ignores a failed form validation, and never logs what was typed', () => {
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const validation = {
      errorFields: [{ name: ['password'], errors: ['Too short'] }],
      values: { username: 'lily', password: 'hunter2-secret' },
    };
    logError(validation, 'unhandledrejection');
    expect(errorLogStore.get()).toEqual([]);
    logError({ password: 'hunter2-secret' }, 'unhandledrejection');
    const logged = JSON.stringify([errorLogStore.get(), console.mock.calls]);
    expect(errorLogStore.get()).toHaveLength(1);
    expect(logged).not.toContain('hunter2-secret');
  });

  it('does not light the badge for the browser\'s "ResizeObserver loop" notice', () => {
    const off = installGlobalErrorHandlers(window);
    window.dispatchEvent(
      new ErrorEvent('error', { message: 'ResizeObserver loop completed with undelivered notifications.' }),
    );
    off();
    expect(errorLogStore.get()).toEqual([]);
  });
});
