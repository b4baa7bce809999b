import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '@/shared/i18n';
import { ColumnChooser } from './ColumnChooser';
import { resolveSettings } from './column-prefs';

const settings = resolveSettings(
  [{ key: 'name' }, { key: 'email' }, { key: 'qq', defaultHidden: true }],
  null,
);
const labels = { name: 'Name', email: 'Email', qq: 'QQ' };

describe('ColumnChooser', () => {
  it('shows every column with its state and reports changes', async () => {
    const onChange = vi.fn();
    render(
      <ColumnChooser settings={settings} labels={labels} onChange={onChange} onReset={() => {}} isDefault />,
    );
    fireEvent.click(screen.getByRole('button', { name: /Columns/ }));

    const qq = await screen.findByRole('checkbox', { name: 'QQ' });
    expect(qq).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Email' })).toBeChecked();

    fireEvent.click(qq);
    expect(onChange).toHaveBeenLastCalledWith([
      { key: 'name', visible: true },
      { key: 'email', visible: true },
      { key: 'qq', visible: true },
    ]);

    fireEvent.click(screen.getByRole('button', { name: 'Move Email up' }));
    expect(onChange.mock.lastCall?.[0].map((s: { key: string }) => s.key)).toEqual(['email', 'name', 'qq']);
    expect(screen.getByRole('button', { name: 'Move Name up' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Back to the default columns' })).toBeDisabled();
  });
});
