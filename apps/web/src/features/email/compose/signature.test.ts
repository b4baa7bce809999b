import { describe, expect, it } from 'vitest';
import { signatureHtml, swapSignature } from './signature';

const QUOTE =
  '<div class="qs-quote">On Mon, Hans wrote:<br><blockquote><div class="qs-signature">Hans</div></blockquote></div>';

describe('swapSignature', () => {
  it('replaces an unchanged signature with the new account one, leaving the quote alone', () => {
    const html = `<p>Hello</p><div class="qs-signature"><p><strong>Anna</strong><br>Sales</p></div>${QUOTE}`;
    const { html: out, outcome } = swapSignature(html, '<b>Anna</b><br>Sales', 'Li Wei\nExport manager');
    expect(outcome).toBe('swapped');
    expect(out).toBe(`<p>Hello</p><div class="qs-signature">Li Wei<br>Export manager</div>${QUOTE}`);
  });

  it('keeps a signature the user edited', () => {
    const html = '<p>Hi</p><div class="qs-signature"><p>Anna (on holiday until May)</p></div>';
    expect(swapSignature(html, 'Anna', 'Li Wei')).toEqual({ html, outcome: 'kept' });
  });

  it('adds the new signature above the quote when the draft has none', () => {
    const { html, outcome } = swapSignature(`<p>Hi</p>${QUOTE}`, '', 'Li Wei');
    expect(outcome).toBe('added');
    expect(html).toBe(`<p>Hi</p><div class="qs-signature">Li Wei</div>${QUOTE}`);
  });

  it('adds it at the end of a new email', () => {
    expect(swapSignature('<p>Hi</p>', '', 'Li').html).toBe('<p>Hi</p><div class="qs-signature">Li</div>');
  });

  it('removes an unchanged signature when the new account has none', () => {
    expect(swapSignature('<p>Hi</p><div class="qs-signature"><p>Anna</p></div>', 'Anna', '')).toEqual({
      html: '<p>Hi</p>',
      outcome: 'removed',
    });
  });

  it('changes nothing when neither account has a signature', () => {
    expect(swapSignature('<p>Hi</p>', '', '')).toEqual({ html: '<p>Hi</p>', outcome: 'none' });
  });

  it('never touches the signatures inside a quoted email', () => {
    const { html } = swapSignature(`<p>Hi</p>${QUOTE}`, 'Hans', 'Li');
    expect(html).toContain('<blockquote><div class="qs-signature">Hans</div></blockquote>');
  });
});

describe('signature HTML', () => {
  it('escapes plain text and keeps its lines', () => {
    expect(signatureHtml('A & B <sales>\nTel 1')).toBe('A &amp; B &lt;sales&gt;<br>Tel 1');
  });

  it('leaves simple HTML as it is', () => {
    expect(signatureHtml('<b>Anna</b>')).toBe('<b>Anna</b>');
  });
});
