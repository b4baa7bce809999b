import { describe, expect, it } from 'vitest';
import { BODY_SANDBOX, bodyPolicy, buildBodyDocument, linkifyText, splitQuoted } from './body';

/** The sanitised HTML as the server answers it (sanitize.ts marks remote images). */
const HTML =
  '<html><body><h1>Sale</h1><img width="1" height="1" data-qs-remote-src="https://t.example/p.gif?u=1&amp;x=2" class="qs-remote-image" />' +
  '<img src="/api/file/download/?id=7&amp;inline=1" data-qs-cid="logo" /><p><a href="https://shop.example" target="_blank">shop</a></p></body></html>';

const parse = (doc: string) => new DOMParser().parseFromString(doc, 'text/html');

describe('the body frame', () => {
  it('never lets scripts run', () => {
    expect(BODY_SANDBOX.split(' ')).not.toContain('allow-scripts');
    expect(BODY_SANDBOX.split(' ')).not.toContain('allow-forms');
  });

  it('keeps remote images out until they are allowed', () => {
    const doc = parse(buildBodyDocument(HTML, { showRemoteImages: false }));
    const remote = doc.querySelector('img.qs-remote-image');
    expect(remote?.hasAttribute('src')).toBe(false);
    expect(remote?.getAttribute('data-qs-remote-src')).toBe('https://t.example/p.gif?u=1&x=2');
    // The message's own attachments (cid:) show at once.
    expect(doc.querySelector('img[data-qs-cid]')?.getAttribute('src')).toBe(
      '/api/file/download/?id=7&inline=1',
    );
    const csp = doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content');
    expect(csp).toBe(bodyPolicy(false));
    expect(csp).toContain("img-src 'self' data:;");
    expect(csp).toContain("default-src 'none'");
  });

  it('puts the remote images back after "show images"', () => {
    const doc = parse(buildBodyDocument(HTML, { showRemoteImages: true }));
    const remote = doc.querySelector('img.qs-remote-image');
    expect(remote?.getAttribute('src')).toBe('https://t.example/p.gif?u=1&x=2');
    expect(remote?.hasAttribute('data-qs-remote-src')).toBe(false);
    expect(
      doc.querySelector('meta[http-equiv="Content-Security-Policy"]')?.getAttribute('content'),
    ).toContain('https:');
  });

  it('does not revive anything but web addresses', () => {
    const doc = parse(
      buildBodyDocument('<img data-qs-remote-src="javascript:alert(1)" class="qs-remote-image">', {
        showRemoteImages: true,
      }),
    );
    expect(doc.querySelector('img')?.hasAttribute('src')).toBe(false);
  });

  it('puts the policy first and opens links in a new tab', () => {
    const doc = parse(buildBodyDocument('<style>p{color:red}</style><p>Hi</p>', { showRemoteImages: false }));
    const head = [...doc.head.children].map((e) => e.tagName.toLowerCase());
    expect(head.slice(0, 3)).toEqual(['meta', 'meta', 'base']);
    expect(doc.querySelector('base')?.getAttribute('target')).toBe('_blank');
    expect(doc.body.textContent).toBe('Hi');
  });
});

describe('plain-text bodies', () => {
  it('finds web and mail addresses', () => {
    expect(linkifyText('See https://acme.com/p?id=1. Or mail ann@acme.com, thanks')).toEqual([
      { text: 'See ' },
      { text: 'https://acme.com/p?id=1', href: 'https://acme.com/p?id=1' },
      { text: '. Or mail ' },
      { text: 'ann@acme.com', href: 'mailto:ann@acme.com' },
      { text: ', thanks' },
    ]);
    expect(linkifyText('no links')).toEqual([{ text: 'no links' }]);
  });

  it('groups quoted lines', () => {
    expect(splitQuoted('Thanks!\n\n> On Monday Ann wrote:\n> Hi\nBye')).toEqual([
      { quoted: false, text: 'Thanks!\n' },
      { quoted: true, text: '> On Monday Ann wrote:\n> Hi' },
      { quoted: false, text: 'Bye' },
    ]);
  });
});
