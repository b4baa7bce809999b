import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import '@/shared/i18n';
import type { AttachmentItem } from '../attachments';
import { AttachmentPanel } from './AttachmentPanel';

const item = (over: Partial<AttachmentItem>): AttachmentItem => ({
  key: 'a',
  fileId: 1,
  name: 'offer.pdf',
  size: 2048,
  mime: 'application/pdf',
  status: 'done',
  percent: 100,
  ...over,
});

describe('AttachmentPanel', () => {
  it('shows each file with its size, an upload with its progress, a refusal with its reason', () => {
    render(
      <AttachmentPanel
        items={[
          item({}),
          item({ key: 'b', fileId: null, name: 'drawing.dwg', status: 'uploading', percent: 42 }),
          item({ key: 'c', fileId: null, name: 'video.mp4', status: 'error', error: 'Too big' }),
          // A picture of the quoted email (cid:) travels along without being listed.
          item({ key: 'd', fileId: 4, name: 'logo.png', inline: true }),
        ]}
        onRemove={() => {}}
      />,
    );
    expect(screen.getByRole('heading')).toHaveTextContent('3 attachments');
    expect(screen.getByText('2 KB')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Uploading drawing.dwg' })).toHaveAttribute(
      'aria-valuenow',
      '42',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Too big');
    expect(screen.queryByText('logo.png')).toBeNull();
  });

  it('removes a file', () => {
    const onRemove = vi.fn();
    render(<AttachmentPanel items={[item({ key: 'x' })]} onRemove={onRemove} />);
    fireEvent.click(screen.getByRole('button', { name: 'Remove offer.pdf' }));
    expect(onRemove).toHaveBeenCalledWith('x');
  });

  it('shows nothing without files', () => {
    const { container } = render(<AttachmentPanel items={[]} onRemove={() => {}} />);
    expect(container).toBeEmptyDOMElement();
  });
});
