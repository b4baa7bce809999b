import type { EmailDetail } from '@quayside/contract';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '@/shared/i18n';
import { EmailBody } from './EmailBody';

const email = (over: Partial<EmailDetail>) =>
  ({ subject: 'Offer', html: '', text: '', has_remote_images: false, ...over }) as EmailDetail;

const HTML =
  '<p>Hi</p><img alt="banner" data-qs-remote-src="https://img.example/b.png" class="qs-remote-image">';

describe('EmailBody', () => {
  it('shows HTML in a frame where nothing runs, remote images held back until asked', () => {
    render(<EmailBody email={email({ html: HTML, has_remote_images: true })} />);
    const frame = screen.getByTitle('Offer');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame.getAttribute('sandbox')?.split(' ')).not.toContain('allow-scripts');
    // Parked in data-qs-remote-src, not in src.
    expect(frame.getAttribute('srcdoc')).not.toMatch(/\ssrc="https:\/\/img\.example/);

    fireEvent.click(screen.getByRole('button', { name: 'Show images' }));
    expect(screen.queryByRole('button', { name: 'Show images' })).toBeNull();
    expect(screen.getByTitle('Offer').getAttribute('srcdoc')).toMatch(
      /\ssrc="https:\/\/img\.example\/b\.png"/,
    );
  });

  it('offers nothing to show when the message has no remote images', () => {
    render(<EmailBody email={email({ html: '<p>Hi</p>' })} />);
    expect(screen.queryByRole('button', { name: 'Show images' })).toBeNull();
  });

  it('shows a plain-text message as text, its links clickable and quotes apart', () => {
    const { container } = render(
      <EmailBody email={email({ text: 'See https://acme.example/p\n> quoted line\nBye' })} />,
    );
    expect(container.querySelector('iframe')).toBeNull();
    expect(screen.getByRole('link', { name: 'https://acme.example/p' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect(container.querySelector('.email-body__quote')?.textContent).toBe('> quoted line');
  });
});
