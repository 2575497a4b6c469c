import { join } from 'node:path';
import type { Alias, Plugin } from 'vite';

/**
 * Preact 10 with preact/compat standing in for React in a client build (decisions 0019 and 0025):
 * the public pages' islands and the app. The server still renders everything with React.
 */
const preactDir = join(import.meta.dirname, 'node_modules', 'preact');

/** react, react-dom, react-dom/client and the JSX runtime resolved to Preact's. */
export function preactAliases(): Alias[] {
  const compat = join(preactDir, 'compat', 'dist', 'compat.module.js');
  return [
    { find: /^react$/, replacement: compat },
    { find: /^react-dom$/, replacement: compat },
    { find: /^react-dom\/client$/, replacement: join(preactDir, 'compat', 'client.mjs') },
    { find: /^react\/jsx-(dev-)?runtime$/, replacement: join(preactDir, 'jsx-runtime', 'dist', 'jsxRuntime.module.js') },
    { find: /^preact$/, replacement: join(preactDir, 'dist', 'preact.module.js') },
  ];
}

/** The client's zod: configured to parse without eval before any schema is built (see the file). */
export const clientZod: Alias = { find: /^zod$/, replacement: join(import.meta.dirname, 'src', 'client', 'lib', 'zod-configured.ts') };

/**
 * `import 'virtual:runtime-setup'`: the given module when the build runs on Preact (its tuning of
 * Preact's options), nothing when it runs on React.
 */
export function runtimeSetup(setupFile: string | null): Plugin {
  const id = '\0runtime-setup';
  return {
    name: 'runtime-setup',
    resolveId: (source) => (source === 'virtual:runtime-setup' ? id : null),
    load: (source) => (source === id ? (setupFile ? `import ${JSON.stringify(setupFile)};` : 'export {};') : null),
  };
}
