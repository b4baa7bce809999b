import { describe, expect, it } from 'vitest';
import { mentionsAttachment, ownText, prepareDraftHtml } from './draft-html';

describe('prepareDraftHtml', () => {
  it('gives a plain-text signature of a new draft its line breaks', () => {
    expect(prepareDraftHtml('<p></p><div class="qs-signature">Anna\nSales</div>')).toBe(
      '<p></p><div class="qs-signature">Anna<br>Sales</div>',
    );
  });

  it('leaves an HTML signature alone', () => {
    const html = '<p></p><div class="qs-signature"><b>Anna</b></div>';
    expect(prepareDraftHtml(html)).toBe(html);
  });

  it('turns the blank lines written for mail programs back into empty paragraphs, not in the quote', () => {
    const quote = '<div class="qs-quote">On Mon, X wrote:<br><blockquote><p><br></p></blockquote></div>';
    expect(prepareDraftHtml(`<p>Hi</p><p><br></p><p>Bye</p>${quote}`)).toBe(
      `<p>Hi</p><p></p><p>Bye</p>${quote}`,
    );
  });
});

describe('mentionsAttachment (the forgotten attachment)', () => {
  it('reads only what the user wrote, in English or Chinese', () => {
    expect(mentionsAttachment('<p>Please find attached our price list.</p>')).toBe(true);
    expect(mentionsAttachment('<p>报价单见附件。</p>')).toBe(true);
    expect(mentionsAttachment('<p>Thanks, see you.</p>')).toBe(false);
  });

  it('ignores the quote and the signature', () => {
    const quote =
      '<div class="qs-quote">On Mon, X wrote:<br><blockquote>I attached the drawing</blockquote></div>';
    const signature = '<div class="qs-signature">Attachments are confidential</div>';
    expect(mentionsAttachment(`<p>Thanks!</p>${signature}${quote}`)).toBe(false);
    expect(ownText(`<p>Thanks!</p>${signature}${quote}`)).toBe('Thanks!');
  });
});
