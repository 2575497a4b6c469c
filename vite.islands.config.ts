import { join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { clientZod, preactAliases, runtimeSetup } from './vite.preact.ts';

/**
 * The public pages' islands: their loader (src/client/islands/loader.ts), each island's code and
 * the runtime that hydrates them, built beside the app's client into the same assets folder.
 * They run on Preact (preact/compat standing in for React; decision 0019); the server still
 * renders them with React. ISLANDS_RUNTIME=react builds them with React instead, to compare.
 */

const runtime = process.env.ISLANDS_RUNTIME === 'react' ? 'react' : 'preact';
export default defineConfig({
  plugins: [react(), runtimeSetup(runtime === 'preact' ? join(import.meta.dirname, 'src/client/runtime/preact-islands.ts') : null)],
  resolve: { alias: [clientZod, ...(runtime === 'preact' ? preactAliases() : [])] },
  publicDir: false,
  build: {
    outDir: 'dist/client',
    emptyOutDir: false,
    sourcemap: false,
    manifest: '.vite/islands-manifest.json',
    rollupOptions: { input: { islands: 'src/client/islands/loader.ts' } },
  },
});
