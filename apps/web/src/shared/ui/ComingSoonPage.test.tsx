import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import '@/shared/i18n';
import ComingSoonPage from './ComingSoonPage';

describe('ComingSoonPage', () => {
  it('names the screen of the route it stands in for', () => {
    render(
      <MemoryRouter initialEntries={['/invoice/list']}>
        <ComingSoonPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Invoices — coming soon' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back to the dashboard' })).toBeInTheDocument();
  });
});
