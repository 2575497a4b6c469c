// Flat config (ESLint 9). TypeScript's recommended rules without type information (fast),
// React hook rules for the client, and the dependency rules of STYLE.md: client and server never
// import each other, src/shared imports neither, features never import each other, and the
// server's domains keep their house (docs/decisions/0017-server-by-domain.md).
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

// One zone per feature folder, read from disk so a new feature is held to the rule at once.
const features = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./src/client/features/${name}`,
  from: './src/client/features',
  except: [`./${name}`],
  message: 'Features never import each other: compose them in src/client/app, and move what both need to src/client/components, src/client/lib or src/shared.',
}));

// The server's domains: each folder of src/server with an entry file (index.ts), read from disk so
// a new domain is held to the rules at once. Outside a domain, only its entry file may be imported.
const serverDir = new URL('./src/server/', import.meta.url);
const domains = readdirSync(serverDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && readdirSync(new URL(`${entry.name}/`, serverDir)).includes('index.ts'))
  .map((entry) => entry.name);
const domainZones = domains.map((name) => ({
  target: [`./src/server/!(${name})/**`, './src/server/*.ts'],
  from: `./src/server/${name}`,
  except: ['./index.ts'],
  message: `A domain reaches another only through its entry file: import from src/server/${name}/index.ts (export what is needed there).`,
}));
// Server flow is one way: routes -> services -> repositories. Routes never query.
const layerZones = [
  {
    target: './src/server/*/routes/**',
    from: ['./src/server/*/repositories/**', './src/server/db/schema.*'],
    message: 'Routes never query: call a service, which calls the repository.',
  },
];

export default tseslint.config(
  {
    ignores: ['dist/**', 'dist-*/**', 'test-results-*/**', '.cache/**', 'node_modules/**', 'test-results/**', 'data/**', 'drizzle/**', 'playwright-report/**'],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/client', from: './src/server', message: 'The client may not import server code; move what both need to src/shared.' },
            { target: './src/server', from: './src/client', message: 'The server may not import client code; move what both need to src/shared.' },
            { target: './src/shared', from: ['./src/client', './src/server'], message: 'src/shared is imported by both sides and imports neither.' },
            ...featureZones,
            ...domainZones,
            ...layerZones,
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'scripts/**/*.{js,mjs}'],
    rules: {
      // A string replacement is a pattern: `$``, `$&` and `$'` in data splice parts of the subject
      // back in (a review once copied the page template into itself). Data goes in through a function.
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.property.name=/^replace(All)?$/][arguments.length=2]:not([arguments.1.type='Literal']):not([arguments.1.type='ArrowFunctionExpression']):not([arguments.1.type='FunctionExpression'])",
          message: "replace()'s second argument is a pattern ($`, $&, $' ...): pass a string literal, or a function returning the text.",
        },
      ],
    },
  },
  {
    // Services (rules), email templates and repositories know nothing of HTTP: no Fastify, no HTTP plugins.
    files: ['src/server/*/services/**/*.ts', 'src/server/*/emails/**/*.ts', 'src/server/*/repositories/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', 'fastify-*', '@fastify/*'], message: 'Services never see HTTP: take plain values and return results; the route speaks HTTP.' },
            { group: ['**/plugins/*'], message: 'Services never import the HTTP plugins: move what both need into a service.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // Tests read loosely typed JSON replies.
    files: ['tests/**/*.ts', 'e2e/**/*.ts', '**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
);
