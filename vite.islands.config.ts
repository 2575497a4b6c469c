import { join } from 'node:path';
import { defineConfig, type Alias, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The public pages' islands: their loader (src/client/islands/loader.ts), each island's code and
 * the runtime that hydrates them, built beside the app's client into the same assets folder.
 * They run on Preact (preact/compat standing in for React; decision 0019); the server still
 * renders them with React. ISLANDS_RUNTIME=react builds them with React instead, to compare.
 */
const runtime = process.env.ISLANDS_RUNTIME === 'react' ? 'react' : 'preact';
const preactDir = join(import.meta.dirname, 'node_modules', 'preact');

function preactAliases(dir: string): Alias[] {
  const compat = join(dir, 'compat', 'dist', 'compat.module.js');
  return [
    { find: /^react$/, replacement: compat },
    { find: /^react-dom$/, replacement: compat },
    { find: /^react-dom\/client$/, replacement: join(dir, 'compat', 'client.mjs') },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: join(dir, 'jsx-runtime', 'dist', 'jsxRuntime.module.js') },
    { find: /^preact$/, replacement: join(dir, 'dist', 'preact.module.js') },
  ];
}

/**
 * Preact runs effects after the next animation frame; an island's carousel starts its timer in
 * an effect, and tests pause the clock (and so the frames). Effects run in a microtask after the
 * commit instead, as React flushes them after a click: a Play button's timer is running by the
 * time the click's task ends, not one task later.
 */
const PREACT_SETUP = `import { options } from 'preact';
options.requestAnimationFrame = (flush) => queueMicrotask(flush);`;

function runtimeSetup(): Plugin {
  const id = '\0islands-runtime-setup';
  return {
    name: 'islands-runtime-setup',
    resolveId: (source) => (source === 'virtual:islands-runtime-setup' ? id : null),
    load: (source) => (source === id ? (runtime === 'preact' ? PREACT_SETUP : 'export {};') : null),
  };
}

export default defineConfig({
  plugins: [react(), runtimeSetup()],
  resolve: { alias: runtime === 'preact' ? preactAliases(preactDir) : [] },
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    sourcemap: false,
    manifest: '.vite/islands-manifest.json',
    rollupOptions: { input: { islands: 'src/client/islands/loader.ts' } },
  },
});
