import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from '../src/modules/email/accounts';
import { looksLikeInquiry } from '../src/modules/email/inquiry';
import { judgeUrl } from '../src/modules/email/safe-url';
import { linkInlineImages, sanitizeEmailHtml, sanitizeOwnHtml } from '../src/modules/email/sanitize';
import { isPublicIp, senderIpFromHeaders } from '../src/modules/email/sender-ip';
import { cleanSignature, signatureHtml } from '../src/modules/email/signature';
import { baseSubject, htmlToText, normaliseMessageId } from '../src/modules/email/sync/message';
import corpus from './fixtures/xss-vectors.json';

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

describe('URLs judged as the browser reads them', () => {
  it('finds the scheme through edges, tabs, newlines, controls and case', () => {
    for (const bad of [
      ' javascript:alert(1)',
      '\u0000\u001f javascript:alert(1)',
      'java\tscr\nipt:alert(1)',
      'JaVaScRiPt:alert(1)',
      'javascript:alert(1)\u0008 ',
      'vbscript:msgbox(1)',
      'data:text/html,<script>alert(1)</script>',
      'data:image/svg+xml,<svg onload=alert(1)>',
      'feed:javascript:alert(1)',
    ]) {
      expect(judgeUrl(bad), JSON.stringify(bad)).toBeNull();
    }
    expect(judgeUrl('\t HTTPS://ok.test/a\n')).toEqual({ kind: 'web', url: 'HTTPS://ok.test/a' });
    expect(judgeUrl('//cdn.test/x.png')?.kind).toBe('web');
    expect(judgeUrl('mailto:a@b.test')?.kind).toBe('contact');
    expect(judgeUrl('tel:+86 21 1234')?.kind).toBe('contact');
    expect(judgeUrl('#top')?.kind).toBe('fragment');
    expect(judgeUrl('cid:logo@x')?.kind).toBe('cid');
    expect(judgeUrl('data:image/png;base64,iVBORw0KGgo=')?.kind).toBe('data-image');
  });

  it('drops what would point into this app or cannot be parsed', () => {
    for (const bad of [
      '/api/user/delete/',
      'page.html',
      '\u00a0javascript:alert(1)',
      'http://google:ha.ckers.org',
    ]) {
      expect(judgeUrl(bad), JSON.stringify(bad)).toBeNull();
    }
  });

  it('reads entities as the browser does, with or without semicolons, nested or not', () => {
    const out = clean(
      '<a href="&#x6A&#x41;vAsCrIpT&colon;alert(1)">1</a><a href="&Tab;java&NewLine;script:x()">2</a>' +
        '<a href="&amp;#106;avascript:x()">3</a><a href="&Tab;https://ok.test/?a=1&amp;b=2">4</a>',
    );
    expect(out).not.toMatch(/javascript|&#106|href="&/i);
    expect(out).toContain('<a href="https://ok.test/?a=1&amp;b=2" target="_blank"');
  });

  it('keeps no URL attribute but a link and an image source', () => {
    const out = clean(
      '<table background="https://t.test/bg.png"><tr><td background="x.png">x</td></tr></table>' +
        '<img src="https://ok.test/a.png" srcset="javascript:alert(1) 1x" lowsrc="x.png"><q cite="https://x.test">q</q>',
    );
    expect(out).not.toMatch(/background=|srcset|lowsrc|cite=/);
  });
});

describe('HTML written here (drafts, sent mail, signatures)', () => {
  it('keeps remote image sources, which is what the mail sends, and judges the marks', () => {
    const own = sanitizeOwnHtml(
      '<img src="https://cdn.test/a.png"><img data-qs-remote-src="https://cdn.test/b.png" class="qs-remote-image">' +
        '<img data-qs-remote-src="javascript:alert(1)"><img data-qs-cid="Logo@X&quot; onerror=&quot;x">',
    );
    expect(own).toContain('<img src="https://cdn.test/a.png" />');
    expect(own).toContain('data-qs-remote-src="https://cdn.test/b.png"');
    expect(own).toContain('data-qs-cid="logo@xonerrorx"');
    expect(own).not.toMatch(/javascript|"\s*onerror/);
  });

  it('is stable: sanitising sanitised HTML changes nothing (every corpus vector, both sources)', () => {
    for (const { html } of corpus.vectors) {
      const once = sanitizeEmailHtml(html).html;
      expect(sanitizeEmailHtml(once).html).toBe(once);
      const own = sanitizeOwnHtml(html);
      expect(sanitizeOwnHtml(own)).toBe(own);
    }
  });

  it('keeps a plain-text signature as typed and sanitises an HTML one', () => {
    expect(cleanSignature('Anna Li <anna@x.test>\nSales')).toBe('Anna Li <anna@x.test>\nSales');
    expect(signatureHtml('Anna & Co <anna@x.test>\nSales')).toBe(
      'Anna &amp; Co &lt;anna@x.test&gt;<br>Sales',
    );
    const html = cleanSignature(
      '<p onclick="x()">Anna</p><a href=" javascript:x()">site</a><img src="x" onerror="y()">',
    );
    expect(html).toBe('<p>Anna</p><a target="_blank" rel="noopener noreferrer">site</a>');
    expect(signatureHtml('<b>Anna</b><script>x()</script>')).toBe('<b>Anna</b>');
  });
});

describe('ordinary mail keeps its looks', () => {
  it('keeps layout tables, inline styles without url(), style sheets with media queries and utility classes', () => {
    const out = clean(`<style>.btn { color: #fff; background: #0a7cff url(https://t.test/b.png) }
      @media (max-width: 600px) { .sm\\:w-full { width: 100% !important } }</style>
      <table width="600" cellpadding="0" style="border-collapse: collapse"><tr>
      <td class="sm:w-full" style="background-color: #f4f4f4; background-image: url('https://t.test/bg.png'); padding: 12px">
      <font color="#333333" face="Arial">Spring catalogue</font></td></tr></table>`);
    expect(out).toContain('<table width="600" cellpadding="0" style="border-collapse: collapse">');
    expect(out).toContain('<td class="sm:w-full" style="background-color: #f4f4f4;padding: 12px">');
    expect(out).toContain('<font color="#333333" face="Arial">');
    expect(out).toContain('.sm\\:w-full { width: 100% !important }');
    expect(out).toContain('.btn { color: #fff }');
    expect(out).not.toMatch(/url\(|t\.test/);
  });

  it('links inline images only inside <img> tags', () => {
    const out = linkInlineImages(
      '<p>data-qs-cid="logo@x"</p><img data-qs-cid="logo@x" />',
      new Map([['logo@x', '/api/file/download/?id=7&inline=1']]),
    );
    expect(out).toBe(
      '<p>data-qs-cid="logo@x"</p><img src="/api/file/download/?id=7&amp;inline=1" data-qs-cid="logo@x" />',
    );
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
