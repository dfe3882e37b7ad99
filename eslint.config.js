// One lint config for every workspace: strict TypeScript, no `any`, React hooks rules in the web app.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import ridgeline from './eslint-rules/boundaries.js';
import usEnglish from './eslint-rules/us-english.js';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/test-results/**', '**/playwright-report/**', 'apps/server/src/infra/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-non-null-assertion': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-invalid-void-type': 'off',
    },
  },
  {
    // The layers of docs/ARCHITECTURE.md: features never import each other, middleware and infra
    // never import features, lib never imports infra. eslint-rules/boundaries.test.ts proves it bites.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    plugins: { ridgeline },
    rules: { 'ridgeline/boundaries': 'error' },
  },
  {
    // No import cycle: a module never reaches itself again through what it imports (type-only
    // imports aside, they leave nothing at run time). eslint-rules/import-cycles.test.ts proves it bites.
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] })],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
  {
    // The server's lib/ knows no framework: Node's own modules, the shared package, zod, the logger
    // (pino) and its own files only; what needs Hono, better-auth, drizzle, pg or another adapter
    // lives in http/ or infra/.
    files: ['apps/server/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!\\.|node:|@ridgeline/shared/|(zod|pino|vitest)(/|$))',
              message: 'lib/ imports no framework or adapter: move the code that needs it to http/ or infra/.',
            },
          ],
        },
      ],
    },
  },
  {
    // The server reads images through infra/images only: every input gets the pixel budget as
    // sharp's limitInputPixels. Tests make their images with sharp directly.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/infra/images/images.ts', 'apps/server/src/**/*.test.ts', 'apps/server/src/infra/pdf/pdf-test-kit.ts', 'apps/server/src/test/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: 'sharp', message: 'Use imagePipeline or readImageHeader from infra/images (the pixel budget).', allowTypeImports: true }] },
      ],
    },
  },
  {
    // The words a user reads (strings and JSX text of the product, not its tests) are US English.
    // eslint-rules/us-english.test.ts proves it bites.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/*/src/test/**'],
    plugins: { words: usEnglish },
    rules: { 'words/us-english': 'error', 'words/claim-file': 'error' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use the API client in src/lib/api-client.ts.' }],
    },
  },
  {
    files: ['apps/web/src/lib/api-client.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off' },
  },
);
