import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '@/shared/i18n';
import { resolveSettings } from './column-prefs';
import { ListToolbar } from './ListToolbar';

const columns = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
];
const prefs = {
  settings: resolveSettings(columns, null),
  save: vi.fn(),
  reset: vi.fn(),
  loaded: true,
  defaults: resolveSettings(columns, null),
};

describe('ListToolbar', () => {
  it('shows the count and "filtered", the columns and a refresh that refetches', () => {
    const refetch = vi.fn();
    render(
      <ListToolbar
        summary="12 customers"
        filtered
        columns={columns}
        prefs={prefs}
        list={{ isFetching: false, refetch }}
      />,
    );
    expect(screen.getByText('12 customers')).toHaveTextContent('12 customersFiltered');
    expect(screen.getByRole('button', { name: /Columns/ })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(refetch).toHaveBeenCalledOnce();
  });

  it('shows the bulk bar instead of the count while rows are selected, and the list own tools', () => {
    render(
      <ListToolbar
        summary="12 customers"
        bulk={<span>3 selected</span>}
        tools={<button type="button">Grid</button>}
        showColumns={false}
        columns={columns}
        prefs={prefs}
        list={{ isFetching: false, refetch: () => {} }}
      />,
    );
    expect(screen.queryByText('12 customers')).toBeNull();
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Grid' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Columns/ })).toBeNull();
  });
});
