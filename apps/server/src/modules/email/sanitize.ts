import postcss, { type Root } from 'postcss';
import sanitizeHtml, { type IOptions } from 'sanitize-html';

/**
 * An email's HTML made safe to show (in a sandboxed iframe, which is the second wall):
 * - no script, style sheet link, frame, object, form or form control, meta or base: the tags are dropped;
 * - no event handler attribute (onclick, onerror, …): only the listed attributes pass;
 * - links only to http, https, mailto and tel; `javascript:` and other schemes lose their href;
 * - CSS (inline `style` and `<style>` blocks) without url(), expression(), @import and escapes,
 *   so a style cannot load anything either;
 * - remote images are not loaded: their address moves to `data-qs-remote-src`, they get the class
 *   `qs-remote-image`, and the reader restores `src` after clicking "show images" (they are
 *   tracking pixels too). `cid:` images are marked and linked to their attachment when shown;
 *   data:image/ stays.
 */
export const REMOTE_SRC_ATTR = 'data-qs-remote-src';
export const REMOTE_IMAGE_CLASS = 'qs-remote-image';
/** Set on `cid:` images at sync time; the detail answer adds the `src` of the stored attachment. */
export const CID_ATTR = 'data-qs-cid';

export const normaliseCid = (cid: string) =>
  cid
    .trim()
    .replace(/^<|>$/g, '')
    .toLowerCase()
    .replace(/[^\w.@$+-]/g, '');

/** Points the `cid:` images of stored HTML at their attachments' download URLs. */
export function linkInlineImages(html: string, urls: ReadonlyMap<string, string>): string {
  return html.replace(/data-qs-cid="([^"]*)"/g, (attr, cid: string) => {
    const url = urls.get(cid);
    return url ? `src="${url.replace(/&/g, '&amp;')}" ${attr}` : attr;
  });
}

export type SanitizedHtml = { html: string; hasRemoteImages: boolean };

const tags = [
  ...sanitizeHtml.defaults.allowedTags,
  'img',
  'font',
  'center',
  'big',
  'strike',
  'tt',
  'style',
  'html',
  'body',
  'head',
];
const common = [
  'style',
  'class',
  'align',
  'valign',
  'width',
  'height',
  'bgcolor',
  'border',
  'cellpadding',
  'cellspacing',
  'dir',
  'lang',
  'title',
  'colspan',
  'rowspan',
  'nowrap',
];

/** Properties that load things or run code in some browser. */
const forbiddenProps = /^(behavior|-moz-binding|src)$/i;
const unsafeValue = /url\s*\(|expression\s*\(|javascript:|\\|image-set\s*\(|@import/i;

function cleanCss(root: Root): string {
  root.walkAtRules((rule) => {
    if (!['media', 'supports'].includes(rule.name.toLowerCase())) rule.remove();
  });
  root.walkDecls((decl) => {
    if (forbiddenProps.test(decl.prop) || unsafeValue.test(decl.value) || unsafeValue.test(decl.prop))
      decl.remove();
  });
  return root.toString();
}

/**
 * Cleaned style attributes by their text. Mail from one template repeats the same few styles hundreds
 * of times, and a postcss parse per attribute was most of the cost of sanitising such HTML. Bounded:
 * emptied when full.
 */
const styleCache = new Map<string, string>();
const STYLE_CACHE_SIZE = 2000;

function cleanStyleAttribute(style: string): string {
  let cleaned = styleCache.get(style);
  if (cleaned === undefined) {
    cleaned = parseStyleAttribute(style);
    if (styleCache.size >= STYLE_CACHE_SIZE) styleCache.clear();
    styleCache.set(style, cleaned);
  }
  return cleaned;
}

function parseStyleAttribute(style: string): string {
  try {
    const root = postcss.parse(`x{${style}}`);
    const rule = root.first;
    if (rule?.type !== 'rule') return '';
    cleanCss(root);
    return rule.nodes.map((n) => n.toString()).join(';');
  } catch {
    return '';
  }
}

function cleanStyleSheet(css: string): string {
  try {
    return cleanCss(postcss.parse(css));
  } catch {
    return '';
  }
}

type Attribs = Record<string, string>;

/** The style attribute cleaned (every tag; runs after the tag's own transform). */
function cleanStyle(attribs: Attribs): Attribs {
  if (attribs.style === undefined) return attribs;
  const { style, ...rest } = attribs;
  const cleaned = cleanStyleAttribute(style);
  return cleaned ? { ...rest, style: cleaned } : rest;
}

export function sanitizeEmailHtml(html: string): SanitizedHtml {
  let hasRemoteImages = false;
  const options: IOptions = {
    allowedTags: tags,
    allowVulnerableTags: true,
    allowedAttributes: {
      '*': common,
      a: [...common, 'href', 'name', 'target', 'rel'],
      img: [...common, 'src', 'alt', REMOTE_SRC_ATTR, CID_ATTR],
      font: [...common, 'color', 'face', 'size'],
      table: [...common, 'summary'],
      td: [...common, 'headers', 'scope'],
      th: [...common, 'headers', 'scope'],
      ol: [...common, 'start', 'type'],
      ul: [...common, 'type'],
    },
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: true,
    parseStyleAttributes: false,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: cleanStyle(attribs) }),
      a: (tagName, attribs) => ({
        tagName,
        attribs: { ...attribs, target: '_blank', rel: 'noopener noreferrer' },
      }),
      img: (tagName, attribs) => {
        // The marks are this module's: a message must not bring its own.
        const { src = '', [REMOTE_SRC_ATTR]: _remote, [CID_ATTR]: _cid, ...rest } = attribs;
        const value = src.trim();
        if (/^cid:/i.test(value)) {
          const cid = normaliseCid(value.slice(4));
          return { tagName, attribs: cid ? { ...rest, [CID_ATTR]: cid } : rest };
        }
        if (/^(https?:)?\/\//i.test(value)) {
          hasRemoteImages = true;
          const cls = [rest.class, REMOTE_IMAGE_CLASS].filter(Boolean).join(' ');
          return { tagName, attribs: { ...rest, [REMOTE_SRC_ATTR]: value, class: cls } };
        }
        if (/^data:image\//i.test(value)) return { tagName, attribs: { ...rest, src: value } };
        return { tagName, attribs: rest };
      },
    },
    // The remote address must survive the scheme check above, which only looks at src/href.
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      !frame.attribs.src &&
      !frame.attribs[REMOTE_SRC_ATTR] &&
      !frame.attribs[CID_ATTR],
  };
  const clean = sanitizeHtml(html, options);
  const withSheets = clean.replace(
    /(<style[^>]*>)([\s\S]*?)(<\/style>)/gi,
    (_m, open: string, css: string, close: string) => `${open}${cleanStyleSheet(css)}${close}`,
  );
  return { html: withSheets, hasRemoteImages };
}
