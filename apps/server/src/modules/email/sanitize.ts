import postcss, { type Root } from 'postcss';
import sanitizeHtml, { type IOptions } from 'sanitize-html';
import { judgeUrl, safeLink } from './safe-url';

/**
 * An email's HTML made safe on its own: the reading frame's sandbox is a second wall, not the first
 * (the same HTML is quoted into replies, saved in drafts and sent to others).
 * - no script, style sheet link, frame, object, form or form control, meta or base: the tags are dropped;
 * - no event handler attribute (onclick, onerror, …): only the listed attributes pass;
 * - every URL judged as the browser will read it (`safe-url.ts`): links only to http(s), mailto, tel
 *   and `#fragments`, images only http(s), cid: and png/jpeg/gif/webp data:; no other URL attribute;
 * - CSS (inline `style` and `<style>` blocks) without url(), src(), image(), expression(), @import
 *   and escapes, so a style cannot load anything either;
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
  // Only inside <img> tags of sanitised HTML (where attribute values have `>` and `"` escaped).
  return html.replace(/<img\s[^>]*>/g, (tag) =>
    tag.replace(/ data-qs-cid="([^"]*)"/, (attr, cid: string) => {
      const url = urls.get(cid);
      return url ? ` src="${url.replace(/&/g, '&amp;')}"${attr}` : attr;
    }),
  );
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
const forbiddenProps = /^(behavior|-moz-binding|src|-o-link|-o-link-source)$/i;
/**
 * Values that load or run something: url() and the functions that take a URL as a plain string
 * (src(), image(), image-set(), cross-fade()), IE's expression(), and escapes that could spell them.
 */
const unsafeValue =
  /url\s*\(|src\s*\(|image\s*\(|image-set\s*\(|cross-fade\s*\(|element\s*\(|expression\s*\(|javascript:|\\|@import/i;

function cleanCss(root: Root): string {
  root.walkAtRules((rule) => {
    if (!['media', 'supports'].includes(rule.name.toLowerCase())) rule.remove();
  });
  // A selector loads nothing, but one that reads like code is no selector a real mail needs
  // (escapes stay: `.sm\:w-full` is how mail built with utility CSS names its classes).
  root.walkRules((rule) => {
    if (/javascript:|expression\s*\(|url\s*\(/i.test(rule.selector)) rule.remove();
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
  // The browser ends a <style> at the first `</style`: CSS holding one would let markup out.
  if (/<\/style/i.test(css)) return '';
  try {
    return cleanCss(postcss.parse(css));
  } catch {
    return '';
  }
}

type Attribs = Record<string, string>;

/**
 * Whose HTML it is. `received`: mail from outside, whose remote images are parked (they are tracking
 * pixels too). `own`: what the user wrote (drafts, sent mail, signatures), whose remote images keep
 * their `src`: they are what the mail sends. Everything else is judged the same.
 */
export type HtmlSource = 'received' | 'own';

/**
 * Attributes a browser reads as a URL (to load, to navigate to, to submit to). Only `a href` and
 * `img src` (and this module's marks) are kept, judged by `judgeUrl`; the rest never pass, even if a
 * future allow-list names them.
 */
const URL_ATTRS = new Set([
  'href',
  'src',
  'srcset',
  'imagesrcset',
  'background',
  'action',
  'formaction',
  'xlink:href',
  'poster',
  'lowsrc',
  'dynsrc',
  'cite',
  'longdesc',
  'usemap',
  'data',
  'codebase',
  'classid',
  'archive',
  'ping',
  'manifest',
  'profile',
  'icon',
  'srcdoc',
  'itemtype',
  'attributionsrc',
]);

function cleanImage(attribs: Attribs, source: HtmlSource, found: { remote: boolean }): Attribs {
  const { src, [REMOTE_SRC_ATTR]: remote, [CID_ATTR]: cid, ...rest } = attribs;
  const out: Attribs = { ...rest };
  // The marks, whoever wrote them, are kept only with values this module could have written: an
  // address it would park, a cid it would link.
  const parked = remote === undefined ? null : judgeUrl(remote);
  if (parked?.kind === 'web') {
    out[REMOTE_SRC_ATTR] = parked.url;
    found.remote = true;
  }
  const mark = cid === undefined ? '' : normaliseCid(cid);
  if (mark) out[CID_ATTR] = mark;
  const judged = src === undefined ? null : judgeUrl(src);
  if (judged?.kind === 'cid') {
    const ref = normaliseCid(judged.url.slice(4));
    if (ref) out[CID_ATTR] = ref;
  } else if (judged?.kind === 'web') {
    found.remote = true;
    if (source === 'own') out.src = judged.url;
    else {
      out[REMOTE_SRC_ATTR] = judged.url;
      out.class = [out.class, REMOTE_IMAGE_CLASS].filter(Boolean).join(' ');
    }
  } else if (judged?.kind === 'data-image') {
    out.src = judged.url;
  }
  // One order whatever the input's, so that sanitising sanitised HTML changes nothing.
  const { class: cls, [REMOTE_SRC_ATTR]: parkedAt, [CID_ATTR]: cidMark, ...others } = out;
  const classes = [...new Set((cls ?? '').split(/\s+/).filter(Boolean))].join(' ');
  return {
    ...others,
    ...(parkedAt ? { [REMOTE_SRC_ATTR]: parkedAt } : {}),
    ...(cidMark ? { [CID_ATTR]: cidMark } : {}),
    ...(classes ? { class: classes } : {}),
  };
}

/** Every attribute of every tag: URLs judged as the browser reads them, styles without loads. */
function cleanAttributes(tag: string, attribs: Attribs, source: HtmlSource, found: { remote: boolean }) {
  let out: Attribs = {};
  for (const [name, value] of Object.entries(attribs)) {
    if (/^on/i.test(name)) continue;
    if (name === 'style') {
      const style = cleanStyleAttribute(value);
      if (style) out.style = style;
    } else if (name === 'href' && tag === 'a') {
      const href = safeLink(value);
      if (href !== null) out.href = href;
    } else if (!URL_ATTRS.has(name)) {
      out[name] = value;
    } else if (tag === 'img' && name === 'src') {
      out.src = value;
    }
  }
  if (tag === 'img') out = cleanImage(out, source, found);
  if (tag === 'a') out = { ...out, target: '_blank', rel: 'noopener noreferrer' };
  return out;
}

const imgAttributes = [...common, 'src', 'alt', REMOTE_SRC_ATTR, CID_ATTR];

function optionsFor(source: HtmlSource, found: { remote: boolean }): IOptions {
  return {
    allowedTags: tags,
    allowVulnerableTags: true,
    allowedAttributes: {
      '*': common,
      a: [...common, 'href', 'name', 'target', 'rel'],
      img: imgAttributes,
      font: [...common, 'color', 'face', 'size'],
      table: [...common, 'summary'],
      td: [...common, 'headers', 'scope'],
      th: [...common, 'headers', 'scope'],
      ol: [...common, 'start', 'type'],
      ul: [...common, 'type'],
    },
    // sanitize-html's own check stays as a second opinion; ours (`judgeUrl`) runs first.
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'data'] },
    allowProtocolRelative: true,
    parseStyleAttributes: false,
    transformTags: {
      '*': (tagName, attribs) => ({ tagName, attribs: cleanAttributes(tagName, attribs, source, found) }),
    },
    exclusiveFilter: (frame) =>
      frame.tag === 'img' &&
      !frame.attribs.src &&
      !frame.attribs[REMOTE_SRC_ATTR] &&
      !frame.attribs[CID_ATTR],
  };
}

export function sanitizeEmailHtml(html: string, source: HtmlSource = 'received'): SanitizedHtml {
  const found = { remote: false };
  const clean = sanitizeHtml(html, optionsFor(source, found));
  const withSheets = clean.replace(
    /(<style[^>]*>)([\s\S]*?)(<\/style>)/gi,
    (_m, open: string, css: string, close: string) => `${open}${cleanStyleSheet(css)}${close}`,
  );
  return { html: withSheets, hasRemoteImages: found.remote };
}

/** HTML this app stored or the user wrote, made safe again before it is handed out or stored. */
export const sanitizeOwnHtml = (html: string): string => (html ? sanitizeEmailHtml(html, 'own').html : '');
