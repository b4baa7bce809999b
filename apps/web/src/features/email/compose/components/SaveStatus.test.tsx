import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '@/shared/i18n';
import type { SaverState } from '../draft-saver';
import { SaveStatus } from './SaveStatus';

const state = (over: Partial<SaverState>): SaverState => ({
  status: 'saved',
  savedAt: null,
  theirVersion: null,
  error: null,
  ...over,
});
const at = (h: number, m: number) => new Date(2026, 2, 4, h, m).getTime();

describe('SaveStatus', () => {
  it('says when the draft was saved: this session, or before it opened', () => {
    const { rerender } = render(<SaveStatus state={state({})} loadedAt={at(9, 5)} onRetry={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved at 09:05');
    rerender(<SaveStatus state={state({ savedAt: at(10, 42) })} loadedAt={at(9, 5)} onRetry={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Saved at 10:42');
  });

  it('shows saving, unsaved changes and a conflict', () => {
    const { rerender } = render(
      <SaveStatus state={state({ status: 'saving' })} loadedAt={0} onRetry={() => {}} />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('Saving…');
    rerender(<SaveStatus state={state({ status: 'dirty' })} loadedAt={0} onRetry={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Unsaved changes');
    rerender(<SaveStatus state={state({ status: 'conflict' })} loadedAt={0} onRetry={() => {}} />);
    expect(screen.getByRole('status')).toHaveTextContent('Not saved: changed elsewhere');
  });

  it('offers to try again after a failed save', () => {
    const onRetry = vi.fn();
    render(
      <SaveStatus
        state={state({ status: 'error', error: 'Request failed' })}
        loadedAt={0}
        onRetry={onRetry}
      />,
    );
    expect(screen.getByRole('status')).toHaveAttribute('title', 'Request failed');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(onRetry).toHaveBeenCalled();
  });
});
