import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const ENTRY = fileURLToPath(new URL('./src/first-screen.ts', import.meta.url));

/**
 * Builds `src/first-screen.ts` as an entry of its own and loads it `async` from index.html, ahead of
 * the app: it runs as soon as its few bytes arrive, instead of after the app's libraries.
 */
export function firstScreenScript(): Plugin {
  return {
    name: 'quayside:first-screen',
    apply: 'build',
    config: () => ({ build: { rolldownOptions: { input: { index: 'index.html', 'first-screen': ENTRY } } } }),
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunk = Object.values(ctx.bundle ?? {}).find(
          (c) => c.type === 'chunk' && c.isEntry && c.facadeModuleId === ENTRY,
        );
        if (!chunk) throw new Error('first-screen chunk missing from the build');
        return [
          {
            tag: 'script',
            attrs: { type: 'module', async: true, crossorigin: true, src: `/${chunk.fileName}` },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
