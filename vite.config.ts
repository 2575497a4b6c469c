import { join } from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { clientZod, preactAliases, runtimeSetup } from './vite.preact.ts';

/**
 * The app's client (and, with --ssr, the server's renderer). The built client runs on Preact
 * (preact/compat standing in for React; decision 0025); the server renders with React, and so
 * does `npm run dev` (React's Fast Refresh). APP_RUNTIME=react builds the client with React, to
 * compare.
 */
const onPreact = process.env.APP_RUNTIME !== 'react';

export default defineConfig(({ command, isSsrBuild }) => {
  const preact = onPreact && command === 'build' && !isSsrBuild;
  return {
    plugins: [react(), tailwindcss(), runtimeSetup(preact ? join(import.meta.dirname, 'src/client/runtime/preact-app.ts') : null)],
    resolve: { alias: isSsrBuild ? [] : [clientZod, ...(preact ? preactAliases() : [])] },
    build: {
      outDir: 'dist/client',
      emptyOutDir: true,
      sourcemap: false,
      // Read by scripts/build.mjs for the owner's app's precache list; deleted after.
      manifest: true,
      rollupOptions: {
        // The preload helper in a chunk of its own: in the entry chunk, every lazy chunk would import
        // the entry and so list its stylesheet (inlined into the page) to fetch again.
        output: { manualChunks: (id) => (id.includes('vite/preload-helper') ? 'preload-helper' : undefined) },
        // React Router looks up React's `use` and `useOptimistic` and does without them when absent (Preact).
        onwarn(warning, warn) {
          if (preact && warning.code === 'IMPORT_IS_UNDEFINED' && /\b(use|useOptimistic)\b/.test(warning.message) && /react-router/.test(warning.message + (warning.id ?? ''))) return;
          warn(warning);
        },
      },
    },
    server: {
      port: 5000,
      proxy: { '/api': 'http://127.0.0.1:5001', '/healthz': 'http://127.0.0.1:5001', '/readyz': 'http://127.0.0.1:5001' },
    },
  };
});
