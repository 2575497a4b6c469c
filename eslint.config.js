// Flat config (ESLint 9). TypeScript's recommended rules without type information (fast),
// React hook rules for the client, and the dependency rules of STYLE.md: client and server never
// import each other, and src/shared imports neither.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['dist/**', '.cache/**', 'node_modules/**', 'test-results/**', 'data/**', 'drizzle/**', 'playwright-report/**'],
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
