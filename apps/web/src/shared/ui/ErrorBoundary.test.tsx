import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '@/shared/i18n';
import { ErrorBoundary } from './ErrorBoundary';
import { PageFailed } from './PageFailed';
import { ScreenFailed } from './ScreenFailed';

function Broken(): never {
  throw new TypeError('Failed to fetch dynamically imported module');
}

describe('ErrorBoundary', () => {
  it('a failing page offers to try again, the shell around it stays', () => {
    render(
      <main>
        <nav>Menu</nav>
        <ErrorBoundary fallback={(retry) => <PageFailed retry={retry} />}>
          <Broken />
        </ErrorBoundary>
      </main>,
    );
    expect(screen.getByText('This page ran into a problem')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(screen.getByText('Menu')).toBeInTheDocument();
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
