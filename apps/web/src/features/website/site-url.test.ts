import { describe, expect, it } from 'vitest';
import { siteUrl } from './site-url';

describe('the "Open the site" link', () => {
  it('opens /site/ here when no host name is set', () => {
    expect(siteUrl('', { protocol: 'https:', port: '' })).toBe('/site/');
  });

  it('opens the host name with the scheme and port the back office is reached with', () => {
    expect(siteUrl('www.example-export.com', { protocol: 'https:', port: '' })).toBe(
      'https://www.example-export.com/',
    );
    expect(siteUrl('shop.local', { protocol: 'http:', port: '3000' })).toBe('http://shop.local:3000/');
  });
});
