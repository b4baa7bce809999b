import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '@/shared/i18n';
import { ErrorBoundary } from './ErrorBoundary';
import { isLostDownload, PageFailed } from './PageFailed';
import { ScreenFailed } from './ScreenFailed';

function Broken(): never {
  throw new TypeError("Cannot read properties of undefined (reading 'name')");
}

function NotDownloaded(): never {
  throw new TypeError('Failed to fetch dynamically imported module: https://quayside.test/assets/Page-x.js');
}

describe('ErrorBoundary', () => {
  it('a failing page offers to try again, the shell around it stays', () => {
    render(
      <main>
        <nav>Menu</nav>
        <ErrorBoundary fallback={(retry, error) => <PageFailed retry={retry} error={error} />}>
          <Broken />
        </ErrorBoundary>
      </main>,
    );
    expect(screen.getByText('This page ran into a problem')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('Menu')).toBeInTheDocument();
  });

  it('a page whose code did not download says so, and asks to check the connection', () => {
    render(
      <ErrorBoundary fallback={(retry, error) => <PageFailed retry={retry} error={error} />}>
        <NotDownloaded />
      </ErrorBoundary>,
    );
    expect(screen.getByText('This page did not download')).toBeInTheDocument();
    expect(
      screen.getByText('The connection may have dropped. Check it, then try again.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('knows a lost download as Chromium, Firefox and Safari word it, and nothing else', () => {
    expect(isLostDownload(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isLostDownload(new TypeError('error loading dynamically imported module: /a.js'))).toBe(true);
    expect(isLostDownload(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isLostDownload(new TypeError('Failed to fetch'))).toBe(false);
    expect(isLostDownload('dynamically imported module')).toBe(false);
  });

  it('a whole screen that fails says so and offers a reload, not a blank page', () => {
    render(
      <ErrorBoundary fallback={() => <ScreenFailed />}>
        <Broken />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Quayside could not open this screen');
    expect(screen.getByRole('heading', { name: 'Quayside could not open this screen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
