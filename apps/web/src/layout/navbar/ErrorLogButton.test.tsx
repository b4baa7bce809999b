import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorLogStore, logError } from '@/shared/error-log/store';
import '@/shared/i18n';
import { ErrorLogButton } from './ErrorLogButton';

describe('error log', () => {
  beforeEach(() => {
    errorLogStore.set([]);
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows the bug icon only when something was logged, and lists message, info, url and stack', async () => {
    render(
      <App>
        <ErrorLogButton />
      </App>,
    );
    expect(screen.queryByRole('button', { name: 'Error log' })).toBeNull();

    act(() => logError(new Error('Cannot read properties of undefined'), 'CustomerTable'));
    const button = await screen.findByRole('button', { name: 'Error log' });
    expect(console.error).toHaveBeenCalled();

    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Error Log');
    expect(dialog).toHaveTextContent('Cannot read properties of undefined');
    expect(dialog).toHaveTextContent('CustomerTable');
    expect(dialog).toHaveTextContent(location.href);

    await userEvent.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Error log' })).toBeNull());
    expect(errorLogStore.get()).toEqual([]);
  });

  it('collects uncaught errors of the page', async () => {
    const { installGlobalErrorHandlers } = await import('@/shared/error-log/store');
    const uninstall = installGlobalErrorHandlers(window);
    window.dispatchEvent(new ErrorEvent('error', { error: new Error('boom'), message: 'boom' }));
    uninstall();
    expect(errorLogStore.get().map((e) => [e.message, e.info])).toEqual([['boom', 'window.onerror']]);
  });
});
