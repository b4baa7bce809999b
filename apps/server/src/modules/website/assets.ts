import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const hashOf = (text: string, length = 10) =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

/** The site's stylesheet, read once; its name carries its hash, so it is cached for a year. */
export const SITE_CSS = readFileSync(path.join(import.meta.dirname, 'site.css'), 'utf8');
export const SITE_CSS_PATH = `/site/assets/site.${hashOf(SITE_CSS)}.css`;

/** The brand colour as a one-rule <style>, allowed by its hash in the page's policy (no 'unsafe-inline'). */
export function themeStyle(color: string): { css: string; cspHash: string } {
  const css = `:root{--brand:${color}}`;
  return { css, cspHash: `'sha256-${createHash('sha256').update(css).digest('base64')}'` };
}

/** The public pages' policy: nothing but our own stylesheet, pictures and form; no script at all. */
export function siteCsp(styleHash: string): string {
  return [
    "default-src 'none'",
    `style-src 'self' ${styleHash}`,
    "img-src 'self' data:",
    "form-action 'self'",
    // Crawlers' tools (Lighthouse's robots.txt check) fetch from the page.
    "connect-src 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "script-src 'none'",
  ].join('; ');
}
