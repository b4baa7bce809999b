/**
 * How an email's body is shown. The server sanitises the HTML (no script, handler, form, frame or
 * javascript: URL; remote images parked in `data-qs-remote-src`). The web adds two more walls: the
 * iframe's sandbox (no allow-scripts) and a Content-Security-Policy in the document itself that
 * lets images load only from this server and data: URLs until the reader allows remote ones.
 */

export const REMOTE_SRC_ATTR = 'data-qs-remote-src';
export const REMOTE_IMAGE_CLASS = 'qs-remote-image';

/** `allow-same-origin` without `allow-scripts`: nothing runs, and the app can size the frame and
 * load inline images with the session cookie. Links open in a new tab, outside the sandbox. */
export const BODY_SANDBOX = 'allow-same-origin allow-popups allow-popups-to-escape-sandbox';

export function bodyPolicy(showRemoteImages: boolean): string {
  const images = showRemoteImages ? "'self' data: https: http:" : "'self' data:";
  return [
    "default-src 'none'",
    `img-src ${images}`,
    "style-src 'unsafe-inline'",
    "font-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
  ].join('; ');
}

/** Quiet defaults for a message without styles of its own (most plain HTML mail). */
const BASE_STYLE = `
html { color-scheme: light; }
body { margin: 0; padding: 4px 2px 12px; font: 14px/1.6 -apple-system, BlinkMacSystemFont, "Segoe UI",
  "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", Roboto, Arial, sans-serif; color: #1f2937;
  overflow-wrap: anywhere; }
img { max-width: 100%; height: auto; }
img.${REMOTE_IMAGE_CLASS}:not([src]) { display: inline-block; min-width: 16px; min-height: 16px;
  background: repeating-linear-gradient(45deg, #f3f4f6 0 6px, #e5e7eb 6px 12px); border-radius: 2px; }
blockquote { margin: 0 0 0 4px; padding-left: 12px; border-left: 3px solid #e5e7eb; color: #4b5563; }
pre { white-space: pre-wrap; }
a[href] { color: #2563eb; }
`;

/** Puts the remote images' addresses back in `src` (after "show images"). */
export function revealRemoteImages(doc: Document): number {
  const images = doc.querySelectorAll<HTMLImageElement>(`img[${REMOTE_SRC_ATTR}]`);
  for (const img of images) {
    const src = img.getAttribute(REMOTE_SRC_ATTR) ?? '';
    if (/^(https?:)?\/\//i.test(src.trim())) img.setAttribute('src', src.trim());
    img.removeAttribute(REMOTE_SRC_ATTR);
  }
  return images.length;
}

/**
 * The `srcdoc` of the body frame: the sanitised HTML with the policy, a default style and links
 * opening in a new tab. DOMParser documents are inert: parsing loads and runs nothing.
 */
export function buildBodyDocument(html: string, options: { showRemoteImages: boolean }): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (options.showRemoteImages) revealRemoteImages(doc);
  const head = doc.head;
  const policy = doc.createElement('meta');
  policy.setAttribute('http-equiv', 'Content-Security-Policy');
  policy.setAttribute('content', bodyPolicy(options.showRemoteImages));
  const charset = doc.createElement('meta');
  charset.setAttribute('charset', 'utf-8');
  const base = doc.createElement('base');
  base.setAttribute('target', '_blank');
  const style = doc.createElement('style');
  style.textContent = BASE_STYLE;
  // The policy first, so it covers everything after it; the message's own styles after ours win.
  head.prepend(charset, policy, base, style);
  return `<!doctype html>${doc.documentElement.outerHTML}`;
}

/** Plain-text bodies: the text with its web and mail addresses as links, in React-safe pieces. */
export type TextPiece = { text: string; href?: string };

const LINK = /\b(https?:\/\/[^\s<>"'）)]+[^\s<>"'）).,;:!?，。])|\b([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/g;

export function linkifyText(text: string): TextPiece[] {
  const out: TextPiece[] = [];
  let last = 0;
  for (const m of text.matchAll(LINK)) {
    const index = m.index ?? 0;
    if (index > last) out.push({ text: text.slice(last, index) });
    const [whole, url, mail] = m;
    out.push({ text: whole, href: url ? url : `mailto:${mail}` });
    last = index + whole.length;
  }
  if (last < text.length) out.push({ text: text.slice(last) });
  return out;
}

/** Quoted lines of a plain-text reply ("> …") are dimmed; consecutive ones form one block. */
export function splitQuoted(text: string): { quoted: boolean; text: string }[] {
  const blocks: { quoted: boolean; text: string }[] = [];
  for (const line of text.split(/\r?\n/)) {
    const quoted = /^\s*>/.test(line);
    const prev = blocks.at(-1);
    if (prev && prev.quoted === quoted) prev.text += `\n${line}`;
    else blocks.push({ quoted, text: line });
  }
  return blocks;
}
