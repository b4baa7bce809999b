import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const FAVICON = fileURLToPath(new URL('./public/favicon.svg', import.meta.url));
const MARK = '<!-- boot-mark -->';
const ENTRY_CSS = /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g;

/**
 * The boot screen (index.html) paints with the page's first bytes: its mark is the favicon written
 * into the page, and, in the build, the app's own entry stylesheet (a few kB: the page background
 * and the login layout) is a `<style>`. A picture or a stylesheet link would each hold that first
 * paint for one more round trip on a phone's line.
 */
export function bootScreen(): Plugin {
  let build = false;
  return {
    name: 'quayside:boot-screen',
    configResolved(config) {
      build = config.command === 'build';
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const svg = readFileSync(FAVICON, 'utf8')
          .trim()
          .replace('<svg ', '<svg class="boot__mark" width="48" height="48" aria-hidden="true" ')
          .replace(/<title>.*?<\/title>/, '');
        let page = html.replace(MARK, svg);
        if (!build) return page;
        let inlined = 0;
        page = page.replace(ENTRY_CSS, (tag, file: string) => {
          const asset = ctx.bundle?.[file];
          if (asset?.type !== 'asset') return tag;
          inlined++;
          return `<style>${String(asset.source).replaceAll('</style', '<\\/style')}</style>`;
        });
        if (inlined === 0)
          throw new Error('index.html: no entry stylesheet link to inline (Vite changed its tag?)');
        return page;
      },
    },
  };
}
