import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
    sourcemap: false,
    // Read by scripts/build.mjs to preload each prerendered page's own chunk; deleted after.
    manifest: true,
  },
  server: {
    port: 5000,
    proxy: { '/api': 'http://127.0.0.1:5001', '/healthz': 'http://127.0.0.1:5001', '/readyz': 'http://127.0.0.1:5001' },
  },
});
