import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { bootScreen } from './vite-boot-screen.ts';
import { compressAssets } from './vite-compress.ts';
import { criticalCssParts } from './vite-critical-css.ts';
import { firstPaint } from './vite-first-paint.ts';
import { firstScreenScript } from './vite-first-screen.ts';

const backend = process.env.QUAYSIDE_API ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react(), criticalCssParts(), bootScreen(), firstScreenScript(), firstPaint(), compressAssets()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: backend, changeOrigin: true },
      '/site': { target: backend, changeOrigin: true },
    },
  },
  build: {
    target: 'es2022',
    manifest: true,
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What every screen needs (React, router, i18n, antd's core) in one cached file
            // instead of dozens of tiny ones; page-specific antd parts stay with their pages.
            { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial'] },
          ],
        },
      },
      // The contract's zod schemas are only types here; the web app imports its constants
      // (ROLES, PAGE_SIZES, …). Building the schemas is free of side effects, so the ones
      // nobody uses are dropped instead of pulling zod into the bundle.
      treeshake: {
        manualPureFunctions: ['z'],
        moduleSideEffects: [
          { test: /[\\/]node_modules[\\/]zod[\\/]/, sideEffects: false },
          { test: /[\\/]packages[\\/]contract[\\/]/, sideEffects: false },
        ],
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    css: false,
    // Rendering the whole app in jsdom takes seconds when the server suite shares the two cores.
    testTimeout: 20_000,
  },
});
