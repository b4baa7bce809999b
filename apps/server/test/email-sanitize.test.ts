import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../src/modules/email/accounts';
import { looksLikeInquiry } from '../src/modules/email/inquiry';
import { linkInlineImages, sanitizeEmailHtml } from '../src/modules/email/sanitize';
import { isPublicIp, senderIpFromHeaders } from '../src/modules/email/sender-ip';
import { baseSubject, htmlToText, normaliseMessageId } from '../src/modules/email/sync/message';

const clean = (html: string) => sanitizeEmailHtml(html).html;

describe('email HTML sanitiser', () => {
  it('removes scripts, event handlers, forms and javascript: URLs', () => {
    const out = clean(`<script>window.hacked=1</script><p onclick="hacked()">Hi</p>
      <img src="x.png" onerror="hacked()"><a href="javascript:hacked()">link</a><a href="JaVaScRiPt&#58;x()">2</a>
      <form action="https://evil.test"><input name="pw"><button>Go</button></form>
      <iframe src="https://evil.test"></iframe><object data="x"></object><svg onload="x()"></svg>
      <meta http-equiv="refresh" content="0;url=https://evil.test"><base href="https://evil.test">`);
    for (const bad of [
      '<script',
      'hacked',
      'onerror',
      'onclick',
      'onload',
      'javascript',
      '<form',
      '<input',
      '<button',
      '<iframe',
      '<object',
      '<svg',
      '<meta',
      '<base',
    ]) {
      expect(out.toLowerCase()).not.toContain(bad);
    }
    expect(out).toContain('<p>Hi</p>');
  });

  it('marks remote images instead of loading them', () => {
    const { html, hasRemoteImages } = sanitizeEmailHtml(
      '<img src="https://track.test/pixel.gif" width="1"><img src="//cdn.test/a.png" data-qs-remote-src="javascript:x()">',
    );
    expect(hasRemoteImages).toBe(true);
    expect(html).not.toMatch(/\ssrc=/);
    expect(html).toContain('data-qs-remote-src="https://track.test/pixel.gif"');
    expect(html).toContain('class="qs-remote-image"');
    expect(html).not.toContain('javascript');
    expect(sanitizeEmailHtml('<p>no images</p>').hasRemoteImages).toBe(false);
  });

  it('keeps data: images, links cid: images to their attachment and keeps safe links', () => {
    const png = 'data:image/png;base64,iVBORw0KGgo=';
    const out = clean(
      `<img src="${png}"><img src="cid:Logo@X"><a href="https://ok.test/a">ok</a><a href="mailto:a@b.test">m</a>`,
    );
    expect(out).toContain(`src="${png}"`);
    expect(out).toContain('href="https://ok.test/a" target="_blank" rel="noopener noreferrer"');
    expect(out).toContain('href="mailto:a@b.test"');
    const linked = linkInlineImages(out, new Map([['logo@x', '/api/file/download/?id=7&inline=1']]));
    expect(linked).toContain('<img src="/api/file/download/?id=7&amp;inline=1" data-qs-cid="logo@x" />');
  });

  it('strips CSS that loads or runs anything', () => {
    const out =
      clean(`<style>@import url(https://evil.test/x.css); p { color: red; background: url(https://t.test/p.gif) }
      @font-face { src: url(https://f.test/f.woff) }</style>
      <p style="color: blue; background-image: url('https://t.test/x'); width: expression(alert(1)); behavior: url(x.htc)">x</p>
      <div style="background: u\\72 l(https://t.test)">y</div>`);
    expect(out).not.toMatch(/url|@import|expression|behavior|font-face|t\.test/);
    expect(out).toContain('color: red');
    expect(out).toContain('style="color: blue"');
  });
});

describe('inquiry rule set', () => {
  const check = (subject: string, text = '', headers: { key: string; value: string }[] = []) =>
    looksLikeInquiry({ subject, text, headers });
  it('takes a keyword in the subject, or two in the body, English or Chinese', () => {
    expect(check('Inquiry for LED lights')).toBe(true);
    expect(check('询价：不锈钢管')).toBe(true);
    expect(check('Hello', 'Please send your price list and MOQ.')).toBe(true);
    expect(check('你好', '请报价，并告诉我们起订量。')).toBe(true);
    expect(check('Hello', 'What is the price?')).toBe(false);
    expect(check('Meeting notes', 'see you')).toBe(false);
    expect(check('Unquoted text')).toBe(false);
  });
  it('ignores automatic and bulk mail', () => {
    expect(check('Best price', '', [{ key: 'auto-submitted', value: 'auto-replied' }])).toBe(false);
    expect(check('RFQ', '', [{ key: 'precedence', value: 'bulk' }])).toBe(false);
    expect(check('RFQ', '', [{ key: 'auto-submitted', value: 'no' }])).toBe(true);
  });
});

describe('message helpers', () => {
  it('takes the sender IP from the oldest public Received hop, or X-Originating-IP', () => {
    const received = (v: string) => ({ key: 'received', value: v });
    expect(
      senderIpFromHeaders([
        received('from mx.a.test (mx.a.test [203.0.113.9]) by mx.b.test'),
        received('from relay.test (relay.test [8.8.8.8]) by mx.a.test'),
        received('from pc (unknown [192.168.0.2]) by relay.test'),
      ]),
    ).toBe('8.8.8.8');
    expect(senderIpFromHeaders([{ key: 'x-originating-ip', value: '[81.2.69.142]' }])).toBe('81.2.69.142');
    expect(senderIpFromHeaders([received('from x ([IPv6:2a00:1450:4864::1]) by y')])).toBe(
      '2a00:1450:4864::1',
    );
    expect(senderIpFromHeaders([received('by local.test; Mon, 1 Jan 2024')])).toBe('');
    expect(isPublicIp('10.1.2.3') || isPublicIp('127.0.0.1') || isPublicIp('fe80::1')).toBe(false);
  });
  it('turns an HTML body into searchable text', () => {
    const html = `<html><head><title>T</title><style>p{color:red}</style></head><body>
      <p>Dear&nbsp;buyer,</p><p>Price &amp; MOQ &lt;500&gt;?<br>Thanks</p><script>x()</script>
      <table><tr><td>Item</td><td>Qty</td></tr><tr><td>Valve</td><td>20</td></tr></table><div>询价</div>`;
    expect(htmlToText(html)).toBe('Dear buyer,\n\nPrice & MOQ <500>?\nThanks\n\nItem Qty\nValve 20\n\n询价');
  });
  it('normalises Message-IDs and subjects', () => {
    expect(normaliseMessageId(' <ABC.123@Host.Test> ')).toBe('abc.123@host.test');
    expect(baseSubject('Re: FW: 回复：转发: Order 42')).toEqual({ base: 'order 42', isReply: true });
    expect(baseSubject('Order 42').isReply).toBe(false);
  });
  it('encrypts account passwords with the secret (AES-256-GCM)', () => {
    const stored = encryptSecret('a-long-enough-secret', 'p@ss');
    expect(stored).toMatch(/^v1:/);
    expect(decryptSecret('a-long-enough-secret', stored)).toBe('p@ss');
    expect(() => decryptSecret('another-long-secret', stored)).toThrow(/QUAYSIDE_SECRET/);
    expect(encryptSecret('a-long-enough-secret', 'p@ss')).not.toBe(stored);
  });
});
