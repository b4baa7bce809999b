import { fireEvent, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import '@/shared/i18n';
import { ErrorBoundary } from '@/shared/ui/ErrorBoundary';
import { PageFailed } from '@/shared/ui/PageFailed';
import { preloadable } from './preloadable';

/** A page whose download fails while the connection is down. */
function flakyPage() {
  const connection = { up: false, downloads: 0 };
  const Page = preloadable(async () => {
    connection.downloads++;
    if (!connection.up) throw new TypeError('Failed to fetch dynamically imported module');
    return { default: () => <h1>Customers</h1> };
  });
  return { Page, connection };
}

const inBoundary = (Page: ReturnType<typeof flakyPage>['Page']) => (
  <ErrorBoundary fallback={(retry, error) => <PageFailed retry={retry} error={error} />}>
    <Suspense fallback={<p>Loading</p>}>
      <Page />
    </Suspense>
  </ErrorBoundary>
);

describe('preloadable', () => {
  it('downloads a page again when its error boundary tries again after a failed download', async () => {
    const { Page, connection } = flakyPage();
    render(inBoundary(Page));
    const retry = await screen.findByRole('button', { name: 'Try again' });
    // Failed, it waits for the user: no download again and again meanwhile.
    const failed = connection.downloads;
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(connection.downloads).toBe(failed);
    expect(failed).toBeLessThanOrEqual(2);
    connection.up = true;
    fireEvent.click(retry);
    expect(await screen.findByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    expect(connection.downloads).toBe(failed + 1);
  });

  it('a preload after a failed one downloads again, and the page then renders without waiting', async () => {
    const { Page, connection } = flakyPage();
    await expect(Page.preload()).rejects.toThrow('Failed to fetch');
    connection.up = true;
    await Page.preload();
    render(inBoundary(Page));
    expect(screen.getByRole('heading', { name: 'Customers' })).toBeInTheDocument();
    expect(connection.downloads).toBe(2);
  });
});
